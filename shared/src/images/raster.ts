import { Unzlib } from 'fflate';
import { isWebp, readWebp } from './webp.js';

/*
 * Every image a patient or a member can send (issue 35 item 7): a signature PNG from the
 * patient's link, a selfie, a photo Binary, an image pasted into a form's text. Bytes alone do
 * not bound an image: a 48 KB PNG can say 20000 × 20000 and cost Chromium gigabytes to decode.
 * So an image is decoded here before anyone keeps or prints it: its header gives the size (PNG
 * IHDR, JPEG SOF), the size is held to the kind's bounds, and a PNG's pixel data is inflated,
 * a little at a time, to check that it holds exactly the rows the header promises (no
 * decompression bomb, no truncated image) without ever holding more than one piece of it.
 */

export type RasterFormat = 'png' | 'jpeg' | 'webp';

/** [IM1] What one kind of image may be. */
export interface ImageBounds {
  readonly formats: readonly RasterFormat[];
  readonly maxWidth: number;
  readonly maxHeight: number;
  readonly maxPixels: number;
  /** The most bytes the encoded image may take, where the kind bounds it (issue 40: a photo). */
  readonly maxBytes?: number;
}

/**
 * [IM1] The bounds of each kind of image (decision, docs/decisions.md issue 35 item 7):
 * - signature: the pad's PNG (spec 002 §9: up to 660 × 300 CSS px), room for a pad drawn at a
 *   device pixel ratio up to 4 and a wider pad;
 * - selfie: the 480 × 480 PNG (spec 002 §9);
 * - formImage: an image in a form's text (spec 000 §9: pasted images fit 500 × 500, JPEG);
 * - photo: a patient's or practitioner's photo (the image input's WebP, issue 40), any other image attachment.
 */
export const IMAGE_BOUNDS = {
  signature: { formats: ['png'], maxWidth: 3000, maxHeight: 1500, maxPixels: 4_000_000 },
  selfie: { formats: ['png'], maxWidth: 480, maxHeight: 480, maxPixels: 480 * 480 },
  formImage: { formats: ['png', 'jpeg'], maxWidth: 2000, maxHeight: 2000, maxPixels: 4_000_000 },
  photo: {
    formats: ['png', 'jpeg', 'webp'],
    maxWidth: 4096,
    maxHeight: 4096,
    maxPixels: 16_777_216,
    maxBytes: 5_000_000,
  },
} as const satisfies Record<string, ImageBounds>;

/** Why an image was refused (each has its text in IMAGE_TEXTS). */
export type ImageProblem = 'format' | 'malformed' | 'dimensions' | 'pixels' | 'bytes';

export type ImageCheck =
  | { ok: true; format: RasterFormat; width: number; height: number }
  | { ok: false; problem: ImageProblem; message: string };

/** The refusal texts (decision: the spec has none; they name what to do). */
export const IMAGE_TEXTS = {
  format: 'The image must be one of these formats: {formats}.',
  malformed: 'The image is damaged or incomplete. Please take or draw it again.',
  dimensions: 'The image is too large: it may be at most {maxWidth} × {maxHeight} pixels.',
  pixels: 'The image is too large: it may have at most {maxPixels} pixels.',
  bytes: 'The image is too large: it may take at most {maxBytes} bytes.',
  signatureSvg: 'The image is not a signature drawn on the signature pad.',
} as const;

const refuse = (problem: ImageProblem, bounds: ImageBounds): ImageCheck => ({
  ok: false,
  problem,
  message: IMAGE_TEXTS[problem]
    .replace('{formats}', bounds.formats.map((f) => f.toUpperCase()).join(', '))
    .replace('{maxWidth}', String(bounds.maxWidth))
    .replace('{maxHeight}', String(bounds.maxHeight))
    .replace('{maxPixels}', bounds.maxPixels.toLocaleString('en-US'))
    .replace('{maxBytes}', (bounds.maxBytes ?? 0).toLocaleString('en-US')),
});

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (ISO 3309, the one PNG chunks carry). */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i += 1) c = CRC_TABLE[(c ^ bytes[i]!) & 255]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const uint32 = (b: Uint8Array, o: number): number =>
  ((b[o]! << 24) | (b[o + 1]! << 16) | (b[o + 2]! << 8) | b[o + 3]!) >>> 0;
const uint16 = (b: Uint8Array, o: number): number => (b[o]! << 8) | b[o + 1]!;
const ascii = (b: Uint8Array, o: number, n: number): string => String.fromCharCode(...b.subarray(o, o + n));

export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
const isPng = (b: Uint8Array): boolean => b.length >= 8 && PNG_SIGNATURE.every((v, i) => b[i] === v);
const isJpeg = (b: Uint8Array): boolean => b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

/** Channels of each PNG colour type, and the bit depths it allows (PNG §11.2.2). */
const PNG_COLOUR: Record<number, { channels: number; depths: readonly number[] }> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
};

