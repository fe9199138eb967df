import { describe, expect, it } from 'vitest';
import { HEALTH_HISTORY_TYPE } from '../fhir/composition.js';
import { validateResource } from '../fhir/resources.js';
import type { OrgFormField } from '../forms/forms.js';
import type { HealthHistoryData } from './schema.js';
import {
  answeredQuestions,
  factOffers,
  PATIENT_ANSWERS_EXTENSIONS,
  allergiesSummaryOf,
  isPatientAnswers,
  mergedInto,
  patientAnswersComposition,
  readPatientAnswers,
  mergeOffers,
  mergePatientAnswers,
  patientAnswersOf,
  patientAnswersSchema,
  type PatientAnswers,
  unreviewedReportedAllergies,
} from './patient-answers.js';

const fields: OrgFormField[] = [
  { name: 'signerName', label: 'Your name', type: 'text', required: true },
  { name: 'history', label: 'Health history', type: 'healthHistory', required: true },
  { name: 'allergies', label: 'Allergies', type: 'allergies', required: false },
  { name: 'meds', label: 'Medications', type: 'medications', required: false },
  { name: 'height', label: 'Height', type: 'bodyHeight', required: false },
];

const answers = (over: Partial<PatientAnswers> = {}): PatientAnswers => ({
  formName: 'Intake',
  submittedAt: '2026-11-20T10:00:00.000Z',
  healthHistory: {
    answers: { cardiac: 'yes', 'cardiac.hypertension': 'yes', renal: 'no', pulmonary: 'unsure', surgery: 'no' },
    notes: 'Do you have, or have you had, a heart problem or high blood pressure? Since 2019',
  },
  allergies: [{ name: 'Penicillin', reaction: 'hives' }, { name: 'Latex' }],
  medications: [{ name: 'Lisinopril', dose: '10 mg' }],
  height: null,
  weight: null,
  ...over,
});

let n = 0;
const ids = (prefix: string): string => `${prefix}-${++n}`;

