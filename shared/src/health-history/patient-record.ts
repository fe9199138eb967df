import { vigilSystem } from '../fhir/common.js';
import {
  ALLERGY_CLINICAL_SYSTEM,
  ALLERGY_VERIFICATION_SYSTEM,
  isNoKnownAllergy,
  NO_KNOWN_ALLERGY,
  type AllergyIntolerance,
} from '../fhir/allergy-intolerance.js';
import type { MedicationStatement } from '../fhir/medication-statement.js';
import { isFromHealthHistory } from './lifecycle.js';

/*
 * The patient's own allergies and medications (issue 40; spec 001 §3 AllergyIntolerance,
 * MedicationStatement): listed and edited at the desk beside what a signed health history
 * writes ([HD5]). Pure, so the patient page, the case header and the server agree.
 */

/** Identifier system naming who gave a record that no health history wrote (value: desk or patient). */
export const RECORD_SOURCE_SYSTEM = vigilSystem('record-source');

/** Where a record came from. */
export type RecordSource = 'healthHistory' | 'desk' | 'patient';

export const RECORD_SOURCE_LABELS: Readonly<Record<RecordSource, string>> = {
  healthHistory: 'Health history',
  desk: 'Desk',
  patient: 'Patient',
};

/** The explicit answer "no medications": a statement whose code says so (Vigil's code). */
export const NO_MEDICATIONS = {
  coding: [{ system: vigilSystem('medication-answer'), code: 'no-medications', display: 'No medications' }],
  text: 'No medications',
} as const;

/**
 * [PR1] A record's source: written by a health history ([HD5] identifier), else the record-source
 * identifier (patient or desk), else the desk (any other client write).
 */
export function recordSource(resource: { identifier?: { system?: string; value?: string }[] }): RecordSource {
  if (isFromHealthHistory(resource)) return 'healthHistory';
  const tagged = resource.identifier?.find((i) => i.system === RECORD_SOURCE_SYSTEM)?.value;
  return tagged === 'patient' ? 'patient' : 'desk';
}

/** Whether an allergy record stands (not entered in error, not refuted, not inactive or resolved). */
export function isCurrentAllergy(a: AllergyIntolerance): boolean {
  const verification = a.verificationStatus?.coding?.map((c) => c.code) ?? [];
  const clinical = a.clinicalStatus?.coding?.map((c) => c.code) ?? [];
  return (
    !verification.includes('entered-in-error') &&
    !verification.includes('refuted') &&
    !clinical.includes('inactive') &&
    !clinical.includes('resolved')
  );
}

/** Whether a medication statement stands (active or intended: not stopped, completed or entered in error). */
export function isCurrentMedication(m: MedicationStatement): boolean {
  return !['entered-in-error', 'stopped', 'completed', 'not-taken'].includes(m.status);
}

/** Whether a statement is the explicit "no medications" answer. */
export function isNoMedications(m: Pick<MedicationStatement, 'medicationCodeableConcept'>): boolean {
  return (m.medicationCodeableConcept?.coding ?? []).some((c) => c.code === NO_MEDICATIONS.coding[0].code);
}

/** An allergy's name: its code's text, else its first coding's display or code. */
export function allergyName(a: AllergyIntolerance): string {
  return a.code?.text?.trim() || a.code?.coding?.[0]?.display || a.code?.coding?.[0]?.code || 'Unnamed allergy';
}

export function medicationName(m: MedicationStatement): string {
  const c = m.medicationCodeableConcept;
  return c?.text?.trim() || c?.coding?.[0]?.display || c?.coding?.[0]?.code || 'Unnamed medication';
}

/**
 * [PR2] The patient's allergy line from their current records: the allergies' names joined
 * ("Penicillin; Latex"); "NKDA" when the only answer is NKDA; '' when nothing is recorded.
 * An allergy recorded beside an NKDA answer wins (the NKDA is out of date).
 */
export function allergySummary(records: readonly AllergyIntolerance[]): string {
  const current = records.filter(isCurrentAllergy);
  const named = current.filter((a) => !isNoKnownAllergy(a)).map(allergyName);
  if (named.length > 0) return [...new Set(named)].join('; ');
  return current.length > 0 ? 'NKDA' : '';
}

/** What the desk enters for an allergy. */
export interface DeskAllergyInput {
  substance: string;
  reaction?: string;
  severity?: 'mild' | 'moderate' | 'severe';
}

const confirmed = {
  coding: [{ system: ALLERGY_VERIFICATION_SYSTEM, code: 'confirmed' }],
};
const active = { coding: [{ system: ALLERGY_CLINICAL_SYSTEM, code: 'active' }] };
const source = (who: 'desk' | 'patient'): { system: string; value: string }[] => [
  { system: RECORD_SOURCE_SYSTEM, value: who },
];

/** [PR3] An allergy the desk records (severe → criticality high, as HD5), dated now. */
export function deskAllergy(input: DeskAllergyInput, patientId: string, now: Date): AllergyIntolerance {
  const note = [
    input.reaction?.trim() ? `Reaction: ${input.reaction.trim()}` : null,
    input.severity ? `Severity: ${input.severity}` : null,
  ]
    .filter((s): s is string => s !== null)
    .join('; ');
  return {
    resourceType: 'AllergyIntolerance',
    identifier: source('desk'),
    clinicalStatus: active,
    verificationStatus: confirmed,
    criticality: input.severity === 'severe' ? 'high' : 'low',
    code: { text: input.substance.trim() },
    patient: { reference: `Patient/${patientId}` },
    recordedDate: now.toISOString(),
    ...(note ? { note: [{ text: note }] } : {}),
  };
}

