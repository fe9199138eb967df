import { PLAIN_EXTRA_QUESTIONS, type OrgFormField } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { ACCEPTANCE_TEXT, EMPTY_ANSWERS, fillPlaceholders, listAnswered, stillMissing, withAnswer } from './answers.js';
import { measureProblem } from './measure.js';
import {
  EMPTY_HISTORY,
  historyMissing,
  PATIENT_HISTORY_CATEGORIES,
  type PatientHistoryAnswers,
} from './patientHistory.js';
import { selfieCrop } from './selfie.js';

const f = (name: string, type: OrgFormField['type'], required = true): OrgFormField => ({
  name,
  label: `${name} label`,
  type,
  required,
});

describe("the patient's form (spec 000 §4 Contract)", () => {
  it("[FC8] fills {{name}} placeholders and shows '(blank)' for an empty or unknown one", () => {
    expect(
      fillPlaceholders('I, {{signerName}}, consent for {{ patientName }}.', {
        signerName: 'Ann Lee',
        patientName: 'Sam Lee',
      }),
    ).toBe('I, Ann Lee, consent for Sam Lee.');
    expect(
      fillPlaceholders('I, {{signerName}}, born {{birthDate}}, at {{office}}', { signerName: '  ', birthDate: null }),
    ).toBe('I, (blank), born (blank), at (blank)');
    expect(fillPlaceholders('No {placeholders} {{ }} here', {})).toBe('No {placeholders} {{ }} here');
  });

  it("[FC7] lists under 'Still Missing:' each required field without an answer, in order, then the acceptance checkbox", () => {
    const fields = [
      f('height', 'bodyHeight'),
      f('nick', 'text', false),
      f('signerName', 'text'),
      f('signature', 'signature'),
      f('photo', 'selfie'),
    ];
    expect(stillMissing(fields, EMPTY_ANSWERS, false)).toEqual([
      'height label',
      'signerName label',
      'signature label',
      'photo label',
      ACCEPTANCE_TEXT,
    ]);
    const answered = {
      ...EMPTY_ANSWERS,
      text: { height: '5 ft 6 in', signerName: 'Ann Lee' },
      signature: { signature: 'M 1 1 L 2 2' },
      selfie: { photo: 'data:image/png;base64,AAAA' },
    };
    expect(stillMissing(fields, answered, false)).toEqual([ACCEPTANCE_TEXT]);
    expect(stillMissing(fields, answered, true)).toEqual([]);
    // The form's own checkbox words name it.
    expect(stillMissing(fields, answered, false, 'I consent.')).toEqual(['I consent.']);
  });

  it('[FC7] counts a height without its unit as missing', () => {
    const fields = [f('height', 'bodyHeight')];
    expect(stillMissing(fields, { ...EMPTY_ANSWERS, text: { height: '66' } }, true)).toEqual(['height label']);
    expect(stillMissing(fields, { ...EMPTY_ANSWERS, text: { height: '168 cm' } }, true)).toEqual([]);
  });

  it("[FC6] takes a list as answered with 'none' ticked or one named entry", () => {
    expect(listAnswered(undefined, 'name')).toBe(false);
    expect(listAnswered({ none: true, items: [] }, 'name')).toBe(true);
    expect(listAnswered({ none: false, items: [{ name: ' ', reaction: 'hives' }] }, 'name')).toBe(false);
    expect(listAnswered({ none: false, items: [{ name: 'Penicillin', reaction: '' }] }, 'name')).toBe(true);
  });

  it.each([
    ['bodyHeight', '5 ft 6 in', null],
    ['bodyHeight', '5\'6"', null],
    ['bodyHeight', '168 cm', null],
    ['bodyHeight', '66', 'Add the unit: ft and in, or cm'],
    ['bodyHeight', 'tall', 'This could not be read. For example 5 ft 6 in, or 168 cm'],
    ['bodyWeight', '150 lb', null],
    ['bodyWeight', '68 kg', null],
    ['bodyWeight', '68', 'Add the unit: lb or kg'],
    ['bodyWeight', '', null],
  ] as const)('[FC10] %s %j: %j', (type, raw, problem) => {
    expect(measureProblem(type, raw)).toBe(problem);
  });

  it('[FC9] needs every health question answered, and a Yes explained', () => {
    const total = PATIENT_HISTORY_CATEGORIES.length + PLAIN_EXTRA_QUESTIONS.length;
    expect(historyMissing(EMPTY_HISTORY)).toHaveLength(total);
    const allNo: PatientHistoryAnswers = {
      categories: Object.fromEntries(
        PATIENT_HISTORY_CATEGORIES.map((c) => [c.id, { answer: 'no', conditions: [], details: '' }]),
      ),
      extra: Object.fromEntries(PLAIN_EXTRA_QUESTIONS.map((q) => [q.id, { answer: 'no', details: '' }])),
    };
    expect(historyMissing(allNo)).toEqual([]);
    const heartYes = {
      ...allNo,
      categories: { ...allNo.categories, cardiac: { answer: 'yes' as const, conditions: [] as string[], details: '' } },
    };
    expect(historyMissing(heartYes)).toEqual(['Do you have, or have you had, a heart problem or high blood pressure?']);
    heartYes.categories.cardiac.conditions = ['hypertension'];
    expect(historyMissing(heartYes)).toEqual([]);
  });

  it('[FC9] asks each category of the health-history editor once, in plain words', () => {
    expect(PATIENT_HISTORY_CATEGORIES.map((c) => c.id)).toEqual([
      'cns',
      'muscular',
      'hepatic',
      'gastro',
      'cardiac',
      'endocrine',
      'pulmonary',
      'gyn',
      'hematologic',
      'renal',
      'habits',
      'oncology',
      'psychiatric',
      'developmental',
      'general',
    ]);
    for (const c of PATIENT_HISTORY_CATEGORIES) expect(c.question).toMatch(/\?$/);
  });

  it.each([
    // 480 × 480: crop 40 each side → (40, 40) side 400, drawn at 480 × 480
    [480, 480, { sx: 40, sy: 40, side: 400, output: 480 }],
    // 640 × 480 (a fake or landscape camera): centre square x 80…560, then 40 → (120, 40) side 400
    [640, 480, { sx: 120, sy: 40, side: 400, output: 480 }],
    // 960 × 960: the border scales with the frame, 80 px → (80, 80) side 800, saved at 480
    [960, 960, { sx: 80, sy: 80, side: 800, output: 480 }],
  ])('[FC11] crops a %i × %i frame to the selfie of spec 002 §9', (w, h, crop) => {
    expect(selfieCrop(w, h)).toEqual(crop);
  });

  it('[FC11] has no selfie before the camera gives a frame', () => {
    expect(selfieCrop(0, 0)).toBeNull();
  });

  it("[FC23] replaces one field's answer of one kind and leaves every other answer as it was", () => {
    const first = withAnswer(EMPTY_ANSWERS, 'text', 'signerName', 'Ada');
    const next = withAnswer(first, 'allergies', 'allergies', { none: true, items: [] });
    expect(next).toEqual({
      ...EMPTY_ANSWERS,
      text: { signerName: 'Ada' },
      allergies: { allergies: { none: true, items: [] } },
    });
    expect(withAnswer(next, 'text', 'signerName', 'Grace').text).toEqual({ signerName: 'Grace' });
    expect(EMPTY_ANSWERS.text).toEqual({});
  });
});
