import { PATIENT_FORM_TEXTS, type OrgFormField as FormField } from '@vigil/shared';
import { measureProblem } from './measure.js';
import { historyMissing, type PatientHistoryAnswers } from './patientHistory.js';

/*
 * What a patient answers on a form (spec 000 §3 form fields, §4 Contract) and what is still
 * missing before it can be signed.
 */

/** An allergy as the patient writes it: what to, and what happens (structured, spec 000 §3 allergies). */
export interface AllergyAnswer {
  name: string;
  reaction: string;
}

/** A medication as the patient writes it: its name, and the dose and how often (structured, spec 000 §3 medications). */
export interface MedicationAnswer {
  name: string;
  dose: string;
}

/** A list field: the patient's entries, or that they have none ('none' ticked). */
export interface ListAnswer<T> {
  none: boolean;
  items: T[];
}

/** Every answer a form can hold, by field type. */
export interface FieldAnswers {
  /** bodyHeight, bodyWeight and text: raw text as typed (height and weight with their units). */
  text: Record<string, string>;
  /** signature: SVG path data of the drawn signature (sent as a PNG). */
  signature: Record<string, string>;
  /** selfie: a PNG data URL. */
  selfie: Record<string, string>;
  allergies: Record<string, ListAnswer<AllergyAnswer>>;
  medications: Record<string, ListAnswer<MedicationAnswer>>;
  healthHistory: Record<string, PatientHistoryAnswers>;
}

export const EMPTY_ANSWERS: FieldAnswers = {
  text: {},
  signature: {},
  selfie: {},
  allergies: {},
  medications: {},
  healthHistory: {},
};

/** [FC23] The answers with one field's answer of one kind replaced (the one update every field input makes). */
export function withAnswer<K extends keyof FieldAnswers>(
  answers: FieldAnswers,
  kind: K,
  name: string,
  value: FieldAnswers[K][string],
): FieldAnswers {
  return { ...answers, [kind]: { ...answers[kind], [name]: value } };
}

/** [FC6] Whether a list answer is complete: 'none' ticked, or at least one entry with its first part filled in. */
export function listAnswered<T extends object>(answer: ListAnswer<T> | undefined, key: keyof T): boolean {
  if (!answer) return false;
  if (answer.none) return true;
  return answer.items.some((item) => String(item[key]).trim() !== '');
}

/** Whether one field has an answer. */
export function fieldAnswered(field: FormField, answers: FieldAnswers): boolean {
  switch (field.type) {
    case 'bodyHeight':
    case 'bodyWeight': {
      const raw = answers.text[field.name] ?? '';
      return raw.trim() !== '' && measureProblem(field.type, raw) === null;
    }
    case 'text':
      return (answers.text[field.name] ?? '').trim() !== '';
    case 'signature':
      return (answers.signature[field.name] ?? '') !== '';
    case 'selfie':
      return (answers.selfie[field.name] ?? '') !== '';
    case 'allergies':
      return listAnswered(answers.allergies[field.name], 'name');
    case 'medications':
      return listAnswered(answers.medications[field.name], 'name');
    case 'healthHistory': {
      const history = answers.healthHistory[field.name];
      return history !== undefined && historyMissing(history).length === 0;
    }
  }
}

/** The acceptance checkbox's words when the form gives none (shared's default, spec 000 §3 checkboxText). */
export const ACCEPTANCE_TEXT = PATIENT_FORM_TEXTS.checkboxText;

/**
 * [FC7] The 'Still Missing:' list of spec 000 §4: every required field without an answer, by its
 * label in the form's order, then the acceptance checkbox (by its words) when it is not ticked.
 * Empty: the form may be signed.
 */
export function stillMissing(
  fields: readonly FormField[],
  answers: FieldAnswers,
  accepted: boolean,
  acceptanceText: string = ACCEPTANCE_TEXT,
): string[] {
  const missing = fields.filter((f) => f.required && !fieldAnswered(f, answers)).map((f) => f.label || f.name);
  if (!accepted) missing.push(acceptanceText);
  return missing;
}

/** [FC8] The contract text with its `{{name}}` placeholders filled: the server's own rule (shared). */
export { fillPlaceholders } from '@vigil/shared';
