import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FAILED_TO_PARSE, bmi, bmiColour, cmText, kgText, parseHeight, parseWeight } from './bmi.js';

describe('bmi', () => {
  it.each([
    // [BMI1] kg / m², 1 decimal
    [70, 175, 22.9], // 70 / 1.75² = 70 / 3.0625 = 22.857 → 22.9
    [100, 180, 30.9], // 100 / 3.24 = 30.864 → 30.9
    [20, 110, 16.5], // 20 / 1.21 = 16.529 → 16.5
    [81, 180, 25], // 81 / 3.24 = 25.0
    [62.5, 158, 25], // 62.5 / 2.4964 = 25.036 → 25.0
    [250, 100, 250], // 250 / 1 = 250, at the cap: valid
    [250.04, 100, 250], // 250.04 rounds to 250.0, valid
    [250.1, 100, null], // 250.1 > 250 → null
    [650, 120, null], // 650 / 1.44 = 451.4 > 250 → null
  ])('[BMI1] %s kg at %s cm gives %s', (kg, cm, expected) => {
    expect(bmi(kg, cm)).toBe(expected);
  });

  it.each([
    [null, 175],
    [70, null],
    [null, null],
    [0, 175],
    [70, 0],
    [-70, 175],
    [Number.NaN, 175],
    [70, Number.POSITIVE_INFINITY],
  ])('[BMI1] is null when weight %s or height %s is missing or not positive', (kg, cm) => {
    expect(bmi(kg, cm)).toBeNull();
  });

  it('[BMI1] is monotonic in weight for a fixed height (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 400, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.double({ min: 50, max: 250, noNaN: true }),
        (w, extra, h) => {
          const a = bmi(w, h);
          const b = bmi(w + extra, h);
          if (a != null && b != null) expect(b).toBeGreaterThanOrEqual(a);
          if (a == null) expect(b).toBeNull(); // once above the cap, heavier stays null
        },
      ),
    );
  });

  it.each([
    [17.9, 'blue'],
    [18, 'blue'], // up to 18 inclusive
    [18.1, 'green'],
    [24, 'green'],
    [24.1, 'yellow'],
    [29, 'yellow'],
    [29.1, 'orange'],
    [39, 'orange'],
    [39.1, 'red'],
    [250, 'red'],
    [null, null],
  ] as const)('[BMI2] BMI %s is %s', (value, colour) => {
    expect(bmiColour(value)).toBe(colour);
  });
});

describe('height and weight parsing', () => {
  it.each([
    ['70', 'kg', 70],
    ['70 kg', 'lb', 70],
    ['154 lb', 'kg', 154 * 0.45359237], // 69.853 kg
    ['154', 'lb', 69.85322498],
    ['154lbs', 'kg', 69.85322498],
    ['200#', 'kg', 90.718474], // 200 × 0.45359237
    ['650', 'kg', 650], // the maximum
    ['.5 kg', 'kg', 0.5],
  ] as const)('[HW1] weight %j (%s default) is %s kg', (raw, unit, kg) => {
    const r = parseWeight(raw, unit);
    expect(r?.value).toBeCloseTo(kg, 6);
    expect(r?.raw).toBe(raw);
  });

  it.each([['abc'], [''], ['0'], ['651 kg'], ['1434 lb'], ['70 stone']])('[HW1] weight %j fails to parse', (raw) => {
    expect(parseWeight(raw, 'kg')).toBeNull();
    expect(FAILED_TO_PARSE).toBe('Failed to parse');
  });

  it.each([
    ['170', 'cm', 170],
    ['170 cm', 'in', 170],
    ['64', 'in', 162.56], // 64 × 2.54
    ['64 in', 'cm', 162.56],
    ['64"', 'cm', 162.56],
    [`5'4"`, 'cm', 162.56], // (5 × 12 + 4) × 2.54
    ['5 ft 4 in', 'cm', 162.56],
    [`6'`, 'cm', 182.88], // 72 × 2.54
    ['120 in', 'cm', 304.8], // the maximum
  ] as const)('[HW2] height %j (%s default) is %s cm', (raw, unit, cm) => {
    expect(parseHeight(raw, unit)?.value).toBeCloseTo(cm, 6);
  });

  it.each([['tall'], [''], ['121 in'], ['305 cm'], [`5'13"`], ['0']])('[HW2] height %j fails to parse', (raw) => {
    expect(parseHeight(raw, 'in')).toBeNull();
  });
});

describe('weight and height for display', () => {
  it.each([
    // 66 lb × 0.45359237 = 29.93709642 (29.937096420000003 in binary floating point)
    ['66 lb', '29.9 kg'],
    ['70', '31.8 kg'], // 70 lb × 0.45359237 = 31.7514659
    ['20 kg', '20 kg'],
    ['0.05 kg', '0.1 kg'],
  ])('[HW3] shows a weight typed as %s as %s', (raw, shown) => {
    expect(kgText(parseWeight(raw, 'lb')!.value)).toBe(shown);
  });

  it.each([
    [`4' 8"`, '142.2 cm'], // 56 in × 2.54 = 142.24
    ['61 in', '154.9 cm'], // 61 × 2.54 = 154.94
    ['150 cm', '150 cm'],
  ])('[HW3] shows a height typed as %s as %s', (raw, shown) => {
    expect(cmText(parseHeight(raw, 'in')!.value)).toBe(shown);
  });

  it('[HW3] never shows more than one decimal for any weight in lb', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 14_000 }), (tenths) => {
        const text = kgText(parseWeight(`${tenths / 10} lb`, 'lb')!.value);
        expect(text).toMatch(/^\d+(\.\d)? kg$/);
      }),
    );
  });
});