/** The inflated size of a PNG's image data: one filter byte and the packed pixels of each row (of each Adam7 pass). */
function pngRawSize(width: number, height: number, bitsPerPixel: number, interlaced: boolean): number {
  const row = (w: number): number => (w === 0 ? 0 : 1 + Math.ceil((w * bitsPerPixel) / 8));
  if (!interlaced) return height * row(width);
  // Adam7: each pass's start and step in x and y.
  const passes = [
    [0, 0, 8, 8],
    [4, 0, 8, 8],
    [0, 4, 4, 8],
    [2, 0, 4, 4],
    [0, 2, 2, 4],
    [1, 0, 2, 2],
    [0, 1, 1, 2],
  ] as const;
  let total = 0;
  for (const [x0, y0, dx, dy] of passes) {
    const w = Math.ceil((width - x0) / dx);
    const h = Math.ceil((height - y0) / dy);
    if (w > 0 && h > 0) total += h * row(w);
  }
  return total;
}

/** Compressed bytes handed to the inflater at a time: deflate expands at most ~1032×, so never more than ~4 MB out per step. */
const INFLATE_STEP = 4096;

/** Whether zlib data inflates to exactly `expected` bytes, stopping as soon as it passes them. */
function inflatesTo(parts: readonly Uint8Array[], expected: number): boolean {
  let total = 0;
  let ended = false;
  const inflater = new Unzlib((chunk, final) => {
    total += chunk.length;
    if (final) ended = true;
  });
  try {
    for (let p = 0; p < parts.length; p += 1) {
      const part = parts[p]!;
      for (let i = 0; i < part.length; i += INFLATE_STEP) {
        const last = p === parts.length - 1 && i + INFLATE_STEP >= part.length;
        inflater.push(part.subarray(i, i + INFLATE_STEP), last);
        if (total > expected) return false;
      }
    }
  } catch {
    return false;
  }
  return ended && total === expected;
}

function checkPng(b: Uint8Array, bounds: ImageBounds): ImageCheck {
  let offset = 8;
  let header: { width: number; height: number; bitsPerPixel: number; interlaced: boolean } | null = null;
  const data: Uint8Array[] = [];
  let ended = false;
  while (offset + 12 <= b.length) {
    const length = uint32(b, offset);
    const type = ascii(b, offset + 4, 4);
    const end = offset + 12 + length;
    if (!/^[A-Za-z]{4}$/.test(type) || end > b.length) return refuse('malformed', bounds);
    if (crc32(b.subarray(offset + 4, offset + 8 + length)) !== uint32(b, offset + 8 + length)) {
      return refuse('malformed', bounds);
    }
    const body = b.subarray(offset + 8, offset + 8 + length);
    if (header === null && type !== 'IHDR') return refuse('malformed', bounds);
    if (type === 'IHDR') {
      if (header !== null || length !== 13) return refuse('malformed', bounds);
      const [width, height, depth, colour, compression, filter, interlace] = [
        uint32(body, 0),
        uint32(body, 4),
        body[8]!,
        body[9]!,
        body[10]!,
        body[11]!,
        body[12]!,
      ];
      const kind = PNG_COLOUR[colour];
      if (!kind?.depths.includes(depth) || compression !== 0 || filter !== 0 || interlace > 1) {
        return refuse('malformed', bounds);
      }
      if (width === 0 || height === 0) return refuse('malformed', bounds);
      if (width > bounds.maxWidth || height > bounds.maxHeight) return refuse('dimensions', bounds);
      if (width * height > bounds.maxPixels) return refuse('pixels', bounds);
      header = { width, height, bitsPerPixel: depth * kind.channels, interlaced: interlace === 1 };
    } else if (type === 'IDAT') {
      data.push(body);
    } else if (type === 'IEND') {
      ended = true;
      break;
    } else if (type === 'acTL' || type === 'fcTL' || type === 'fdAT') {
      // An animated PNG: every frame would be decoded; no signature, selfie or photo moves.
      return refuse('format', bounds);
    }
    offset = end;
  }
  if (!header || !ended || data.length === 0) return refuse('malformed', bounds);
  const expected = pngRawSize(header.width, header.height, header.bitsPerPixel, header.interlaced);
  if (!inflatesTo(data, expected)) return refuse('malformed', bounds);
  return { ok: true, format: 'png', width: header.width, height: header.height };
}

/** Start-of-frame markers (every SOFn but DHT C4, JPG C8 and DAC CC). */
const isSof = (m: number): boolean => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;
/** Scans a progressive JPEG may have: each one is a pass over the whole image (libjpeg-turbo's own limit is in the hundreds). */
const MAX_JPEG_SCANS = 100;

