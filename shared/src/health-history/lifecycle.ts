import { z } from 'zod';
import type { Issue } from '../case-data/issue.js';
import type { AllergyIntolerance } from '../fhir/allergy-intolerance.js';
import { vigilSystem } from '../fhir/common.js';
import type { MedicationStatement } from '../fhir/medication-statement.js';
import { PATIENT_HISTORY_FIELDS, healthHistorySchema } from './schema.js';

/**
 * A health history's life on the server (spec 001 §3, spec 002 §4, §5, §6): its content checked,
 * seeded from a case, signed or marked complete, copied for an update, and its allergies and
 * medications kept as the patient's resources. Pure: the server's hhx service calls these.
 */

/** A deep copy of JSON content (the document's content is JSON). */
const clone = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

/** Issue code of a health history content that breaks its schema ([HD1]). */
export const INVALID_HEALTH_HISTORY = 'INVALID_HEALTH_HISTORY';

/** [HD1] The document's content checked with healthHistorySchema ([HH13]); one issue per field path. */
export function validateHealthHistory(content: unknown): Issue[] {
  const parsed = healthHistorySchema.safeParse(content ?? {});
  if (parsed.success) return [];
  const out: Issue[] = [];
  const seen = new Set<string>();
  for (const i of parsed.error.issues) {
    const path = i.path.map((p) => (typeof p === 'number' ? p : String(p)));
    const key = path.join('.');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ severity: 'error', code: INVALID_HEALTH_HISTORY, path, message: i.message });
  }
  return out;
}

/**
 * [HD2] A health history started from a case ('hhxCaseExtract') starts with the case's
 * patient-history fields (PATIENT_HISTORY_FIELDS, the same names in both): those the case holds
 * (not null or undefined), nothing else.
 */
export function seedFromCase(caseContent: unknown): Record<string, unknown> {
  const source = (caseContent ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of PATIENT_HISTORY_FIELDS) {
    const value = source[key];
    if (value !== undefined && value !== null) out[key] = clone(value);
  }
  return out;
}

/** The fields a signature or a mark-complete writes (spec 002 §3, §4). */
export const SIGNING_FIELDS = [
  'finalReportSignature',
  'finalReportSignatureTime',
  'finalReportSignerName',
  'markedCompleteTime',
  'markedCompleteByName',
] as const;

/**
 * [HD3] "Update Health History" (spec 002 §4): the copy starts from the signed history's content
 * without its signature, its mark-complete and its skipped sections (the new history is
 * reviewed afresh); every other field is kept.
 */
export const COPY_DROPPED_FIELDS: readonly string[] = [...SIGNING_FIELDS, 'skippedSections'];

export function copyForUpdate(content: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = { ...((content ?? {}) as Record<string, unknown>) };
  for (const key of COPY_DROPPED_FIELDS) delete out[key];
  return clone(out) as Record<string, unknown>;
}

/** How a finalize request signs the history. */
export type HhxCompletion =
  | { kind: 'signature'; signature: string; signerName: string; time: number }
  | { kind: 'markComplete'; byName: string; time: number };

/**
 * [HD4] What finalizing writes into the document (spec 002 §4, §6): a provider's signature
 * (finalReportSignature, its time and the signer's name), or, without one, Mark Complete
 * (markedCompleteTime and markedCompleteByName). A signature added to a history only marked
 * complete keeps the mark-complete fields.
 */
export function completionFields(completion: HhxCompletion): Record<string, string | number> {
  return completion.kind === 'signature'
    ? {
        finalReportSignature: completion.signature,
        finalReportSignatureTime: completion.time,
        finalReportSignerName: completion.signerName,
      }
    : { markedCompleteTime: completion.time, markedCompleteByName: completion.byName };
}

/** Whether the content is signed (a final signature time) or marked complete. */
export function completionOf(content: unknown): 'signed' | 'markedComplete' | null {
  const c = (content ?? {}) as Record<string, unknown>;
  if (c.finalReportSignatureTime != null && c.finalReportSignature) return 'signed';
  if (c.markedCompleteTime != null) return 'markedComplete';
  return null;
}

