import {
  appointmentTasks,
  CONTRACT_APPOINTMENT_EXTENSION,
  CONTRACT_EXTENSIONS,
  EDIT_STATUS_EXTENSION,
  encodePng,
  ORG_TAG_SYSTEM,
  patientDisplayName,
  PRACTITIONER_USER_SYSTEM,
  SIGNATURE_TYPE,
  withAppointmentTasks,
  type Appointment,
  type Communication,
  type Contract,
  type FhirResource,
} from '@vigil/shared';
import type { OrgFormStore } from '../store/forms/types.js';
import type { OrgStore } from '../store/orgs/types.js';
import type { ResourceStore } from '../store/resources/types.js';
import { FORM_TASK_TYPE, TASK_STATUS } from './tasks.js';

/** The demo office's forms, tasks, signed contract and comments (issue 28). */
export const DEMO_FORMS = {
  consent: 'frm-democonsent000',
  preOp: 'frm-demopreop00000',
  contract: 'ctr-democonsent000',
} as const;

const CONSENT_MARKDOWN = `# Consent for dental treatment under sedation

I, **{{signerName}}**, consent to dental treatment under intravenous moderate sedation.

- I will have **nothing to eat for 8 hours** and nothing to drink for 2 hours before my visit.
- A responsible adult will drive me home and stay with me for the rest of the day.
- I have told the office about every medicine I take and every allergy I have.

The risks (nausea, bruising at the IV site, a reaction to a medicine) and the alternatives were explained to me.`;

const PRE_OP_MARKDOWN = `# Before your visit

1. Nothing to eat after midnight; clear fluids until 2 hours before.
2. Take your usual morning medicines with a sip of water unless told otherwise.
3. Wear loose clothing with short sleeves.`;

/** A small PNG (a signature-like stroke on white) so the demo contract prints a signature. */
function demoSignaturePng(width = 240, height = 60): string {
  const onStroke = (x: number, y: number): boolean =>
    x >= 10 && x < width - 10 && Math.abs(Math.round(height / 2 + Math.sin(x / 14) * (height / 4)) - y) <= 1;
  return Buffer.from(encodePng(width, height, (x, y) => (onStroke(x, y) ? [20, 20, 20] : [255, 255, 255]))).toString(
    'base64',
  );
}

type Deps = { forms: OrgFormStore; resources: ResourceStore; orgs: OrgStore };
type Author = { userId: string; practitionerId: string; name: string };

/**
 * Seeds the demo office's forms (a sedation consent with a signature, pre-op instructions as a
 * text form), the form builder on, a sent task on today's first appointment, a signed contract
 * with its completed task on the second, and two comments on the first patient. Never overwrites.
 */
export async function seedDemoForms(deps: Deps, orgId: string, now: Date, author: Author): Promise<void> {
  await seedFormDefinitions(deps, orgId, now.getTime(), author);
  const iso = now.toISOString();
  const tag = (r: FhirResource & { id: string }): FhirResource & { id: string } => ({
    ...r,
    meta: { tag: [{ system: ORG_TAG_SYSTEM, code: orgId }] },
  });
  const sentOn = 'apt-demo0000000001';
  const signedOn = 'apt-demo0000000002';
  await deps.resources.transaction(async () => {
    for (const [appointmentId, task] of [
      [
        sentOn,
        {
          id: 'task-demosent0000',
          type: FORM_TASK_TYPE,
          status: TASK_STATUS.sent,
          extId: DEMO_FORMS.consent,
          title: 'Sedation consent',
          statusText: 'Sent by SMS to +14155550100',
        },
      ],
      [
        signedOn,
        {
          id: 'task-demosigned00',
          type: FORM_TASK_TYPE,
          status: TASK_STATUS.completed,
          extId: DEMO_FORMS.consent,
          title: 'Sedation consent',
          statusText: 'Completed by the patient',
          fhirRef: `Contract/${DEMO_FORMS.contract}`,
        },
      ],
    ] as const) {
      const stored = await deps.resources.read(orgId, 'Appointment', appointmentId);
      const appointment = stored?.resource as Appointment | null | undefined;
      if (!appointment || appointmentTasks(appointment).some((t) => t.id === task.id)) continue;
      const next = withAppointmentTasks(appointment, [...appointmentTasks(appointment), task]);
      await deps.resources.write({ orgId, resource: { ...next, id: appointmentId } }, iso);
      if (task.status !== TASK_STATUS.completed) continue;
      const patient = appointment.participant.find((p) => p.actor?.reference?.startsWith('Patient/'))?.actor?.reference;
      if (!patient || (await deps.resources.read(orgId, 'Contract', DEMO_FORMS.contract))) continue;
      const patientResource = (await deps.resources.read(orgId, 'Patient', patient.slice('Patient/'.length)))?.resource;
      const name = patientResource?.resourceType === 'Patient' ? patientDisplayName(patientResource) : 'The patient';
      const contract = demoContract({ patient, name, appointmentId: signedOn, taskId: task.id, now });
      await deps.resources.write({ orgId, resource: tag(contract) }, iso);
    }
    for (const c of demoComments('pat-demo0000000001', sentOn, now, author)) {
      if (await deps.resources.read(orgId, 'Communication', c.id)) continue;
      await deps.resources.write({ orgId, resource: tag(c) }, iso);
    }
  });
}

