import { describe, expect, it } from 'vitest';
import { fitPointGroups, padPoint, pointGroupsToPath, signatureWidth, strokesToPath } from './signaturePath.js';

describe('signature pad geometry (spec 002 §3, §9)', () => {
  it('is at most 660 px wide', () => {
    expect(signatureWidth(1024)).toBe(660);
    expect(signatureWidth(400)).toBe(400);
  });

  it('shifts touch by 10 px and pen by 2 px, clips to the pad and rounds to 2 decimals', () => {
    expect(padPoint(10.123, 50.456, 'mouse', 660)).toEqual([10.12, 50.46]);
    expect(padPoint(10, 50, 'touch', 660)).toEqual([10, 40]);
    expect(padPoint(10, 50, 'pen', 660)).toEqual([10, 48]);
    expect(padPoint(-5, 400, 'mouse', 660)).toEqual([0, 300]);
    expect(padPoint(700, 5, 'touch', 660)).toEqual([660, 0]);
  });

  it('writes strokes as SVG path data', () => {
    expect(
      strokesToPath([
        [
          [1, 2],
          [3, 4],
        ],
        [],
        [[5, 6]],
      ]),
    ).toBe('M 1 2 L 3 4 M 5 6');
  });
});

describe('the signature library strokes as the pad hands them on', () => {
  it('writes each stroke of the library as one subpath, rounded to 2 decimals', () => {
    expect(
      pointGroupsToPath([
        {
          points: [
            { x: 40.119999, y: 150 },
            { x: 60.005, y: 90.5 },
          ],
        },
        { points: [] },
        { points: [{ x: 180, y: 70 }] },
      ]),
    ).toBe('M 40.12 150 L 60.01 90.5 M 180 70');
  });

  it('[SP1] leaves strokes that fit a narrower pad where they are', () => {
    const strokes = [
      {
        points: [
          { x: 10, y: 20 },
          { x: 380, y: 290 },
        ],
      },
    ];
    expect(fitPointGroups(strokes, 390)).toEqual(strokes);
  });

  it('[SP1] shrinks strokes evenly about the top left corner when the pad becomes too narrow for them', () => {
    // Drawn to 600 px on a 660 px pad, turned to a 390 px pad: everything × 390 / 600 = 0.65.
    const strokes = [{ points: [{ x: 100, y: 200, time: 1 }] }, { points: [{ x: 600, y: 100, time: 2 }] }];
    expect(fitPointGroups(strokes, 390)).toEqual([
      { points: [{ x: 65, y: 130, time: 1 }] },
      { points: [{ x: 390, y: 65, time: 2 }] },
    ]);
  });
});
