import { z } from 'zod';
import type { SystemsReviewCategory } from '../enums.js';
import { PATIENT_HEALTH_HISTORY_TYPE, type Composition } from '../fhir/composition.js';
import { vigilExtension } from '../fhir/common.js';
import { newId } from '../id.js';
import { FIELD_VALUE_SCHEMAS } from '../forms/submission.js';
import type { OrgFormField } from '../forms/forms.js';
import type { HealthHistoryData } from './schema.js';
import { MEDICATIONS_NONE } from './medications.js';
import { parseHeight, parseWeight, type ParsedMeasurement } from '../rules/bmi.js';
import { OTHER_CONDITION, SYSTEMS_REVIEW_CATALOGUE, findCondition, readSystemsReviewEntry } from './systems-review.js';

/*
 * The patient-answers health history (issue 28; spec 001 §3 "Patient-answers health history:
 * healthHistory"): what a patient answered on a form's healthHistory, allergies, medications,
 * height and weight fields, kept as it was sent. Staff review it and merge it into a health
 * history (generatedCategory hhxMerge); the allergies and medications the patient named reach
 * the history only where the staff tick them. Pure: the server stores and merges with these,
 * the client shows the same offers.
 */

const historyValue = FIELD_VALUE_SCHEMAS.healthHistory as z.ZodType<PatientHistoryValue>;
const allergyList = FIELD_VALUE_SCHEMAS.allergies as z.ZodType<PatientAllergy[]>;
const medicationList = FIELD_VALUE_SCHEMAS.medications as z.ZodType<PatientMedication[]>;

/** A patient-answers health history value (FC13): each question's answer, the patient's own words. */
export interface PatientHistoryValue {
  answers: Record<string, 'yes' | 'no' | 'unsure'>;
  notes?: string;
}
export interface PatientAllergy {
  name: string;
  reaction?: string;
}
export interface PatientMedication {
  name: string;
  dose?: string;
}

/** The patient's answers as kept (the Composition's patient-answers extension, JSON). */
export interface PatientAnswers {
  formName: string;
  /** When the patient submitted (ISO). */
  submittedAt: string;
  healthHistory: PatientHistoryValue | null;
  /** null: not asked; []: the patient has none. */
  allergies: PatientAllergy[] | null;
  medications: PatientMedication[] | null;
  height: string | null;
  weight: string | null;
}

export const patientAnswersSchema: z.ZodType<PatientAnswers> = z.strictObject({
  formName: z.string().max(200),
  submittedAt: z.string().max(40),
  healthHistory: historyValue.nullable(),
  allergies: allergyList.nullable(),
  medications: medicationList.nullable(),
  height: z.string().max(40).nullable(),
  weight: z.string().max(40).nullable(),
});

/** The questions asked after the systems-review categories, each answered Yes or No with details when Yes. */
export const PLAIN_EXTRA_QUESTIONS = [
  { id: 'surgery', question: 'Have you had any surgery?', details: 'Which surgeries, and when?' },
  {
    id: 'anesthesia',
    question: 'Have you, or anyone in your family, had a problem with anesthesia or sedation?',
    details: 'Who, and what happened?',
  },
  { id: 'hospital', question: 'Have you been in hospital in the last year?', details: 'Why, and when?' },
] as const;
export type ExtraQuestionId = (typeof PLAIN_EXTRA_QUESTIONS)[number]['id'];

/** An answer as the staff and the signed contract read it. */
export const ANSWER_TEXT = { yes: 'Yes', no: 'No', unsure: 'Not sure' } as const;

/** One answered question: its label, the answer and, with Yes, the conditions ticked. */
export interface AnsweredQuestion {
  label: string;
  answer: 'yes' | 'no' | 'unsure';
  conditions: string[];
}

/**
 * [FC21] The health answers as lines to read: each systems-review category the patient answered
 * (its label, with Yes the conditions ticked), then the surgery, anesthesia and hospital
 * questions; unanswered ones are left out. The staff's review and the signed contract's PDF read
 * them the same way.
 */
