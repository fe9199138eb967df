import { describe, expect, it } from 'vitest';
import { caseDoseWeight, doseWeight, idealBodyWeightKg } from './ideal-body-weight.js';

describe('ideal body weight (Devine)', () => {
  it.each([
    // 5 ft 10 in = 70 in = 177.8 cm: men 50 + 2.3 × 10 = 73 kg
    [177.8, 'male', 73],
    // women 45.5 + 2.3 × 10 = 68.5 kg
    [177.8, 'female', 68.5],
    // exactly 5 ft = 152.4 cm: the base alone
    [152.4, 'male', 50],
    [152.4, 'female', 45.5],
    // 170 cm = 66.929 in; men 50 + 2.3 × 6.929 = 65.937 → 65.9 (rounded down)
    [170, 'male', 65.9],
    // 160 cm = 62.992 in; women 45.5 + 2.3 × 2.992 = 52.382 → 52.3
    [160, 'female', 52.3],
    // under 5 ft the line continues: 147.32 cm = 58 in; women 45.5 − 2.3 × 2 = 40.9
    [147.32, 'female', 40.9],
    // sex not recorded as male or female: the women's (smaller) formula
    [177.8, 'other', 68.5],
    [177.8, 'unknown', 68.5],
    [177.8, null, 68.5],
  ] as const)('[IBW1] %s cm, %s: %s kg', (heightCm, sex, kg) => {
    expect(idealBodyWeightKg({ heightCm, sex })).toBe(kg);
  });

  it.each([null, 0, -170, Number.NaN, Number.POSITIVE_INFINITY, 20])(
    '[IBW1] gives null without a usable height, or where the formula gives no positive weight (%s cm)',
    (heightCm) => {
      // 20 cm = 7.87 in; 45.5 + 2.3 × (7.87 − 60) < 0
      expect(idealBodyWeightKg({ heightCm, sex: 'female' })).toBeNull();
    },
  );

  it.each([
    // adult man 177.8 cm (IBW 73 kg) weighing 110 kg: doses on 73 kg, shows both
    [
      { weightKg: 110, heightCm: 177.8, sex: 'male', ageYears: 40 },
      { kg: 73, basis: 'ideal', actualKg: 110, idealKg: 73 },
    ],
    // lighter than the ideal weight: the actual weight (it does not overstate)
    [
      { weightKg: 60, heightCm: 177.8, sex: 'male', ageYears: 40 },
      { kg: 60, basis: 'actual', actualKg: 60, idealKg: 73 },
    ],
    // equal: the actual weight
    [
      { weightKg: 73, heightCm: 177.8, sex: 'male', ageYears: 40 },
      { kg: 73, basis: 'actual', actualKg: 73, idealKg: 73 },
    ],
    // exactly 18: an adult
    [
      { weightKg: 80, heightCm: 160, sex: 'female', ageYears: 18 },
      { kg: 52.3, basis: 'ideal', actualKg: 80, idealKg: 52.3 },
    ],
    // a 17-year-old keeps the actual weight: no ideal weight is worked out for children
    [
      { weightKg: 80, heightCm: 160, sex: 'female', ageYears: 17 },
      { kg: 80, basis: 'actual', actualKg: 80, idealKg: null },
    ],
    // unknown age: the actual weight
    [
      { weightKg: 80, heightCm: 160, sex: 'female', ageYears: null },
      { kg: 80, basis: 'actual', actualKg: 80, idealKg: null },
    ],
    // no height: the actual weight
    [
      { weightKg: 80, heightCm: null, sex: 'female', ageYears: 40 },
      { kg: 80, basis: 'actual', actualKg: 80, idealKg: null },
    ],
    // no usable weight: nothing to dose on (absolute limits alone), the ideal weight still shown
    [
      { weightKg: 0, heightCm: 160, sex: 'female', ageYears: 40 },
      { kg: null, basis: 'actual', actualKg: null, idealKg: 52.3 },
    ],
  ] as const)('[IBW2] %j doses on %j', (q, expected) => {
    expect(doseWeight(q)).toMatchObject(expected);
  });

  it('[IBW2] says when the women’s formula stood in for a sex not recorded', () => {
    expect(doseWeight({ weightKg: 100, heightCm: 177.8, sex: null, ageYears: 30 })).toEqual({
      kg: 68.5,
      basis: 'ideal',
      actualKg: 100,
      idealKg: 68.5,
      sexAssumed: true,
    });
    expect(doseWeight({ weightKg: 100, heightCm: 177.8, sex: 'male', ageYears: 30 }).sexAssumed).toBe(false);
  });
});

describe('dose weight of a stored case', () => {
  it.each([
    // this build's { value } measurements: 110 kg, 177.8 cm man of 40 → 73 kg ideal
    [{ weight: { value: 110, raw: '110 kg' }, height: { value: 177.8 } }, 'male', 40, 73, 'ideal'],
    // older data keeps bare numbers (CD5)
    [{ weight: 110, height: 177.8 }, 'male', 40, 73, 'ideal'],
    // a child keeps the actual weight
    [{ weight: { value: 20 }, height: { value: 110 } }, 'female', 6, 20, 'actual'],
    // unreadable values are not recorded
    [{ weight: { value: '70' }, height: 'tall' }, 'male', 40, null, 'actual'],
    [null, 'male', 40, null, 'actual'],
  ] as const)('[IBW2] %j (%s, %s y) doses on %s kg (%s)', (caseData, sex, ageYears, kg, basis) => {
    expect(caseDoseWeight(caseData, { ageYears, sex })).toMatchObject({ kg, basis });
  });

  it('[IBW2] without a sex the women’s formula stands in', () => {
    expect(caseDoseWeight({ weight: 110, height: 177.8 }, { ageYears: 40 })).toMatchObject({
      kg: 68.5,
      sexAssumed: true,
    });
  });
});
