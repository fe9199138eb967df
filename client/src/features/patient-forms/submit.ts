import { PLAIN_EXTRA_QUESTIONS, type OrgFormField } from '@vigil/shared';
import type { FieldAnswers } from './answers.js';
import { PATIENT_HISTORY_CATEGORIES, type PatientHistoryAnswers } from './patientHistory.js';

/** A submitted field value (docs/architecture.md "Forms and consent": values by field type). */
export type SubmitValue =
  | string
  | { name: string; reaction?: string }[]
  | { name: string; dose?: string }[]
  | { answers: Record<string, 'yes' | 'no' | 'unsure'>; notes?: string };

/**
 * [FC13] A patient-answers health history as the server takes it: each category and extra
 * question by its id ('cardiac': 'yes'), each ticked condition as `{category}.{condition}`
 * ('cardiac.hypertension': 'yes'), and the patient's own words as notes, one line per question
 * ("Heart …?: my words"). Unanswered questions are left out.
 */
export function historyValue(history: PatientHistoryAnswers): {
  answers: Record<string, 'yes' | 'no'>;
  notes?: string;
} {
  const answers: Record<string, 'yes' | 'no'> = {};
  const notes: string[] = [];
  for (const c of PATIENT_HISTORY_CATEGORIES) {
    const a = history.categories[c.id];
    if (!a?.answer) continue;
    answers[c.id] = a.answer;
    if (a.answer !== 'yes') continue;
    for (const k of a.conditions) answers[`${c.id}.${k}`] = 'yes';
    if (a.details.trim()) notes.push(`${c.question} ${a.details.trim()}`);
  }
  for (const q of PLAIN_EXTRA_QUESTIONS) {
    const a = history.extra[q.id];
    if (!a?.answer) continue;
    answers[q.id] = a.answer;
    if (a.answer === 'yes' && a.details.trim()) notes.push(`${q.question} ${a.details.trim()}`);
  }
  return notes.length > 0 ? { answers, notes: notes.join('\n') } : { answers };
}

/**
 * [FC14] The values a form submits, by field name: text, height and weight as typed (trimmed);
 * the selfie as its PNG; the signature as the PNG `signaturePng` draws; allergies and
 * medications as lists of named entries ([] when the patient has none); the health history by
 * FC13. A field without an answer is left out (the server lists it as missing when required).
 */
export function submitValues(
  fields: readonly OrgFormField[],
  answers: FieldAnswers,
  signaturePng: (path: string) => string,
): Record<string, SubmitValue> {
  const values: Record<string, SubmitValue> = {};
  for (const f of fields) {
    switch (f.type) {
      case 'text':
      case 'bodyHeight':
      case 'bodyWeight': {
        const text = (answers.text[f.name] ?? '').trim();
        if (text) values[f.name] = text;
        break;
      }
      case 'signature': {
        const path = answers.signature[f.name];
        if (path) values[f.name] = signaturePng(path);
        break;
      }
      case 'selfie': {
        const photo = answers.selfie[f.name];
        if (photo) values[f.name] = photo;
        break;
      }
      case 'allergies': {
        const list = answers.allergies[f.name];
        if (!list) break;
        values[f.name] = list.none
          ? []
          : list.items
              .filter((i) => i.name.trim())
              .map((i) =>
                i.reaction.trim() ? { name: i.name.trim(), reaction: i.reaction.trim() } : { name: i.name.trim() },
              );
        break;
      }
      case 'medications': {
        const list = answers.medications[f.name];
        if (!list) break;
        values[f.name] = list.none
          ? []
          : list.items
              .filter((i) => i.name.trim())
              .map((i) => (i.dose.trim() ? { name: i.name.trim(), dose: i.dose.trim() } : { name: i.name.trim() }));
        break;
      }
      case 'healthHistory': {
        const history = answers.healthHistory[f.name];
        if (history) values[f.name] = historyValue(history);
        break;
      }
    }
  }
  return values;
}
