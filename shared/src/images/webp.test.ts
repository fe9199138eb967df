import { describe, expect, it } from 'vitest';
import { checkImage, checkImageBase64, IMAGE_BOUNDS } from './raster.js';
import { readWebp } from './webp.js';

const ascii = (s: string): number[] => s.split('').map((c) => c.charCodeAt(0));
const le32 = (n: number): number[] => [n & 255, (n >> 8) & 255, (n >> 16) & 255, (n >>> 24) & 255];
const le24 = (n: number): number[] => [n & 255, (n >> 8) & 255, (n >> 16) & 255];

/** One chunk: fourCC, length, data, a pad byte when the length is odd. */
const chunk = (kind: string, data: number[]): number[] => [
  ...ascii(kind),
  ...le32(data.length),
  ...data,
  ...(data.length % 2 ? [0] : []),
];
/** A RIFF WEBP file of the chunks (its length field `lengthDelta` off when asked). */
const webp = (chunks: number[][], lengthDelta = 0): Uint8Array => {
  const body = [...ascii('WEBP'), ...chunks.flat()];
  return new Uint8Array([...ascii('RIFF'), ...le32(body.length + lengthDelta), ...body]);
};
/** A VP8 key frame's header of the size (frame tag, start code, 14-bit sizes) and some data. */
const vp8 = (width: number, height: number): number[] =>
  chunk('VP8 ', [0x10, 0x02, 0x00, 0x9d, 0x01, 0x2a, width & 255, width >> 8, height & 255, height >> 8, 1, 2, 3]);
/** A VP8L header: signature, width-1 and height-1 in 14 bits each, version 0. */
const vp8l = (width: number, height: number): number[] =>
  chunk('VP8L', [0x2f, ...le32((width - 1) | ((height - 1) << 14)), 7, 7]);
/** A VP8X header with its flags and canvas size. */
const vp8x = (flags: number, width: number, height: number): number[] =>
  chunk('VP8X', [flags, 0, 0, 0, ...le24(width - 1), ...le24(height - 1)]);

describe('[IM5] WebP container (the image input writes WebP 480, spec 002 §9)', () => {
  it.each([
    ['a lossy 480 × 480 image', webp([vp8(480, 480)]), { width: 480, height: 480 }],
    ['a lossless 200 × 100 image', webp([vp8l(200, 100)]), { width: 200, height: 100 }],
    [
      'an extended file with alpha',
      webp([vp8x(0x10, 480, 480), chunk('ALPH', [0, 1, 2]), vp8(480, 480)]),
      { width: 480, height: 480 },
    ],
    ['a truncated file (the length says more)', webp([vp8(480, 480)], 4), 'malformed'],
    ['a chunk running past the end', webp([[...ascii('VP8 '), ...le32(400), 1, 2]]), 'malformed'],
    ['an extended canvas unlike its image', webp([vp8x(0, 480, 480), vp8(240, 240)]), 'malformed'],
    ['two images', webp([vp8x(0, 480, 480), vp8(480, 480), vp8(480, 480)]), 'malformed'],
    ['no image', webp([vp8x(0, 480, 480)]), 'malformed'],
    ['an animation', webp([vp8x(0x02, 480, 480), chunk('ANIM', [0, 0, 0, 0, 0, 0])]), 'animated'],
    ['a VP8 frame without its start code', webp([chunk('VP8 ', [0, 0, 0, 1, 2, 3, 0, 0, 0, 0])]), 'malformed'],
  ])('%s', (_name, bytes, expected) => {
    expect(readWebp(bytes)).toEqual(expected);
  });

  it('[IM5] holds a photo WebP to the photo bounds and refuses it where only PNG is allowed', () => {
    expect(checkImage(webp([vp8(480, 480)]), IMAGE_BOUNDS.photo)).toEqual({
      ok: true,
      format: 'webp',
      width: 480,
      height: 480,
    });
    // 5000 px wide: over the photo's 4096.
    expect(checkImage(webp([vp8l(5000, 10)]), IMAGE_BOUNDS.photo)).toMatchObject({ ok: false, problem: 'dimensions' });
    expect(checkImage(webp([vp8(480, 480)]), IMAGE_BOUNDS.selfie)).toMatchObject({ ok: false, problem: 'format' });
    expect(
      checkImage(webp([vp8x(0x02, 480, 480), chunk('ANIM', [0, 0, 0, 0, 0, 0])]), IMAGE_BOUNDS.photo),
    ).toMatchObject({
      ok: false,
      problem: 'format',
    });
  });

  it('[IM2] refuses WebP bytes that claim to be another type, and another type that claims to be WebP', () => {
    const btoa = (globalThis as unknown as { btoa: (s: string) => string }).btoa;
    const data = btoa(String.fromCharCode(...webp([vp8(480, 480)])));
    expect(checkImageBase64(data, 'image/webp', IMAGE_BOUNDS.photo).ok).toBe(true);
    expect(checkImageBase64(data, 'image/png', IMAGE_BOUNDS.photo)).toMatchObject({ ok: false, problem: 'format' });
    expect(checkImageBase64(btoa('<svg/>'), 'image/webp', IMAGE_BOUNDS.photo)).toMatchObject({
      ok: false,
      problem: 'format',
    });
  });
});

describe('[IM1] a photo is bounded in bytes too', () => {
  it('refuses a photo over 5,000,000 bytes before reading it', () => {
    const big = new Uint8Array(5_000_001);
    expect(checkImage(big, IMAGE_BOUNDS.photo)).toEqual({
      ok: false,
      problem: 'bytes',
      message: 'The image is too large: it may take at most 5,000,000 bytes.',
    });
  });
});
