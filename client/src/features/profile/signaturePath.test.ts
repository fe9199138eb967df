import { describe, expect, it } from 'vitest';
import { padPoint, signatureWidth, strokesToPath } from './signaturePath.js';

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
