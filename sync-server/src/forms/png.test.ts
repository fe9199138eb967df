import { inflateSync } from 'node:zlib';
import { pngSize } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { encodePng } from './png.js';

describe('encodePng', () => {
  it('writes a PNG of the given size whose pixels are the colours given', () => {
    const png = encodePng(3, 2, (x, y) => [x * 10, y * 100, 7]);
    expect(pngSize(`data:image/png;base64,${png.toString('base64')}`)).toEqual({ width: 3, height: 2 });
    // The IDAT chunk starts after the signature (8), IHDR (25) and its own length and type (8).
    const length = png.readUInt32BE(33);
    expect(png.subarray(37, 41).toString('ascii')).toBe('IDAT');
    const raw = inflateSync(png.subarray(41, 41 + length));
    // Each row: filter byte 0, then RGB per pixel.
    expect([...raw]).toEqual([0, 0, 0, 7, 10, 0, 7, 20, 0, 7, 0, 0, 100, 7, 10, 100, 7, 20, 100, 7]);
  });
});
