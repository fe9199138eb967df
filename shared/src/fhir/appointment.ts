import { z } from 'zod';
import {
  APPOINTMENT_STATUSES,
  DEFAULT_PARTICIPATION_STATUS,
  PARTICIPATION_STATUSES,
  SEDATION_LEVELS,
} from '../enums.js';
import type { AppointmentStatus, ParticipationStatus, SedationLevel } from '../enums.js';
import {
  codeableConceptSchema,
  codedChoice,
  domainResourceShape,
  extensionsOf,
  FHIR_MESSAGES,
  fhirInstant,
  fhirString,
  identifierSchema,
  periodSchema,
  referenceId,
  referenceSchema,
  vigilExtension,
  vigilSystem,
  type CodeableConcept,
  type DomainResourceBase,
  type Extension,
  type Identifier,
  type Period,
  type Reference,
} from './common.js';
import type { ResourceDefinition } from './definition.js';

/** One participant: the patient, the primary provider or the location (room). */
export interface AppointmentParticipant {
  type?: CodeableConcept[];
  actor?: Reference;
  required?: 'required' | 'optional' | 'information-only';
  status: ParticipationStatus;
  period?: Period;
}

/**
 * Appointment (spec 001 §3): status, start, end, description, patient, primary provider and
 * location as participants (default status tentative), the case composition, the report PDF,
 * sedation level, tasks and arStatus as Vigil extensions.
 */
export interface Appointment extends DomainResourceBase {
  resourceType: 'Appointment';
  identifier?: Identifier[];
  status: AppointmentStatus;
  serviceType?: CodeableConcept[];
  appointmentType?: CodeableConcept;
  description?: string;
  start?: string;
  end?: string;
  minutesDuration?: number;
  created?: string;
  comment?: string;
  /** Why it was cancelled (FHIR R4; issue 40: the desk's reason as `text`). */
  cancelationReason?: CodeableConcept;
  participant: AppointmentParticipant[];
}

export const APPOINTMENT_EXTENSIONS = {
  /** valueCode: local | minimal | moderate | deep | ga. */
  sedationLevel: vigilExtension('appointment-sedation-level'),
  /** valueReference: Composition/{compositionId} (the anesthesia record). */
  composition: vigilExtension('appointment-composition'),
  /** valueReference: Binary/{pdfId} (the signed report). */
  pdf: vigilExtension('appointment-pdf'),
  /** valueReference: Binary/{visionPdfId}. */
  visionPdf: vigilExtension('appointment-vision-pdf'),
  /** valueString: arStatus. */
  arStatus: vigilExtension('appointment-ar-status'),
  /** Complex: one per task, nested id, type, extId, fhirRef, title, status, statusText (valueString each). */
  task: vigilExtension('appointment-task'),
  /** Complex: the desk's NPO instructions mark (issue 40 pre-op list, PRE5): byId, byName, at (valueString each). */
  npo: vigilExtension('appointment-npo'),
} as const;
export const APPOINTMENT_VISION_ID_SYSTEM = vigilSystem('vision-id');

/** A form task of an appointment (spec 001 §3; spec 000 §3: status 'sent' after sending). */
export interface AppointmentTask {
  id: string;
  type: string;
  status: string;
  title?: string;
  extId?: string;
  fhirRef?: string;
  statusText?: string;
}
const TASK_FIELDS = ['id', 'type', 'extId', 'fhirRef', 'title', 'status', 'statusText'] as const;
const TASK_REQUIRED = ['id', 'type', 'status'] as const;

/** The task of one task extension, or null when its fields are not valid (spec 001 §5). */
export function taskFromExtension(extension: Extension): AppointmentTask | null {
  if (Object.keys(extension).some((k) => k.startsWith('value'))) return null;
  const task: Record<string, string> = {};
  for (const field of extension.extension ?? []) {
    const keys = Object.keys(field).filter((k) => k !== 'url');
    const value = field.valueString;
    if (!(TASK_FIELDS as readonly string[]).includes(field.url) || keys.length !== 1 || keys[0] !== 'valueString') {
      return null;
    }
    if (typeof value !== 'string' || value.trim() === '' || field.url in task) return null;
    task[field.url] = value;
  }
  return TASK_REQUIRED.every((f) => f in task) ? (task as unknown as AppointmentTask) : null;
}

export function taskToExtension(task: AppointmentTask): Extension {
  return {
    url: APPOINTMENT_EXTENSIONS.task,
    extension: TASK_FIELDS.filter((f) => task[f] !== undefined && task[f] !== '').map((f) => ({
      url: f,
      valueString: task[f]!,
    })),
  };
}

/** The appointment's tasks (invalid entries skipped). */
export function appointmentTasks(appointment: Appointment): AppointmentTask[] {
  return extensionsOf(appointment, APPOINTMENT_EXTENSIONS.task)
    .map(taskFromExtension)
    .filter((t): t is AppointmentTask => t !== null);
}