/** The consent and pre-op forms, and the form builder flag on (each only when missing). */
async function seedFormDefinitions(deps: Deps, orgId: string, at: number, author: Author): Promise<void> {
  if (!(await deps.forms.get(orgId, DEMO_FORMS.consent))) {
    await deps.forms.create({
      id: DEMO_FORMS.consent,
      orgId,
      createdBy: author.userId,
      at,
      type: 'patientContract',
      name: 'Sedation consent',
      markdown: CONSENT_MARKDOWN,
      challenge: true,
      addToAll: false,
      fields: [
        { name: 'signerName', label: 'Signer Name', type: 'text', required: true },
        { name: 'signature', label: 'Signature', type: 'signature', required: true },
      ],
    });
  }
  if (!(await deps.forms.get(orgId, DEMO_FORMS.preOp))) {
    await deps.forms.create({
      id: DEMO_FORMS.preOp,
      orgId,
      createdBy: author.userId,
      at: at + 1,
      type: 'textBody',
      name: 'Pre-op instructions',
      markdown: PRE_OP_MARKDOWN,
      challenge: false,
      addToAll: false,
      fields: [],
    });
  }
  if ((await deps.orgs.features(orgId)).formBuilder !== true) {
    await deps.orgs.setFeature(
      orgId,
      'formBuilder',
      true,
      author.userId,
      { at, ip: null, userAgent: 'demo seed' },
      { action: 'orgFeatureAdded', userId: author.userId, detail: { featureName: 'formBuilder', demo: true } },
    );
  }
}

/** The consent the patient of `appointmentId` signed, as the patient's submission stores it. */
function demoContract(c: {
  patient: string;
  name: string;
  appointmentId: string;
  taskId: string;
  now: Date;
}): Contract & { id: string } {
  const iso = c.now.toISOString();
  const who = { reference: c.patient, display: c.name };
  return {
    resourceType: 'Contract',
    id: DEMO_FORMS.contract,
    status: 'executed',
    legalState: {
      coding: [{ system: 'http://terminology.hl7.org/CodeSystem/contract-legalstate', code: 'executed' }],
      text: 'Signed',
    },
    version: iso,
    issued: iso,
    title: 'Sedation consent',
    subject: [{ reference: c.patient }],
    extension: [
      { url: CONTRACT_APPOINTMENT_EXTENSION, valueReference: { reference: `Appointment/${c.appointmentId}` } },
      { url: CONTRACT_EXTENSIONS.form, valueString: DEMO_FORMS.consent },
      { url: CONTRACT_EXTENSIONS.task, valueString: c.taskId },
      { url: CONTRACT_EXTENSIONS.values, valueString: JSON.stringify({ signerName: c.name }) },
      { url: CONTRACT_EXTENSIONS.labels, valueString: JSON.stringify({ signerName: 'Signer Name' }) },
    ],
    signer: [
      {
        type: SIGNATURE_TYPE,
        party: who,
        signature: [{ type: [SIGNATURE_TYPE], when: iso, who, sigFormat: 'image/png', data: demoSignaturePng() }],
      },
    ],
    legal: [
      {
        contentAttachment: {
          contentType: 'text/markdown',
          title: 'Sedation consent',
          data: Buffer.from(CONSENT_MARKDOWN.replace('{{signerName}}', c.name), 'utf8').toString('base64'),
        },
      },
    ],
  };
}

/** Two comments on the patient, one about the appointment, one edited. */
function demoComments(
  patientId: string,
  appointmentId: string,
  now: Date,
  author: Author,
): (Communication & { id: string })[] {
  const at = now.getTime();
  const sender = {
    reference: `Practitioner/${author.practitionerId}`,
    identifier: { system: PRACTITIONER_USER_SYSTEM, value: author.userId },
    display: author.name,
  };
  return [
    {
      resourceType: 'Communication',
      id: 'com-demonote00001',
      status: 'completed',
      subject: { reference: `Patient/${patientId}` },
      about: [{ reference: `Appointment/${appointmentId}` }],
      sent: new Date(at - 2 * 86_400_000).toISOString(),
      sender,
      payload: [{ contentString: 'Anxious about needles; numbing cream before the IV helped last time.' }],
    },
    {
      resourceType: 'Communication',
      id: 'com-demonote00002',
      status: 'completed',
      subject: { reference: `Patient/${patientId}` },
      sent: new Date(at - 86_400_000).toISOString(),
      sender,
      payload: [{ contentString: 'Escort confirmed by phone: her sister drives her home.' }],
      extension: [{ url: EDIT_STATUS_EXTENSION, valueCode: 'edited' }],
    },
  ];
}
