import { unzlibSync, zlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { encodePng, pngFile } from './png.js';
import { base64Bytes, checkImage, checkImageBase64, checkImageDataUrl, crc32, IMAGE_BOUNDS } from './raster.js';

/** Web and Node both have btoa; shared/ compiles without their type libraries. */
const btoa = (globalThis as unknown as { btoa: (s: string) => string }).btoa;
const b64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes));
const dataUrl = (type: string, bytes: Uint8Array): string => `data:${type};base64,${b64(bytes)}`;

/** 1 bit per pixel, all black: big in pixels, tiny in bytes. */
const greyPng = (
  width: number,
  height: number,
  raw = new Uint8Array((1 + Math.ceil(width / 8)) * height),
): Uint8Array => pngFile({ width, height, depth: 1, colour: 0 }, raw);

/** A JPEG's marker structure: SOI, a frame header (SOF0 or SOF2) of the given size, `scans` scans of entropy data, EOI. */
function jpeg(width: number, height: number, { scans = 1, sof = 0xc0, end = true } = {}): Uint8Array {
  const bytes = [
    0xff,
    0xd8,
    0xff,
    0xe0,
    0,
    16,
    ...'JFIF'.split('').map((c) => c.charCodeAt(0)),
    0,
    1,
    1,
    0,
    0,
    1,
    0,
    1,
    0,
    0,
  ];
  bytes.push(0xff, sof, 0, 11, 8, height >> 8, height & 255, width >> 8, width & 255, 1, 1, 0x11, 0);
  for (let s = 0; s < scans; s += 1) {
    // A scan header, then entropy-coded bytes with a stuffed 0xFF00 and a restart marker inside.
    bytes.push(0xff, 0xda, 0, 8, 1, 1, 0, 0, 63, 0, 0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56);
  }
  if (end) bytes.push(0xff, 0xd9);
  return Uint8Array.from(bytes);
}

/** A PNG whose one chunk (by type) is replaced: its body changed by `edit`, its CRC recomputed. */
function withChunk(png: Uint8Array, type: string, edit: (body: Uint8Array) => Uint8Array): Uint8Array {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const parts: Uint8Array[] = [png.subarray(0, 8)];
  for (let o = 8; o < png.length;) {
    const length = view.getUint32(o);
    const name = String.fromCharCode(...png.subarray(o + 4, o + 8));
    let body = png.subarray(o + 8, o + 8 + length);
    if (name === type) body = edit(body);
    const out = new Uint8Array(12 + body.length);
    const v = new DataView(out.buffer);
    v.setUint32(0, body.length);
    out.set(png.subarray(o + 4, o + 8), 4);
    out.set(body, 8);
    v.setUint32(8 + body.length, crc32(out.subarray(4, 8 + body.length)));
    parts.push(out);
    o += 12 + length;
  }
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((o, p) => (all.set(p, o), o + p.length), 0);
  return all;
}

