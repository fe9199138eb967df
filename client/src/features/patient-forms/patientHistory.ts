import {
  PLAIN_EXTRA_QUESTIONS,
  SYSTEMS_REVIEW_CATALOGUE,
  type ExtraQuestionId,
  type SystemsReviewCategory,
} from '@vigil/shared';

/*
 * The health history a patient answers on their phone (issue 28): the categories of the
 * health-history editor's systems review (shared SYSTEMS_REVIEW_CATALOGUE, the same conditions
 * the staff see) asked in plain words, then the surgical, anesthesia and hospital questions. The
 * staff review the answers and merge them into a health history.
 */

/** Each systems-review category as a question a patient understands, in the catalogue's order. */
export const PLAIN_CATEGORY_QUESTIONS: Readonly<Record<SystemsReviewCategory, string>> = {
  cns: 'Have you ever had a problem with your brain or nerves, such as seizures, a stroke or fainting?',
  muscular:
    'Do you have problems with your muscles, bones or joints, or trouble opening your mouth or moving your neck?',
  hepatic: 'Have you ever had a liver problem, such as hepatitis or jaundice?',
  gastro: 'Do you have stomach or bowel problems, such as heartburn, reflux or ulcers?',
  cardiac: 'Do you have, or have you had, a heart problem or high blood pressure?',
  endocrine: 'Do you have diabetes, a thyroid problem or another hormone problem?',
  pulmonary: 'Do you have a breathing problem, such as asthma, sleep apnea or snoring?',
  gyn: 'Are you pregnant, breastfeeding or taking hormones?',
  hematologic: 'Do you bleed or bruise easily, take blood thinners, or have you had a blood clot or transfusion?',
  renal: 'Do you have kidney problems?',
  habits: 'Do you smoke, vape, drink alcohol or use recreational drugs?',
  oncology: 'Have you ever had cancer or cancer treatment?',
  psychiatric: 'Do you have anxiety, depression or another mental health condition?',
  developmental: 'Do you have a developmental condition, such as autism, or were you born prematurely?',
  general: 'Is there anything else, such as a recent illness, weight change, or a reaction to latex?',
};

/** A category's answer: Yes or No, and with Yes the conditions ticked and the patient's own words. */
export interface CategoryAnswer {
  answer: 'yes' | 'no' | null;
  conditions: string[];
  details: string;
}

/** A Yes/No question with details. */
export interface ExtraAnswer {
  answer: 'yes' | 'no' | null;
  details: string;
}

export interface PatientHistoryAnswers {
  categories: Partial<Record<SystemsReviewCategory, CategoryAnswer>>;
  extra: Partial<Record<ExtraQuestionId, ExtraAnswer>>;
}

export const EMPTY_HISTORY: PatientHistoryAnswers = { categories: {}, extra: {} };

/** The categories in the editor's order with their plain question and the catalogue's conditions. */
export const PATIENT_HISTORY_CATEGORIES = SYSTEMS_REVIEW_CATALOGUE.map((c) => ({
  id: c.id,
  question: PLAIN_CATEGORY_QUESTIONS[c.id],
  conditions: c.conditions.filter((k) => k.id !== 'other').map((k) => ({ id: k.id, label: k.label })),
}));

/**
 * [FC9] The questions of a patient-answers health history still without an answer, in order: every
 * category and extra question needs Yes or No, and a Yes needs a ticked condition or the patient's
 * own words (a category) or details (an extra question).
 */
export function historyMissing(answers: PatientHistoryAnswers): string[] {
  const missing: string[] = [];
  for (const c of PATIENT_HISTORY_CATEGORIES) {
    const a = answers.categories[c.id];
    if (!a || a.answer === null) missing.push(c.question);
    else if (a.answer === 'yes' && a.conditions.length === 0 && a.details.trim() === '') missing.push(c.question);
  }
  for (const q of PLAIN_EXTRA_QUESTIONS) {
    const a = answers.extra[q.id];
    if (!a || a.answer === null) missing.push(q.question);
    else if (a.answer === 'yes' && a.details.trim() === '') missing.push(q.details);
  }
  return missing;
}
