import {
  appointmentTasks,
  NO_KNOWN_ALLERGY,
  ORG_TAG_SYSTEM,
  PHYSICAL_ATTRIBUTE_CODES,
  TASK_OPENED_STATUS,
  UCUM_SYSTEM,
  withAppointmentNpo,
  withAppointmentTasks,
  type AllergyIntolerance,
  type Appointment,
  type AppointmentTask,
  type FhirResource,
  type Observation,
} from '@vigil/shared';
import { DEMO_FORMS } from '../forms/demo.js';
import { FORM_TASK_TYPE, TASK_STATUS } from '../forms/tasks.js';
import type { ResourceStore } from '../store/resources/types.js';

const DAY = 86_400_000;

/** The demo office's coming visits the pre-op list shows (fhir/demo-seed.ts MONTH: days +1, +2, +4). */
export const DEMO_PREOP = {
  /** Ethan Brooks, tomorrow: ready (his history signed 12 days ago, hhx/demo.ts). */
  ready: { appointmentId: 'apt-demo0000000013', patientId: 'pat-demo0000000006' },
  /** Linda Adeyemi, in 2 days: a consent not sent yet, nothing else on file. */
  consentMissing: { appointmentId: 'apt-demo0000000014', patientId: 'pat-demo0000000011' },
  /** Maya Patel, in 4 days: her consent opened, NKDA recorded by the desk, a weight 45 days old. */
  opened: { appointmentId: 'apt-demo0000000015', patientId: 'pat-demo0000000007' },
} as const;

function weight(id: string, patientId: string, kg: number, at: number): Observation & { id: string } {
  return {
    resourceType: 'Observation',
    id,
    status: 'final',
    code: { coding: [{ ...PHYSICAL_ATTRIBUTE_CODES.panel }] },
    subject: { reference: `Patient/${patientId}` },
    effectiveDateTime: new Date(at).toISOString(),
    component: [
      {
        code: { coding: [{ ...PHYSICAL_ATTRIBUTE_CODES.weight }] },
        valueQuantity: { value: kg, unit: 'kg', system: UCUM_SYSTEM, code: 'kg' },
      },
    ],
  };
}

const consentTask = (id: string, status: string, statusText?: string): AppointmentTask => ({
  id,
  type: FORM_TASK_TYPE,
  status,
  extId: DEMO_FORMS.consent,
  title: 'Sedation consent',
  ...(statusText ? { statusText } : {}),
});

/**
 * Seeds what the pre-op list (issue 40) shows on the demo office's coming visits: Ethan
 * tomorrow ready (a weight yesterday, the NPO instructions given), Linda with a consent not sent,
 * Maya with her consent opened, NKDA and an old weight. Harold (in 6 days) has nothing on file.
 * Runs after the forms' seed; never overwrites.
 */
export async function seedDemoPreop(
  resources: ResourceStore,
  orgId: string,
  now: Date,
  author: { userId: string; name: string },
): Promise<void> {
  const t = now.getTime();
  const iso = now.toISOString();
  const tag = <T extends FhirResource & { id: string }>(r: T): T => ({
    ...r,
    meta: { tag: [{ system: ORG_TAG_SYSTEM, code: orgId }] },
  });
  const nkda: AllergyIntolerance & { id: string } = {
    resourceType: 'AllergyIntolerance',
    id: 'alg-demonkda00000',
    patient: { reference: `Patient/${DEMO_PREOP.opened.patientId}` },
    code: { ...NO_KNOWN_ALLERGY, coding: [...NO_KNOWN_ALLERGY.coding] },
    recordedDate: new Date(t - DAY).toISOString(),
    note: [{ text: 'Source: desk' }],
  };
  const created: (FhirResource & { id: string })[] = [
    weight('obs-demopreopw001', DEMO_PREOP.ready.patientId, 52.4, t - DAY),
    weight('obs-demopreopw002', DEMO_PREOP.opened.patientId, 61, t - 45 * DAY),
    nkda,
  ];
  const edits: [string, (a: Appointment) => Appointment][] = [
    [
      DEMO_PREOP.ready.appointmentId,
      (a) =>
        withAppointmentNpo(a, {
          byId: author.userId,
          byName: author.name,
          at: new Date(t - 2 * 3_600_000).toISOString(),
        }),
    ],
    [
      DEMO_PREOP.consentMissing.appointmentId,
      (a) => withAppointmentTasks(a, [...appointmentTasks(a), consentTask('task-demopreop001', TASK_STATUS.requested)]),
    ],
    [
      DEMO_PREOP.opened.appointmentId,
      (a) =>
        withAppointmentTasks(a, [
          ...appointmentTasks(a),
          consentTask('task-demopreop002', TASK_OPENED_STATUS, 'Opened by the patient'),
        ]),
    ],
  ];
  await resources.transaction(async () => {
    for (const r of created) {
      if (!(await resources.read(orgId, r.resourceType, r.id))) await resources.write({ orgId, resource: tag(r) }, iso);
    }
    for (const [id, edit] of edits) {
      const stored = await resources.read(orgId, 'Appointment', id);
      const appointment = stored?.resource as Appointment | null | undefined;
      // Seeded once: an appointment already carrying the demo's mark or task is left alone.
      if (
        !appointment ||
        JSON.stringify(appointment).includes('demopreop') ||
        JSON.stringify(appointment).includes('appointment-npo')
      )
        continue;
      await resources.write({ orgId, resource: { ...edit(appointment), id } }, iso);
    }
  });
}