describe('image bounds', () => {
  it('[IM2] reads a valid PNG and a valid JPEG within their bounds', () => {
    // The pad's own output: 660 × 300 at a device pixel ratio of 2 is 1320 × 600.
    expect(
      checkImage(
        encodePng(1320, 600, () => [255, 255, 255]),
        IMAGE_BOUNDS.signature,
      ),
    ).toEqual({
      ok: true,
      format: 'png',
      width: 1320,
      height: 600,
    });
    expect(checkImage(jpeg(500, 400), IMAGE_BOUNDS.formImage)).toEqual({
      ok: true,
      format: 'jpeg',
      width: 500,
      height: 400,
    });
    // An interlaced (Adam7) PNG is counted pass by pass. 7 × 5 grey at 8 bits, rows of
    // 1 filter byte + w bytes: passes (w × h) 1×1, 1×1, 2×1, 2×2, 4×1, 3×3, 7×2
    // = 2 + 2 + 3 + 6 + 5 + 12 + 16 = 46 bytes.
    const header = (h: Uint8Array): Uint8Array => Uint8Array.from([...h.subarray(0, 8), 8, 0, 0, 0, 1]);
    const adam7 = withChunk(withChunk(greyPng(7, 5), 'IHDR', header), 'IDAT', () => zlibSync(new Uint8Array(46)));
    expect(checkImage(adam7, IMAGE_BOUNDS.photo)).toMatchObject({ ok: true, width: 7, height: 5 });
    expect(
      checkImage(
        withChunk(adam7, 'IDAT', () => zlibSync(new Uint8Array(47))),
        IMAGE_BOUNDS.photo,
      ).ok,
    ).toBe(false);
  });

  it.each([
    // [label, bytes, bounds, problem]
    [
      'a 20000 × 20000 signature (the 48 KB PNG of issue 35)',
      greyPng(20000, 20000),
      IMAGE_BOUNDS.signature,
      'dimensions',
    ],
    ['a signature wider than 3000 px', greyPng(3001, 10), IMAGE_BOUNDS.signature, 'dimensions'],
    // 2900 × 1450 = 4,205,000 pixels: within each side, past the 4,000,000 pixels.
    ['a signature with more than 4 megapixels', greyPng(2900, 1450), IMAGE_BOUNDS.signature, 'pixels'],
    ['a selfie larger than 480 × 480', greyPng(481, 480), IMAGE_BOUNDS.selfie, 'dimensions'],
    ['a JPEG photo taller than 4096 px', jpeg(100, 5000), IMAGE_BOUNDS.photo, 'dimensions'],
    ['a JPEG of 4096 × 4096 + 1 row', jpeg(4096, 4097), IMAGE_BOUNDS.photo, 'dimensions'],
    ['a JPEG signature (signatures are PNG)', jpeg(100, 50), IMAGE_BOUNDS.signature, 'format'],
    [
      'a GIF',
      Uint8Array.from([...'GIF89a'].map((c) => c.charCodeAt(0)).concat([10, 0, 10, 0, 0, 0, 0])),
      IMAGE_BOUNDS.photo,
      'format',
    ],
    [
      'an SVG',
      Uint8Array.from([...'<svg xmlns="http://www.w3.org/2000/svg"/>'].map((c) => c.charCodeAt(0))),
      IMAGE_BOUNDS.photo,
      'format',
    ],
    ['bytes with the wrong magic', Uint8Array.from([0x89, 0x50, 0x4e, 0x48, 0, 0, 0, 0]), IMAGE_BOUNDS.photo, 'format'],
  ] as const)('[IM2] refuses %s', (_label, bytes, bounds, problem) => {
    expect(checkImage(bytes, bounds)).toMatchObject({ ok: false, problem });
  });

  it.each([
    ['truncated in its image data', (p: Uint8Array) => p.subarray(0, p.length - 30)],
    ['without its end chunk', (p: Uint8Array) => p.subarray(0, p.length - 12)],
    ['with a chunk whose CRC is wrong', (p: Uint8Array) => Uint8Array.from(p, (b, i) => (i === 30 ? b ^ 1 : b))],
    // The header says 100 × 100 (1,300 bytes of rows); the data inflates to 10 MB.
    [
      'whose data inflates past its rows (a decompression bomb)',
      (p: Uint8Array) => withChunk(p, 'IDAT', () => zlibSync(new Uint8Array(10_000_000))),
    ],
    [
      'whose data holds fewer rows than its header says',
      (p: Uint8Array) => withChunk(p, 'IDAT', (d) => zlibSync(unzlibSync(d).subarray(0, 1000))),
    ],
    ['whose data is not zlib', (p: Uint8Array) => withChunk(p, 'IDAT', (d) => d.map((b) => b ^ 0x5a))],
    [
      'with a bit depth its colour type does not allow',
      (p: Uint8Array) => withChunk(p, 'IHDR', (h) => Uint8Array.from([...h.subarray(0, 8), 3, 2, 0, 0, 0])),
    ],
  ])('[IM2] refuses a PNG %s', (_label, damage) => {
    const png = greyPng(100, 100);
    expect(checkImage(png, IMAGE_BOUNDS.photo).ok).toBe(true);
    expect(checkImage(damage(png), IMAGE_BOUNDS.photo)).toMatchObject({ ok: false, problem: 'malformed' });
  });

  it('[IM2] refuses an animated PNG (every frame would be decoded)', () => {
    expect(checkImage(insertChunkAfterIhdr(greyPng(100, 100), 'acTL'), IMAGE_BOUNDS.photo)).toMatchObject({
      problem: 'format',
    });
  });

  it('[IM2] refuses a JPEG without its end marker, without a frame header, or with more than 100 scans', () => {
    expect(checkImage(jpeg(100, 100, { end: false }), IMAGE_BOUNDS.photo)).toMatchObject({ problem: 'malformed' });
    expect(checkImage(jpeg(100, 0), IMAGE_BOUNDS.photo)).toMatchObject({ problem: 'malformed' });
    expect(checkImage(jpeg(100, 100, { sof: 0xc2, scans: 100 }), IMAGE_BOUNDS.photo).ok).toBe(true);
    expect(checkImage(jpeg(100, 100, { sof: 0xc2, scans: 101 }), IMAGE_BOUNDS.photo)).toMatchObject({
      problem: 'malformed',
    });
  });

  it('[IM2] checks data URLs and base64 by what the bytes are, not what they claim', () => {
    const png = encodePng(4, 4, () => [0, 0, 0]);
    expect(checkImageDataUrl(dataUrl('image/png', png), IMAGE_BOUNDS.signature).ok).toBe(true);
    expect(checkImageDataUrl(dataUrl('image/jpeg', png), IMAGE_BOUNDS.formImage)).toMatchObject({ problem: 'format' });
    expect(checkImageDataUrl(dataUrl('image/svg+xml', png), IMAGE_BOUNDS.photo)).toMatchObject({ problem: 'format' });
    expect(checkImageDataUrl('data:image/png;base64,@@@@', IMAGE_BOUNDS.photo)).toMatchObject({ problem: 'format' });
    expect(checkImageBase64('not base64!', 'image/png', IMAGE_BOUNDS.photo)).toMatchObject({ problem: 'malformed' });
    expect(checkImageBase64(b64(jpeg(10, 10)), 'image/jpeg', IMAGE_BOUNDS.photo).ok).toBe(true);
  });

  it('[IM2] says what to do in words', () => {
    expect(checkImage(greyPng(20000, 20000), IMAGE_BOUNDS.signature)).toEqual({
      ok: false,
      problem: 'dimensions',
      message: 'The image is too large: it may be at most 3000 × 1500 pixels.',
    });
    expect(checkImage(greyPng(2900, 1450), IMAGE_BOUNDS.signature)).toMatchObject({
      message: 'The image is too large: it may have at most 4,000,000 pixels.',
    });
    expect(checkImage(jpeg(1, 1), IMAGE_BOUNDS.selfie)).toMatchObject({
      message: 'The image must be one of these formats: PNG.',
    });
  });

  it('decodes base64 with and without padding or whitespace', () => {
    expect([...base64Bytes('AAEC')!]).toEqual([0, 1, 2]);
    expect([...base64Bytes('AAE=')!]).toEqual([0, 1]);
    expect([...base64Bytes('AA\nE')!]).toEqual([0, 1]);
    expect(base64Bytes('A')).toBeNull();
    expect(base64Bytes('A*AA')).toBeNull();
  });

  it('writes a PNG whose pixels are the colours given', () => {
    const png = encodePng(3, 2, (x, y) => [x * 10, y * 100, 7]);
    expect(checkImage(png, IMAGE_BOUNDS.photo)).toMatchObject({ ok: true, width: 3, height: 2 });
    // The IDAT chunk starts after the signature (8), IHDR (25) and its own length and type (8).
    const length = new DataView(png.buffer).getUint32(33);
    const raw = unzlibSync(png.subarray(41, 41 + length));
    // Each row: filter byte 0, then RGB per pixel.
    expect([...raw]).toEqual([0, 0, 0, 7, 10, 0, 7, 20, 0, 7, 0, 0, 100, 7, 10, 100, 7, 20, 100, 7]);
  });
});

/** The PNG with an empty chunk of `type` after its IHDR (8 + 25 bytes in). */
function insertChunkAfterIhdr(png: Uint8Array, type: string): Uint8Array {
  const chunk = new Uint8Array(12);
  for (let i = 0; i < 4; i += 1) chunk[4 + i] = type.charCodeAt(i);
  new DataView(chunk.buffer).setUint32(8, crc32(chunk.subarray(4, 8)));
  return Uint8Array.from([...png.subarray(0, 33), ...chunk, ...png.subarray(33)]);
}