/** The appointment with its tasks replaced. */
export function withAppointmentTasks(appointment: Appointment, tasks: readonly AppointmentTask[]): Appointment {
  const others = (appointment.extension ?? []).filter((e) => e.url !== APPOINTMENT_EXTENSIONS.task);
  return { ...appointment, extension: [...others, ...tasks.map(taskToExtension)] };
}

const participantSchema = z.lazy(() =>
  z.strictObject({
    type: z.array(codeableConceptSchema).optional(),
    actor: referenceSchema.optional(),
    required: codedChoice(['required', 'optional', 'information-only']).optional(),
    status: codedChoice(PARTICIPATION_STATUSES),
    period: periodSchema.optional(),
  }),
);

export const appointmentSchema: z.ZodType<Appointment> = z.lazy(() =>
  z
    .strictObject({
      ...domainResourceShape,
      resourceType: z.literal('Appointment'),
      identifier: z.array(identifierSchema).optional(),
      status: codedChoice(APPOINTMENT_STATUSES),
      serviceType: z.array(codeableConceptSchema).optional(),
      appointmentType: codeableConceptSchema.optional(),
      description: fhirString.optional(),
      start: fhirInstant().optional(),
      end: fhirInstant().optional(),
      minutesDuration: z.number().int().positive().optional(),
      created: z.string().optional(),
      comment: fhirString.optional(),
      cancelationReason: codeableConceptSchema.optional(),
      participant: z.array(participantSchema).min(1),
    })
    .superRefine((a, ctx) => {
      // FHIR R4 app-2: either start and end are specified, or neither.
      if ((a.start === undefined) !== (a.end === undefined)) {
        ctx.addIssue({ code: 'custom', message: 'Either start and end are specified, or neither', path: ['end'] });
      }
      // FHIR R4 app-3: only proposed or cancelled appointments can be missing start/end dates.
      if (a.start === undefined && a.status !== 'proposed' && a.status !== 'cancelled' && a.status !== 'waitlist') {
        ctx.addIssue({
          code: 'custom',
          message: 'Only proposed or cancelled appointments can be missing start/end dates',
          path: ['start'],
        });
      }
      if (a.start !== undefined && a.end !== undefined && Date.parse(a.end) < Date.parse(a.start)) {
        ctx.addIssue({ code: 'custom', message: 'The end must not be before the start', path: ['end'] });
      }
      (a.extension ?? []).forEach((e, index) => {
        if (e.url === APPOINTMENT_EXTENSIONS.task && taskFromExtension(e) === null) {
          ctx.addIssue({ code: 'custom', message: FHIR_MESSAGES.invalidTask, path: ['extension', index] });
        }
        if (
          e.url === APPOINTMENT_EXTENSIONS.sedationLevel &&
          !(SEDATION_LEVELS as readonly unknown[]).includes(e.valueCode)
        ) {
          ctx.addIssue({
            code: 'custom',
            message: FHIR_MESSAGES.invalidValue,
            path: ['extension', index, 'valueCode'],
          });
        }
      });
    }),
);

/** The first participant's actor id of a resource type (Patient, Practitioner, Location). */
export function appointmentActorId(
  appointment: Appointment,
  type: 'Patient' | 'Practitioner' | 'Location',
): string | null {
  for (const p of appointment.participant) {
    const id = referenceId(p.actor, type);
    if (id !== null) return id;
  }
  return null;
}

/** The sedation level extension, or null. */
export function appointmentSedationLevel(appointment: Appointment): SedationLevel | null {
  const value = extensionsOf(appointment, APPOINTMENT_EXTENSIONS.sedationLevel)[0]?.valueCode;
  return (SEDATION_LEVELS as readonly unknown[]).includes(value) ? (value as SedationLevel) : null;
}

export const APPOINTMENT: ResourceDefinition<Appointment> = {
  resourceType: 'Appointment',
  schema: appointmentSchema,
  idPrefix: 'apt',
  patientData: true,
  // Spec 001 §3: participants default to status tentative.
  normalize: (a) =>
    Array.isArray(a.participant)
      ? {
          ...a,
          participant: a.participant.map((p) =>
            p && typeof p === 'object' && p.status === undefined ? { ...p, status: DEFAULT_PARTICIPATION_STATUS } : p,
          ),
        }
      : a,
  // The patient of a case stays; provider and room may be removed.
  protectedReferences: (a) => {
    const patient = appointmentActorId(a, 'Patient');
    const composition = extensionsOf(a, APPOINTMENT_EXTENSIONS.composition)[0]?.valueReference as Reference | undefined;
    return {
      ...(patient ? { patient: `Patient/${patient}` } : {}),
      ...(composition?.reference ? { composition: composition.reference } : {}),
    };
  },
};