function checkJpeg(b: Uint8Array, bounds: ImageBounds): ImageCheck {
  let offset = 2;
  let size: { width: number; height: number } | null = null;
  let scans = 0;
  while (offset + 2 <= b.length) {
    if (b[offset] !== 0xff) return refuse('malformed', bounds);
    const marker = b[offset + 1]!;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0xd9) {
      return size ? { ok: true, format: 'jpeg', ...size } : refuse('malformed', bounds);
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    if (offset + 4 > b.length) break;
    const length = uint16(b, offset + 2);
    if (length < 2 || offset + 2 + length > b.length) return refuse('malformed', bounds);
    if (isSof(marker)) {
      if (size !== null || length < 8) return refuse('malformed', bounds);
      const height = uint16(b, offset + 5);
      const width = uint16(b, offset + 7);
      // A height of 0 is given later by a DNL marker: the size would not be known before decoding.
      if (width === 0 || height === 0) return refuse('malformed', bounds);
      if (width > bounds.maxWidth || height > bounds.maxHeight) return refuse('dimensions', bounds);
      if (width * height > bounds.maxPixels) return refuse('pixels', bounds);
      size = { width, height };
    }
    offset += 2 + length;
    if (marker === 0xda) {
      if (size === null) return refuse('malformed', bounds);
      scans += 1;
      if (scans > MAX_JPEG_SCANS) return refuse('malformed', bounds);
      // The entropy-coded data runs to the next marker that is neither a stuffed 0xFF00 nor a restart.
      while (
        offset + 1 < b.length &&
        !(b[offset] === 0xff && b[offset + 1] !== 0 && !(b[offset + 1]! >= 0xd0 && b[offset + 1]! <= 0xd7))
      ) {
        offset += 1;
      }
    }
  }
  // No end-of-image marker: a truncated image.
  return refuse('malformed', bounds);
}

/** [IM5] A WebP's container read (webp.ts), its size held to the bounds; an animation is refused as a format. */
function checkWebp(bytes: Uint8Array, bounds: ImageBounds): ImageCheck {
  const read = readWebp(bytes);
  if (read === 'malformed') return refuse('malformed', bounds);
  if (read === 'animated') return refuse('format', bounds);
  if (read.width > bounds.maxWidth || read.height > bounds.maxHeight) return refuse('dimensions', bounds);
  if (read.width * read.height > bounds.maxPixels) return refuse('pixels', bounds);
  return { ok: true, format: 'webp', width: read.width, height: read.height };
}

/** [IM2] An image's bytes checked against a kind's bounds: format, size, pixel count and complete, consistent data. */
export function checkImage(bytes: Uint8Array, bounds: ImageBounds): ImageCheck {
  if (bounds.maxBytes !== undefined && bytes.length > bounds.maxBytes) return refuse('bytes', bounds);
  const format: RasterFormat | null = isPng(bytes) ? 'png' : isJpeg(bytes) ? 'jpeg' : isWebp(bytes) ? 'webp' : null;
  if (format === null || !bounds.formats.includes(format)) return refuse('format', bounds);
  return format === 'png'
    ? checkPng(bytes, bounds)
    : format === 'jpeg'
      ? checkJpeg(bytes, bounds)
      : checkWebp(bytes, bounds);
}

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_VALUE = (() => {
  const table = new Int16Array(128).fill(-1);
  for (let i = 0; i < BASE64_ALPHABET.length; i += 1) table[BASE64_ALPHABET.charCodeAt(i)] = i;
  return table;
})();

/** base64 (FHIR base64Binary, whitespace allowed) to bytes; null when it is not base64. */
export function base64Bytes(text: string): Uint8Array | null {
  const clean = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 === 1) return null;
  const body = clean.replace(/=+$/, '');
  const out = new Uint8Array(Math.floor((body.length * 3) / 4));
  let o = 0;
  for (let i = 0; i < body.length; i += 4) {
    const n = [0, 1, 2, 3].map((k) => (i + k < body.length ? BASE64_VALUE[body.charCodeAt(i + k)]! : 0));
    const v = (n[0]! << 18) | (n[1]! << 12) | (n[2]! << 6) | n[3]!;
    if (o < out.length) out[o++] = v >> 16;
    if (o < out.length) out[o++] = (v >> 8) & 255;
    if (o < out.length) out[o++] = v & 255;
  }
  return out;
}

/** The content types of the raster formats. */
export const IMAGE_CONTENT_TYPES: Record<RasterFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

/** [IM2] base64 image data checked against a kind's bounds; its declared content type must match what it is. */
export function checkImageBase64(data: string, contentType: string, bounds: ImageBounds): ImageCheck {
  const bytes = base64Bytes(data);
  if (bytes === null) return refuse('malformed', bounds);
  const result = checkImage(bytes, bounds);
  if (result.ok && IMAGE_CONTENT_TYPES[result.format] !== contentType.trim().toLowerCase()) {
    return refuse('format', bounds);
  }
  return result;
}

const DATA_URL = /^data:(image\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/=\s]*)$/i;

/** [IM2] An image data URL (what a signature pad, a camera or the Markdown editor makes) checked against a kind's bounds. */
export function checkImageDataUrl(url: string, bounds: ImageBounds): ImageCheck {
  const m = DATA_URL.exec(url.trim());
  if (!m) return refuse('format', bounds);
  return checkImageBase64(m[2]!, m[1]!, bounds);
}

/** Whether a content type names an image (image/png, image/svg+xml…): such data must pass IM2. */
export function isImageContentType(contentType: string | undefined): boolean {
  return typeof contentType === 'string' && /^\s*image\//i.test(contentType);
}