export function answeredQuestions(history: Pick<PatientHistoryValue, 'answers'> | null): AnsweredQuestion[] {
  const given = history?.answers ?? {};
  const out: AnsweredQuestion[] = [];
  for (const c of SYSTEMS_REVIEW_CATALOGUE) {
    const answer = given[c.id];
    if (!answer) continue;
    const conditions = answer === 'yes' ? c.conditions.filter((k) => given[`${c.id}.${k.id}`] === 'yes') : [];
    out.push({ label: c.label, answer, conditions: conditions.map((k) => k.label) });
  }
  for (const q of PLAIN_EXTRA_QUESTIONS) {
    const answer = given[q.id];
    if (answer) out.push({ label: q.question, answer, conditions: [] });
  }
  return out;
}

/** The patient-answers Composition's extensions: the answers (JSON), its Contract, the histories it was merged into. */
export const PATIENT_ANSWERS_EXTENSIONS = {
  answers: vigilExtension('patient-answers'),
  contract: vigilExtension('patient-answers-contract'),
  mergedInto: vigilExtension('patient-answers-merged-into'),
} as const;

/** Title of a patient-answers Composition. */
export const PATIENT_ANSWERS_TITLE = 'Patient answers';

/**
 * The patient-answers health history as a Composition (type PATIENT_HEALTH_HISTORY_TYPE, status
 * final: what the patient sent, never edited), authored by the patient, beside the signed Contract.
 */
export function patientAnswersComposition(input: {
  patientId: string;
  patientName: string;
  contractId: string;
  answers: PatientAnswers;
}): Omit<Composition, 'id'> {
  const patient = { reference: `Patient/${input.patientId}` };
  return {
    resourceType: 'Composition',
    status: 'final',
    type: { coding: [{ ...PATIENT_HEALTH_HISTORY_TYPE, display: 'Patient-answers health history' }] },
    subject: patient,
    date: input.answers.submittedAt,
    author: [{ ...patient, display: input.patientName }],
    title: `${PATIENT_ANSWERS_TITLE}: ${input.answers.formName}`,
    extension: [
      { url: PATIENT_ANSWERS_EXTENSIONS.answers, valueString: JSON.stringify(input.answers) },
      { url: PATIENT_ANSWERS_EXTENSIONS.contract, valueReference: { reference: `Contract/${input.contractId}` } },
    ],
  };
}

/** Whether a Composition is a patient-answers health history. */
export function isPatientAnswers(composition: Pick<Composition, 'type'>): boolean {
  return (composition.type.coding ?? []).some(
    (c) => c.system === PATIENT_HEALTH_HISTORY_TYPE.system && c.code === PATIENT_HEALTH_HISTORY_TYPE.code,
  );
}

