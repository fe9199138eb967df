import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALDRETE_ITEMS,
  PADS_ITEMS,
  dischargeSummary,
  isValidItemScore,
  itemMaxScore,
  percentageChange,
  percentageDelta,
  vitalsComparison,
  vitalsScore,
} from './discharge-score.js';

const all = (items: readonly string[], score: (item: string) => number) =>
  Object.fromEntries(items.map((i) => [i, { score: score(i) }]));

describe('discharge items', () => {
  it('[DS1] has six Aldrete items scored 0–2', () => {
    expect(ALDRETE_ITEMS).toHaveLength(6);
    for (const i of ALDRETE_ITEMS) expect(itemMaxScore('aldrete', i)).toBe(2);
    expect(itemMaxScore('aldrete', 'oriented')).toBeNull();
  });

  it.each([
    ['oriented', 1],
    ['steadyGait', 1],
    ['voided', 1],
    ['poFluids', 1],
    ['surgicalBleeding', 2],
    ['painNauseaVomiting', 2],
    ['aldretePain', null],
  ])('[DS2] PADS %s scores up to %s', (item, max) => {
    expect(itemMaxScore('pads', item)).toBe(max);
    expect(PADS_ITEMS).toHaveLength(6);
  });

  it.each([
    ['aldrete', 'aldretePain', 2, true],
    ['aldrete', 'aldretePain', 3, false],
    ['aldrete', 'aldretePain', -1, false],
    ['aldrete', 'aldretePain', 1.5, false],
    ['aldrete', 'aldretePain', '2', false],
    ['pads', 'voided', 2, false],
    ['pads', 'voided', 1, true],
    ['pads', 'nope', 0, false],
  ] as const)('[DS3] %s %s score %j valid: %s', (type, item, score, ok) => {
    expect(isValidItemScore(type, item, score)).toBe(ok);
  });
});

describe('vitals score', () => {
  it.each([
    [100, 110, 10], // +10 / 100
    [120, 90, -25], // −30 / 120
    [80, 80, 0],
    [3, 4, 33.3], // 1 / 3 = 33.33
    [0, 10, null],
    [Number.NaN, 10, null],
    // boundary: 19.96 / 100 = 19.96 % is shown cut to 19.9 (never 20.0, which would score 1)
    [100, 119.96, 19.9],
    [100, 80.04, -19.9], // −19.96 %
    [100, 120, 20],
    [3, 3.6, 20], // 0.6 / 3 = 20 % exactly (floating point gives 19.999999999999996)
    [100, 139.99, 39.9],
    [100, 99.96, 0], // −0.04 % shown as 0, not −0
  ])('[DS4] %s → %s is %s %%', (start, end, delta) => {
    expect(percentageDelta(start, end)).toBe(delta);
  });

  it.each([
    [100, 119.96, 19.96],
    [3, 3.6, 20],
    [0, 5, null],
  ])('[DS4] the unrounded change %s → %s is %s %%', (start, end, change) => {
    expect(percentageChange(start, end)).toBe(change);
  });

  it.each([
    // [DS6] boundary: 100 → 119.96 is 19.96 % → 2, and shows as 19.9 %
    [100, 119.96, 19.9, 2],
    [100, 120, 20, 1], // 20 % is not under 20
    [3, 3.6, 20, 1], // exactly 20 % despite floating point
    [100, 80.04, -19.9, 2],
    [100, 139.99, 39.9, 1],
    [100, 140, 40, 0],
  ])('[DS6] %s → %s shows %s %% and scores %s, consistently', (start, end, shown, score) => {
    expect(percentageDelta(start, end)).toBe(shown);
    expect(
      vitalsScore([
        { startValue: start, endValue: end },
        { startValue: 80, endValue: 80 },
      ]),
    ).toBe(score);
  });

  it('[DS6] a change shown under 20 % always scores 2, under 40 % at least 1 (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.1, max: 500, noNaN: true }),
        fc.double({ min: 0, max: 1000, noNaN: true }),
        (start, end) => {
          const shown = Math.abs(percentageDelta(start, end)!);
          const expected = shown < 20 ? 2 : shown < 40 ? 1 : 0;
          expect(
            vitalsScore([
              { startValue: start, endValue: end },
              { startValue: 80, endValue: 80 },
            ]),
          ).toBe(expected);
        },
      ),
    );
  });

  it.each([
    // [DS6] largest absolute change: under 20 → 2, under 40 → 1, else 0
    [
      [
        { startValue: 100, endValue: 119 },
        { startValue: 80, endValue: 80 },
      ],
      2,
    ], // 19 %
    [
      [
        { startValue: 100, endValue: 120 },
        { startValue: 80, endValue: 80 },
      ],
      1,
    ], // 20 % is not under 20
    [
      [
        { startValue: 100, endValue: 80.1 },
        { startValue: 80, endValue: 80 },
      ],
      2,
    ], // 19.9 %
    [
      [
        { startValue: 100, endValue: 139 },
        { startValue: 80, endValue: 70 },
      ],
      1,
    ], // 39 % and 12.5 %
    [
      [
        { startValue: 100, endValue: 140 },
        { startValue: 80, endValue: 80 },
      ],
      0,
    ], // 40 %
    [
      [
        { startValue: 100, endValue: 50 },
        { startValue: 80, endValue: 80 },
      ],
      0,
    ], // 50 %
    [[{ startValue: 100, endValue: 100 }], null], // one comparison is not enough
    [[], null],
    [
      [
        { startValue: 0, endValue: 0 },
        { startValue: 80, endValue: 81 },
      ],
      2,
    ], // 0 → 0 is no change; 1.25 %
    [
      [
        { startValue: 0, endValue: 5 },
        { startValue: 80, endValue: 81 },
      ],
      0,
    ], // from 0: unbounded
    [
      [
        { startValue: Number.NaN, endValue: 5 },
        { startValue: 80, endValue: 81 },
      ],
      null,
    ], // one usable
  ])('[DS6] %j scores %s', (comparisons, score) => {
    expect(vitalsScore(comparisons)).toBe(score);
  });

  it('[DS5] compares the first and last value of each vital', () => {
    expect(
      vitalsComparison({ sbp: [120, null, 130, 132], hr: [80], spo2: [undefined, 99, 97] }, { sbp: 'Systolic' }),
    ).toEqual([
      { id: 'sbp', name: 'Systolic', startValue: 120, endValue: 132, percentageDelta: 10 }, // 12 / 120
      { id: 'spo2', name: 'spo2', startValue: 99, endValue: 97, percentageDelta: -2 }, // −2 / 99 = −2.02
    ]);
  });
});