describe('patient-answers health history', () => {
  it('[HM1] keeps the health questions of a submitted form, none for a consent-only form', () => {
    const got = patientAnswersOf(
      fields,
      { signerName: 'Ada', history: { answers: { cardiac: 'no' } }, allergies: [], height: '5 ft 6' },
      'Intake',
      '2026-11-20T10:00:00.000Z',
    );
    expect(got).toEqual({
      formName: 'Intake',
      submittedAt: '2026-11-20T10:00:00.000Z',
      healthHistory: { answers: { cardiac: 'no' } },
      allergies: [],
      medications: null,
      height: '5 ft 6',
      weight: null,
    });
    expect(patientAnswersSchema.safeParse(got).success).toBe(true);
    expect(patientAnswersOf(fields.slice(0, 1), { signerName: 'Ada' }, 'Consent', 'x')).toBeNull();
  });

  it('[FC21] reads the answers as labelled questions, the ticked conditions under a Yes; unanswered ones left out', () => {
    const history = {
      answers: {
        cardiac: 'yes',
        'cardiac.hypertension': 'yes',
        renal: 'no',
        pulmonary: 'unsure',
        surgery: 'no',
      } as const,
    };
    expect(answeredQuestions(history)).toEqual([
      { label: 'Cardiovascular', answer: 'yes', conditions: ['Hypertension'] },
      { label: 'Pulmonary', answer: 'unsure', conditions: [] },
      { label: 'Renal', answer: 'no', conditions: [] },
      { label: 'Have you had any surgery?', answer: 'no', conditions: [] },
    ]);
    expect(answeredQuestions(null)).toEqual([]);
  });

  it('[HM2] summarises allergies as the Allergies tab does', () => {
    expect(
      allergiesSummaryOf([{ substance: 'Penicillin', reaction: 'hives', severity: 'severe' }, { substance: 'Latex' }]),
    ).toBe('Penicillin (hives, severe); Latex');
  });

  it('[HM3] offers each allergy and medication, marking those the history already holds', () => {
    const offers = mergeOffers({ allergies: [{ id: 'a', substance: 'latex' }] }, answers());
    expect(offers.allergies).toEqual([
      { index: 0, label: 'Penicillin (hives)', already: false },
      { index: 1, label: 'Latex', already: true },
    ]);
    expect(offers.medications).toEqual([{ index: 0, label: 'Lisinopril 10 mg', already: false }]);
  });

  it('[HM4] merges the systems review, negative answers and notes, and only the ticked allergies and medications', () => {
    n = 0;
    const patch = mergePatientAnswers(
      {
        systemsReview: { renal: { hasEntries: true, entries: [] } },
        healthHistoryNotes: 'Staff note',
        allergiesSummary: 'NKDA',
        allergies: [],
        medicationsText: 'none',
        medications: [],
      },
      answers(),
      { allergies: [0], medications: [0] },
      ids,
    );
    expect(patch.systemsReview).toMatchObject({
      cardiac: { hasEntries: true, entries: [{ id: 'srv-1', condition: 'hypertension', answers: {}, editing: false }] },
      // The history's yes is kept over the patient's no.
      renal: { hasEntries: true, entries: [] },
    });
    expect((patch.systemsReview as Record<string, unknown>).pulmonary).toBeUndefined();
    expect(patch.surgicalHistorySummary).toBe('None');
    expect(patch.healthHistoryNotes).toBe(
      "Staff note\n\nPatient's answers (Intake, 2026-11-20):\nDo you have, or have you had, a heart problem or high blood pressure? Since 2019\nUnsure: Pulmonary",
    );
    expect(patch.allergies).toEqual([{ id: 'alg-2', substance: 'Penicillin', reaction: 'hives', severity: null }]);
    expect(patch.allergiesSummary).toBe('Penicillin (hives)');
    expect(patch.medications).toEqual([{ name: 'Lisinopril 10 mg' }]);
    expect(patch.medicationsText).toBeNull();
  });

  it.each([
    // 5 ft 6 in = 66 in × 2.54 = 167.64 cm → 167.6; 150 lb × 0.45359237 = 68.04 kg → 68.
    [
      'height and weight with their units',
      { height: '5 ft 6 in', weight: '150 lb' },
      {},
      ['Height 5 ft 6 in = 167.6 cm', 'Weight 150 lb = 68 kg'],
      [],
    ],
    [
      'a unit already metric is not repeated',
      { height: '168 cm', weight: '68 kg' },
      {},
      ['Height 168 cm', 'Weight 68 kg'],
      [],
    ],
    // "70" could be inches or centimetres, kilograms or pounds: not offered.
    ['a number without its unit is not offered', { height: '70', weight: '70' }, {}, [], []],
    [
      'the same weight already on the history',
      { weight: '68 kg' },
      { weight: { value: 68, raw: '68' } },
      ['Weight 68 kg'],
      ['Weight 68 kg'],
    ],
    [
      'no allergies and no medications on an empty history',
      { allergies: [], medications: [] },
      {},
      ['“No known drug allergies” (NKDA)', '“No medications”'],
      [],
    ],
    [
      'already NKDA and none',
      { allergies: [], medications: [] },
      { allergiesSummary: 'nkda', medicationsText: 'None' },
      ['“No known drug allergies” (NKDA)', '“No medications”'],
      ['“No known drug allergies” (NKDA)', '“No medications”'],
    ],
    // The history names an allergy or a medication: the patient's "none" is not offered over it.
    [
      '"none" never overwrites what the history holds',
      { allergies: [], medications: [] },
      { allergiesSummary: 'Latex', medications: [{ name: 'Aspirin' }] },
      [],
      [],
    ],
  ] as const)('[HM5] offers stated facts: %s', (_, over, target, labels, already) => {
    const offers = factOffers(
      target as HealthHistoryData,
      answers({ allergies: null, medications: null, ...over } as Partial<PatientAnswers>),
    );
    expect(offers.map((o) => o.label)).toEqual(labels);
    expect(offers.filter((o) => o.already).map((o) => o.label)).toEqual(already);
  });

  it('[HM5] writes a stated fact only when the staff tick it', () => {
    const stated = answers({ allergies: [], medications: [], height: '5 ft 6 in', weight: '150 lb' });
    const untouched = mergePatientAnswers({}, stated, { allergies: [], medications: [] }, ids);
    expect([untouched.height, untouched.weight, untouched.allergiesSummary, untouched.medicationsText]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    const ticked = mergePatientAnswers(
      {},
      stated,
      { allergies: [], medications: [], facts: ['weight', 'noAllergies', 'noMedications'] },
      ids,
    );
    expect(ticked.weight).toEqual({ value: 150 * 0.45359237, raw: '150 lb' });
    expect(ticked.height).toBeUndefined();
    expect(ticked.allergiesSummary).toBe('NKDA');
    expect(ticked.allergies).toEqual([]);
    expect(ticked.medicationsText).toBe('none');
  });

  it('[HM4] adds nothing to allergies or medications the staff did not tick, and never a duplicate', () => {
    const patch = mergePatientAnswers(
      { allergies: [{ id: 'a', substance: 'Latex' }], surgicalHistorySummary: 'Appendix 2010' },
      answers(),
      { allergies: [1], medications: [] },
      ids,
    );
    expect(patch.allergies).toBeUndefined();
    expect(patch.medications).toBeUndefined();
    expect(patch.surgicalHistorySummary).toBeUndefined();
  });

  it('[HM4] a yes without a ticked condition adds Other, reported by the patient', () => {
    n = 0;
    const patch = mergePatientAnswers(
      {},
      answers({ healthHistory: { answers: { renal: 'yes' } } }),
      {
        allergies: [],
        medications: [],
      },
      ids,
    );
    expect(patch.systemsReview).toEqual({
      renal: {
        hasEntries: true,
        entries: [
          {
            id: 'srv-1',
            condition: 'other',
            answers: { description: 'Reported by the patient (see Other Notes)' },
            editing: false,
          },
        ],
      },
    });
    expect(patch.healthHistoryNotes).toBeUndefined();
  });
});

describe('patient-answers Composition', () => {
  it('[HM1] stores the answers on a final Composition of the patient and reads them back', () => {
    const c = patientAnswersComposition({
      patientId: 'pat-1',
      patientName: 'Ada Lovelace',
      contractId: 'ctr-1',
      answers: answers(),
    });
    expect(c).toMatchObject({
      status: 'final',
      subject: { reference: 'Patient/pat-1' },
      author: [{ reference: 'Patient/pat-1', display: 'Ada Lovelace' }],
      title: 'Patient answers: Intake',
    });
    expect(validateResource({ ...c, id: 'cmp-1' })).toEqual([]);
    expect(isPatientAnswers(c)).toBe(true);
    expect(readPatientAnswers(c)).toEqual(answers());
    expect(mergedInto(c)).toEqual([]);
    const merged = {
      ...c,
      extension: [
        ...c.extension!,
        { url: PATIENT_ANSWERS_EXTENSIONS.mergedInto, valueReference: { reference: 'Composition/cmp-9' } },
      ],
    };
    expect(mergedInto(merged)).toEqual(['cmp-9']);
    expect(readPatientAnswers({ ...c, type: { coding: [{ ...HEALTH_HISTORY_TYPE }] } })).toBeNull();
  });
});

describe('patient-reported allergies on a case (issue 35)', () => {
  const peanut = { name: 'Peanut', reaction: 'anaphylaxis' };
  it.each([
    ['nothing recorded, not merged', [{ allergies: [peanut], merged: false }], null, ['Peanut (anaphylaxis)']],
    [
      'nothing recorded, merged into a history not signed yet',
      [{ allergies: [peanut], merged: true }],
      '',
      ['Peanut (anaphylaxis)'],
    ],
    [
      'a record that does not name it, answers not merged',
      [{ allergies: [peanut], merged: false }],
      'NKDA',
      ['Peanut (anaphylaxis)'],
    ],
    ['a record naming it', [{ allergies: [peanut], merged: false }], 'Penicillin; peanut (anaphylaxis)', []],
    ['merged and the case has a record (staff left it out)', [{ allergies: [peanut], merged: true }], 'Latex', []],
    ['reported none', [{ allergies: [], merged: false }], null, []],
    ['not asked', [{ allergies: null, merged: false }], null, []],
    [
      'two forms naming it twice, and another',
      [
        { allergies: [{ name: 'peanut' }, { name: 'Latex', reaction: ' hives ' }], merged: false },
        { allergies: [peanut], merged: false },
      ],
      null,
      ['peanut', 'Latex (hives)'],
    ],
  ] as const)('[HM6] %s', (_, answers, recorded, shown) => {
    expect(unreviewedReportedAllergies(answers, recorded)).toEqual(shown);
  });
});
