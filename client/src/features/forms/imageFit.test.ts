import { describe, expect, it } from 'vitest';
import { fitWithin, imageMarkdown } from './imageFit.js';

describe('pasted images (spec 000 §5)', () => {
  it.each([
    // 1000 × 500: scale min(500/1000, 500/500) = 0.5 → 500 × 250
    [
      { width: 1000, height: 500 },
      { width: 500, height: 250 },
    ],
    // 600 × 2400: scale 500/2400 = 0.2083 → 125 × 500
    [
      { width: 600, height: 2400 },
      { width: 125, height: 500 },
    ],
    // 4032 × 3024 (a phone photo): 500/4032 = 0.124 → 500 × 375
    [
      { width: 4032, height: 3024 },
      { width: 500, height: 375 },
    ],
    // already inside: kept, never enlarged
    [
      { width: 320, height: 200 },
      { width: 320, height: 200 },
    ],
    // exactly 500 × 500 stays
    [
      { width: 500, height: 500 },
      { width: 500, height: 500 },
    ],
    // a 10000 × 1 strip keeps at least one pixel of height
    [
      { width: 10000, height: 1 },
      { width: 500, height: 1 },
    ],
  ])('[FC1] fits %o within 500 × 500 as %o', (image, expected) => {
    expect(fitWithin(image)).toEqual(expected);
  });

  it('[FC1] has no size for an image with no pixels', () => {
    expect(fitWithin({ width: 0, height: 300 })).toBeNull();
    expect(fitWithin({ width: Number.NaN, height: 300 })).toBeNull();
  });

  it('[FC2] writes an image as Markdown with a safe alternative text', () => {
    expect(imageMarkdown('scan [1].png', 'data:image/jpeg;base64,AAAA')).toBe(
      '![scan 1.png](data:image/jpeg;base64,AAAA)',
    );
    expect(imageMarkdown('', 'data:image/jpeg;base64,AAAA')).toBe('![image](data:image/jpeg;base64,AAAA)');
  });
});
