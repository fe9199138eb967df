import { describe, expect, it } from 'vitest';
import { signatureBounds } from './Report.js';

describe('a printed signature path', () => {
  it('[IM1] is cropped to its ink, padded by the stroke', () => {
    // Points (10, 20) and (110, 70), padded 4 px on each side.
    expect(signatureBounds('M 10 20 L 110 70')).toEqual({ x: 6, y: 16, width: 108, height: 58 });
  });

  it('[IM1] never covers more than a signature image may (3000 × 1500), however far its points go', () => {
    // A path from a member's client with a point 20,000,000 px away would print a picture of 4×10^14 pixels.
    expect(signatureBounds('M 10 20 L 20000000 20000000 L -5000000 -9')).toEqual({
      x: -4,
      y: -4,
      width: 3008,
      height: 1508,
    });
  });
});