/** [PR3] The explicit NKDA answer the desk records, dated now. */
export function deskNoKnownAllergies(patientId: string, now: Date): AllergyIntolerance {
  return {
    resourceType: 'AllergyIntolerance',
    identifier: source('desk'),
    clinicalStatus: active,
    verificationStatus: confirmed,
    code: { ...NO_KNOWN_ALLERGY, coding: [...NO_KNOWN_ALLERGY.coding] },
    patient: { reference: `Patient/${patientId}` },
    recordedDate: now.toISOString(),
  };
}

/** [PR3] A medication the desk records, active, dated now. */
export function deskMedication(name: string, patientId: string, now: Date): MedicationStatement {
  return {
    resourceType: 'MedicationStatement',
    identifier: source('desk'),
    status: 'active',
    medicationCodeableConcept: { text: name.trim() },
    subject: { reference: `Patient/${patientId}` },
    dateAsserted: now.toISOString(),
  };
}

/** [PR3] The explicit "no medications" answer the desk records, dated now. */
export function deskNoMedications(patientId: string, now: Date): MedicationStatement {
  return {
    resourceType: 'MedicationStatement',
    identifier: source('desk'),
    status: 'active',
    medicationCodeableConcept: { ...NO_MEDICATIONS, coding: [...NO_MEDICATIONS.coding] },
    subject: { reference: `Patient/${patientId}` },
    dateAsserted: now.toISOString(),
  };
}

/** [PR4] A record removed at the desk: kept, marked entered in error (its history stays readable). */
export function allergyRemoved(a: AllergyIntolerance): AllergyIntolerance {
  return { ...a, verificationStatus: { coding: [{ system: ALLERGY_VERIFICATION_SYSTEM, code: 'entered-in-error' }] } };
}

export function medicationRemoved(m: MedicationStatement): MedicationStatement {
  return { ...m, status: 'entered-in-error' };
}

/**
 * [PR3] The explicit answers exclude the list: recording an allergy retires a current NKDA answer,
 * recording NKDA is refused while allergies stand (they must be removed first); the same for
 * medications and "no medications". Answers the records to retire, or a refusal text.
 */
export function explicitAnswerConflicts<T extends AllergyIntolerance | MedicationStatement>(
  records: readonly T[],
  adding: 'item' | 'none',
): { retire: T[] } | { refused: string } {
  const isAllergy = (r: T): r is T & AllergyIntolerance => r.resourceType === 'AllergyIntolerance';
  const current = records.filter((r) =>
    isAllergy(r) ? isCurrentAllergy(r) : isCurrentMedication(r as MedicationStatement),
  );
  const isNone = (r: T): boolean => (isAllergy(r) ? isNoKnownAllergy(r) : isNoMedications(r as MedicationStatement));
  if (adding === 'item') return { retire: current.filter(isNone) };
  const items = current.filter((r) => !isNone(r));
  if (items.length > 0) {
    return {
      refused:
        records[0]?.resourceType === 'MedicationStatement'
          ? 'Remove the medications listed before recording "No medications".'
          : 'Remove the allergies listed before recording NKDA.',
    };
  }
  return { retire: current.filter(isNone) };
}

/**
 * [PR5] What a new health history starts with from the patient's own records (issue 40): the
 * current allergies and medications the desk or the patient gave (a health history's own are in
 * that history), as the Allergies and Medications tabs hold them — structured allergies with
 * their reaction and severity read back from the note, the allergy summary (PR2, "NKDA" for the
 * explicit answer), the medications by name and "none" for the explicit "No medications". Empty
 * when they gave nothing.
 */
export function historySeedFromRecords(
  allergies: readonly AllergyIntolerance[],
  medications: readonly MedicationStatement[],
): Record<string, unknown> {
  const own = <T extends { identifier?: { system?: string }[] }>(r: T): boolean => recordSource(r) !== 'healthHistory';
  const a = allergies.filter(own).filter(isCurrentAllergy);
  const m = medications.filter(own).filter(isCurrentMedication);
  const seed: Record<string, unknown> = {};
  if (a.length > 0) {
    const named = a.filter((x) => !isNoKnownAllergy(x));
    seed.allergiesSummary = allergySummary(a);
    seed.allergies = named.map((x, i) => {
      const note = x.note?.map((n) => n.text).join('; ') ?? '';
      const reaction = /Reaction: ([^;]+)/.exec(note)?.[1]?.trim() ?? null;
      const severity = /Severity: (mild|moderate|severe)/.exec(note)?.[1] ?? null;
      return { id: `rec-${x.id ?? i}`, substance: allergyName(x), reaction, severity };
    });
  }
  if (m.length > 0) {
    const named = m.filter((x) => !isNoMedications(x));
    seed.medications = named.map((x, i) => {
      const rxnorm = x.medicationCodeableConcept?.coding?.find((c) => /rxnorm/.test(c.system ?? ''))?.code;
      return { id: rxnorm ?? `rec-${x.id ?? i}`, name: medicationName(x) };
    });
    seed.medicationsText = named.length === 0 ? 'none' : named.map(medicationName).join(', ');
  }
  return seed;
}