/** The answers a patient-answers Composition holds, or null when it is none or unreadable. */
export function readPatientAnswers(composition: Pick<Composition, 'type' | 'extension'>): PatientAnswers | null {
  if (!isPatientAnswers(composition)) return null;
  const raw = composition.extension?.find((e) => e.url === PATIENT_ANSWERS_EXTENSIONS.answers)?.valueString;
  if (typeof raw !== 'string') return null;
  try {
    const parsed = patientAnswersSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The health histories (Composition ids) the answers were merged into, oldest first. */
export function mergedInto(composition: Pick<Composition, 'extension'>): string[] {
  return (composition.extension ?? [])
    .filter((e) => e.url === PATIENT_ANSWERS_EXTENSIONS.mergedInto)
    .map(
      (e) => (e.valueReference as { reference?: string } | undefined)?.reference?.replace(/^Composition\//, '') ?? '',
    )
    .filter((id) => id !== '');
}

/**
 * [HM1] The patient-answers health history of a submitted form: its healthHistory, allergies,
 * medications, height and weight values (the first field of each type that was answered), or
 * null when the form asked none of the health questions (a consent-only form makes none).
 */
export function patientAnswersOf(
  fields: readonly OrgFormField[],
  values: Readonly<Record<string, unknown>>,
  formName: string,
  submittedAt: string,
): PatientAnswers | null {
  const first = <T>(type: OrgFormField['type'], schema: z.ZodType<T>): T | null => {
    for (const f of fields) {
      if (f.type !== type) continue;
      const parsed = schema.safeParse(values[f.name]);
      if (parsed.success && values[f.name] !== undefined) return parsed.data;
    }
    return null;
  };
  const text = z.string().trim().min(1);
  const answers: PatientAnswers = {
    formName,
    submittedAt,
    healthHistory: first('healthHistory', historyValue),
    allergies: first('allergies', allergyList),
    medications: first('medications', medicationList),
    height: first('bodyHeight', text),
    weight: first('bodyWeight', text),
  };
  const asked = answers.healthHistory ?? answers.allergies ?? answers.medications;
  return asked === null ? null : answers;
}

/** [HM2] An allergy list as one summary line: 'Penicillin (hives, severe); Latex' (the Allergies tab's summary). */
export function allergiesSummaryOf(
  allergies: readonly { substance: string; reaction?: string | null; severity?: string | null }[],
): string {
  return allergies
    .map((a) => {
      const detail = [a.reaction?.trim(), a.severity].filter((s): s is string => s != null && s !== '');
      return detail.length > 0 ? `${a.substance.trim()} (${detail.join(', ')})` : a.substance.trim();
    })
    .join('; ');
}

/** A patient's answers as a case reads them: what they said about allergies, and whether staff merged them. */
export interface ReportedAllergies {
  allergies: readonly PatientAllergy[] | null;
  merged: boolean;
}

/**
 * [HM6] The allergies a patient reported that the case's record does not yet hold (issue 35):
 * never silently dropped, the case shows them as patient-reported until reviewed. An allergy is
 * reviewed once staff merged its answers and the case has an allergy record (a signed health
 * history or a typed summary); until then each reported allergy whose name the record does not
 * mention is listed once ('Peanut (anaphylaxis)'), in the order reported.
 */
export function unreviewedReportedAllergies(
  answers: readonly ReportedAllergies[],
  recordedSummary: string | null,
): string[] {
  const recorded = recordedSummary?.trim().toLowerCase() ?? '';
  const seen = new Set<string>();
  const shown: string[] = [];
  for (const a of answers) {
    if (a.merged && recorded !== '') continue;
    for (const allergy of a.allergies ?? []) {
      const name = allergy.name.trim();
      const key = name.toLowerCase();
      if (key === '' || seen.has(key) || (recorded !== '' && recorded.includes(key))) continue;
      seen.add(key);
      shown.push(allergy.reaction?.trim() ? `${name} (${allergy.reaction.trim()})` : name);
    }
  }
  return shown;
}

/** One allergy or medication the patient named, as offered to the staff. */
export interface MergeOffer {
  index: number;
  label: string;
  /** Already on the history (same name, any case): not offered again. */
  already: boolean;
}

const same = (a: string | null | undefined, b: string): boolean =>
  (a ?? '').trim().toLowerCase() === b.trim().toLowerCase();

const medicationName = (m: PatientMedication): string => (m.dose ? `${m.name} ${m.dose}` : m.name);

/**
 * [HM3] What the merge offers the staff to add to the record: each allergy and medication the
 * patient named, marked `already` when the history holds one of that name. Nothing is added
 * unless the staff tick it (HM4); the review offers the allergies ticked (issue 35).
 */
export function mergeOffers(
  target: HealthHistoryData,
  answers: PatientAnswers,
): { allergies: MergeOffer[]; medications: MergeOffer[] } {
  return {
    allergies: (answers.allergies ?? []).map((a, index) => ({
      index,
      label: a.reaction ? `${a.name} (${a.reaction})` : a.name,
      already: (target.allergies ?? []).some((t) => same(t.substance, a.name)),
    })),
    medications: (answers.medications ?? []).map((m, index) => ({
      index,
      label: medicationName(m),
      already: (target.medications ?? []).some((t) => same(t.name, m.name) || same(t.name, medicationName(m))),
    })),
  };
}

/** The patient's stated facts a merge can copy into the history: height, weight, no allergies, no medications. */
export const MERGE_FACTS = ['height', 'weight', 'noAllergies', 'noMedications'] as const;
export type MergeFact = (typeof MERGE_FACTS)[number];

/** A stated fact offered to the staff, with the keys it writes into the history when ticked. */
export interface FactOffer {
  key: MergeFact;
  label: string;
  /** The history already says the same: not offered again. */
  already: boolean;
  patch: Record<string, unknown>;
}

/** A height or weight the patient typed with its unit (read the same whatever the default unit), else null. */
function stated<T extends number>(
  raw: string | null,
  parse: (raw: string) => readonly [ParsedMeasurement<T> | null, ParsedMeasurement<T> | null],
): ParsedMeasurement<T> | null {
  if (raw === null) return null;
  const [a, b] = parse(raw.trim());
  return a && b && a.value === b.value ? a : null;
}
const statedHeight = (raw: string | null): ParsedMeasurement<number> | null =>
  stated(raw, (t) => [parseHeight(t, 'cm'), parseHeight(t, 'in')]);
const statedWeight = (raw: string | null): ParsedMeasurement<number> | null =>
  stated(raw, (t) => [parseWeight(t, 'kg'), parseWeight(t, 'lb')]);

const oneDecimal = (n: number): number => Math.round(n * 10) / 10;
const NKDA = 'NKDA';

/**
 * [HM5] The facts a patient stated that the merge offers beside the allergies and medications:
 * a height and a weight typed with their unit ('Height 5 ft 6 in = 167.6 cm'), "no allergies"
 * (NKDA) when the history holds no allergy, "no medications" when it holds none. Each is added
 * only when the staff tick it (HM4); one the history already says is marked `already`.
 */
export function factOffers(target: HealthHistoryData, answers: PatientAnswers): FactOffer[] {
  const out: FactOffer[] = [];
  const measures = [
    ['height', statedHeight(answers.height), 'cm', target.height],
    ['weight', statedWeight(answers.weight), 'kg', target.weight],
  ] as const;
  for (const [key, parsed, unit, held] of measures) {
    if (!parsed) continue;
    const value = oneDecimal(parsed.value);
    const typed = parsed.raw.trim();
    const label = `${key === 'height' ? 'Height' : 'Weight'} ${typed}${typed.toLowerCase().includes(unit) ? '' : ` = ${value} ${unit}`}`;
    const heldValue = (held as { value?: unknown } | null | undefined)?.value;
    const already = typeof heldValue === 'number' && Math.abs(heldValue - parsed.value) < 0.05;
    out.push({ key, label, already, patch: { [key]: { value: parsed.value, raw: typed } } });
  }
  const summary = target.allergiesSummary?.trim() ?? '';
  if (
    answers.allergies?.length === 0 &&
    (target.allergies ?? []).length === 0 &&
    (summary === '' || same(summary, NKDA))
  )
    out.push({
      key: 'noAllergies',
      label: '“No known drug allergies” (NKDA)',
      already: same(summary, NKDA),
      patch: { allergiesSummary: NKDA, allergies: [] },
    });
  const medsText = target.medicationsText?.trim() ?? '';
  if (
    answers.medications?.length === 0 &&
    (target.medications ?? []).length === 0 &&
    (medsText === '' || same(medsText, MEDICATIONS_NONE))
  )
    out.push({
      key: 'noMedications',
      label: '“No medications”',
      already: same(medsText, MEDICATIONS_NONE),
      patch: { medicationsText: MEDICATIONS_NONE },
    });
  return out;
}

/** The staff's choice: which of the offered allergies and medications (by index) and stated facts go to the record. */
export interface MergeChoice {
  allergies: readonly number[];
  medications: readonly number[];
  facts?: readonly MergeFact[];
}

type Review = Partial<Record<SystemsReviewCategory, Record<string, unknown>>>;

/** The quick negative answers a patient's No fills into an empty summary (the Surgical tab's). */
const NEGATIVE_SUMMARIES = {
  surgery: [['surgicalHistorySummary', 'None']],
  hospital: [['hospitalizationSummary', 'None']],
  anesthesia: [
    ['anesthesiaHistorySummary', 'No known anesthesia complications'],
    ['familyAnesthesiaHistorySummary', 'No known'],
  ],
} as const;

const empty = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * [HM4] Merging the patient's answers into a health history: the keys it changes (a patch).
 * - Systems review: a Yes marks the category yes and adds an entry for each condition the patient
 *   ticked that the history does not hold (a Yes without one adds Other, 'Reported by the
 *   patient'); a No answers a category only where the history has no answer; unsure changes nothing.
 * - Surgery, hospital and anesthesia No fill the tab's negative answer only into an empty summary.
 * - The patient's own words and the unsure answers are added to Other Notes under the form's name
 *   and date; the history's notes are kept.
 * - Only the allergies and medications the staff ticked are added (not those already held); an
 *   added allergy rewrites the summary from the entries (replacing NKDA), an added medication
 *   replaces a none answer.
 */
export function mergePatientAnswers(
  target: HealthHistoryData,
  answers: PatientAnswers,
  choice: MergeChoice,
  makeId: (prefix: string) => string = newId,
): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  const given = answers.healthHistory?.answers ?? {};
  const review: Review = { ...((target.systemsReview ?? {}) as Review) };
  let reviewChanged = false;
  const unsure: string[] = [];
  for (const category of SYSTEMS_REVIEW_CATALOGUE) {
    const answer = given[category.id];
    const current = review[category.id] ?? {};
    if (answer === 'unsure') unsure.push(category.label);
    if (answer === 'no' && typeof current.hasEntries !== 'boolean') {
      review[category.id] = { ...current, hasEntries: false, entries: [] };
      reviewChanged = true;
    }
    if (answer !== 'yes') continue;
    const entries = Array.isArray(current.entries) ? [...(current.entries as unknown[])] : [];
    const held = new Set(entries.map((e) => readSystemsReviewEntry(e)?.condition).filter(Boolean));
    const ticked = category.conditions
      .filter((c) => given[`${category.id}.${c.id}`] === 'yes' && findCondition(category.id, c.id))
      .map((c) => c.id);
    for (const condition of ticked) {
      if (!held.has(condition)) entries.push({ id: makeId('srv'), condition, answers: {}, editing: false });
    }
    if (ticked.length === 0 && entries.length === 0) {
      entries.push({
        id: makeId('srv'),
        condition: OTHER_CONDITION.id,
        answers: { description: 'Reported by the patient (see Other Notes)' },
        editing: false,
      });
    }
    review[category.id] = { ...current, hasEntries: true, entries };
    reviewChanged = true;
  }
  if (reviewChanged) patch.systemsReview = review;

  for (const [question, fills] of Object.entries(NEGATIVE_SUMMARIES)) {
    if (given[question] !== 'no') continue;
    for (const [key, value] of fills) if (empty(target[key])) patch[key] = value;
  }

  const lines: string[] = [];
  if (answers.healthHistory?.notes?.trim()) lines.push(answers.healthHistory.notes.trim());
  if (unsure.length > 0) lines.push(`Unsure: ${unsure.join(', ')}`);
  if (lines.length > 0) {
    const heading = `Patient's answers (${answers.formName}, ${answers.submittedAt.slice(0, 10)}):`;
    const before = target.healthHistoryNotes?.trim();
    patch.healthHistoryNotes = [before, `${heading}\n${lines.join('\n')}`].filter(Boolean).join('\n\n');
  }

  const offers = mergeOffers(target, answers);
  const pick = (list: MergeOffer[], chosen: readonly number[]): number[] =>
    list.filter((o) => !o.already && chosen.includes(o.index)).map((o) => o.index);
  const addAllergies = pick(offers.allergies, choice.allergies);
  if (addAllergies.length > 0) {
    const allergies = [
      ...(target.allergies ?? []),
      ...addAllergies.map((i) => {
        const a = answers.allergies![i]!;
        return { id: makeId('alg'), substance: a.name, reaction: a.reaction ?? null, severity: null };
      }),
    ];
    patch.allergies = allergies;
    patch.allergiesSummary = allergiesSummaryOf(allergies);
  }
  const addMedications = pick(offers.medications, choice.medications);
  if (addMedications.length > 0) {
    patch.medications = [
      ...(target.medications ?? []),
      ...addMedications.map((i) => ({ name: medicationName(answers.medications![i]!) })),
    ];
    if (target.medicationsText?.trim().toLowerCase() === MEDICATIONS_NONE) patch.medicationsText = null;
  }
  for (const fact of factOffers(target, answers)) {
    if (!fact.already && choice.facts?.includes(fact.key)) Object.assign(patch, fact.patch);
  }
  return patch;
}