describe('discharge summary', () => {
  it.each([
    // Aldrete: 6 × 2 = 12 + vitals 2 = 14 ≥ 12
    ['aldrete', all(ALDRETE_ITEMS, () => 2), 2, 14, true, true],
    // 5 × 2 + 0 = 10 + vitals 1 = 11 < 12
    ['aldrete', all(ALDRETE_ITEMS, (i) => (i === 'aldreteGait' ? 0 : 2)), 1, 11, true, false],
    // 6 × 2 = 12 + vitals 0 = 12 ≥ 12
    ['aldrete', all(ALDRETE_ITEMS, () => 2), 0, 12, true, true],
    // PADS: 4 × 1 + 2 × 2 = 8 + 2 = 10 ≥ 9
    ['pads', all(PADS_ITEMS, (i) => itemMaxScore('pads', i)!), 2, 10, true, true],
    // 4 × 1 + 2 × 1 = 6 + 2 = 8 < 9
    ['pads', all(PADS_ITEMS, () => 1), 2, 8, true, false],
    // vitals score missing → incomplete; 8 + 0 = 8
    ['pads', all(PADS_ITEMS, (i) => itemMaxScore('pads', i)!), null, 8, false, false],
    // an item missing → incomplete: 5 × 2 = 10 + 2 = 12 but not complete
    ['aldrete', all(ALDRETE_ITEMS.slice(1), () => 2), 2, 12, false, false],
    // an invalid score is not counted: 5 × 2 + (3 ignored) + 2 = 12, incomplete
    ['aldrete', { ...all(ALDRETE_ITEMS, () => 2), aldreteGait: { score: 3 } }, 2, 12, false, false],
  ] as const)(
    '[DS7] %s %j vitals %s totals %s (complete %s, meets target %s)',
    (type, entries, v, total, complete, meets) => {
      const s = dischargeSummary(type, entries, v);
      expect(s.totalScore).toBe(total);
      expect(s.complete).toBe(complete);
      expect(s.meetsTarget).toBe(meets);
      expect(s.targetScore).toBe(type === 'aldrete' ? 12 : 9);
    },
  );
});