/** Identifier system of the patient resources a health history wrote (value: its Composition id). */
export const HEALTH_HISTORY_SOURCE_SYSTEM = vigilSystem('health-history');

/** Whether a resource was written from a health history ([HD5]): these are replaced by the next one. */
export function isFromHealthHistory(resource: { identifier?: { system?: string }[] }): boolean {
  return (resource.identifier ?? []).some((i) => i.system === HEALTH_HISTORY_SOURCE_SYSTEM);
}

const allergyEntry = z.looseObject({
  substance: z.string(),
  reaction: z.string().nullish(),
  severity: z.enum(['mild', 'moderate', 'severe']).nullish(),
});
const medicationEntry = z.looseObject({ name: z.string().nullish(), id: z.unknown().optional() });

/** The negative medication answer (spec 002 §5: "none" is the text none with an empty list). */
const isNone = (text: unknown): boolean => typeof text === 'string' && text.trim().toLowerCase() === 'none';

export interface PatientResourcesInput {
  content: unknown;
  patientId: string;
  compositionId: string;
  /** The signing or completion time (ISO). */
  date: string;
}

/**
 * [HD5] The patient's AllergyIntolerance and MedicationStatement resources a signed or
 * completed history stands for (spec 001 §3; spec 002 §5): one AllergyIntolerance per
 * structured allergy (severity severe → criticality high, else low; reaction and severity in
 * the note), none for NKDA or an empty list; one active MedicationStatement per named
 * medication (its name as the code's text, an RxNorm id when the catalogue matched one), and
 * none when the answer is none (medicationsText 'none' and an empty list). Each carries the
 * history's id as identifier (HEALTH_HISTORY_SOURCE_SYSTEM), so the next history replaces them.
 */
export function patientResourcesOf(input: PatientResourcesInput): {
  allergies: AllergyIntolerance[];
  medications: MedicationStatement[];
} {
  const c = (input.content ?? {}) as Record<string, unknown>;
  const identifier = [{ system: HEALTH_HISTORY_SOURCE_SYSTEM, value: input.compositionId }];
  const patient = { reference: `Patient/${input.patientId}` };
  const allergies: AllergyIntolerance[] = [];
  for (const raw of Array.isArray(c.allergies) ? c.allergies : []) {
    const a = allergyEntry.safeParse(raw);
    if (!a.success || a.data.substance.trim() === '') continue;
    const note = [
      a.data.reaction?.trim() ? `Reaction: ${a.data.reaction.trim()}` : null,
      a.data.severity ? `Severity: ${a.data.severity}` : null,
    ]
      .filter((s): s is string => s !== null)
      .join('; ');
    allergies.push({
      resourceType: 'AllergyIntolerance',
      identifier,
      clinicalStatus: {
        coding: [{ system: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical', code: 'active' }],
      },
      verificationStatus: {
        coding: [
          { system: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-verification', code: 'confirmed' },
        ],
      },
      criticality: a.data.severity === 'severe' ? 'high' : 'low',
      code: { text: a.data.substance.trim() },
      patient,
      recordedDate: input.date,
      ...(note ? { note: [{ text: note }] } : {}),
    });
  }
  const medications: MedicationStatement[] = [];
  if (!isNone(c.medicationsText)) {
    for (const raw of Array.isArray(c.medications) ? c.medications : []) {
      const m = medicationEntry.safeParse(raw);
      const name = m.success ? m.data.name?.trim() : undefined;
      if (!name || isNone(name)) continue;
      const rxnorm = m.success && typeof m.data.id === 'string' && /^\d+$/.test(m.data.id) ? m.data.id : null;
      medications.push({
        resourceType: 'MedicationStatement',
        identifier,
        status: 'active',
        medicationCodeableConcept: {
          text: name,
          ...(rxnorm ? { coding: [{ system: 'http://www.nlm.nih.gov/research/umls/rxnorm', code: rxnorm }] } : {}),
        },
        subject: patient,
        dateAsserted: input.date,
      });
    }
  }
  return { allergies, medications };
}
