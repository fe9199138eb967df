import { IMAGE_BOUNDS } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { PICTURE_SIDE, pictureSize } from './pictures.js';

describe('product pictures', () => {
  it.each([
    // 4000 × 3000 scaled by 1200/4000 = 0.3 → 1200 × 900.
    [4000, 3000, { width: 1200, height: 900 }],
    // Portrait 1000 × 2500: 1200/2500 = 0.48 → 480 × 1200.
    [1000, 2500, { width: 480, height: 1200 }],
    // Already inside: kept, never enlarged.
    [160, 160, { width: 160, height: 160 }],
    // A 10000 × 1 strip keeps at least one pixel of height.
    [10000, 1, { width: 1200, height: 1 }],
  ])('[SHC9] keeps a %i × %i picture at %o', (w, h, size) => {
    expect(pictureSize(w, h)).toEqual(size);
  });

  it('[SHC9] refuses a picture without pixels', () => {
    expect(pictureSize(0, 10)).toBeNull();
    expect(pictureSize(Number.NaN, 10)).toBeNull();
  });

  it('keeps pictures inside the bounds the server holds them to', () => {
    expect(PICTURE_SIDE).toBeLessThanOrEqual(IMAGE_BOUNDS.formImage.maxWidth);
    expect(PICTURE_SIDE * PICTURE_SIDE).toBeLessThanOrEqual(IMAGE_BOUNDS.formImage.maxPixels);
  });
});
