/*
 * [IM5] A WebP file's container read before it is kept (issue 40: the image input's output is WebP,
 * spec 002 §9): the RIFF header and its length, every chunk within the file, exactly one image
 * bitstream (VP8 lossy or VP8L lossless) whose header gives the size, an extended header (VP8X)
 * whose canvas is that size, and no animation. The bitstream itself is not decoded here: its size
 * is bounded by the header the decoder reads, which is what the bounds hold.
 */

/** What the container says: the image's size, or why it is refused. */
export type WebpRead = { width: number; height: number } | 'malformed' | 'animated';

const fourCc = (b: Uint8Array, at: number): string => String.fromCharCode(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!);
const u16 = (b: Uint8Array, at: number): number => b[at]! | (b[at + 1]! << 8);
const u24 = (b: Uint8Array, at: number): number => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
const u32 = (b: Uint8Array, at: number): number => (u24(b, at) + b[at + 3]! * 0x1000000) >>> 0;

/** Whether the bytes start as a WebP file does: RIFF, a length, WEBP. */
export function isWebp(b: Uint8Array): boolean {
  return b.length >= 12 && fourCc(b, 0) === 'RIFF' && fourCc(b, 8) === 'WEBP';
}

/** The size a VP8 (lossy) key frame or a VP8L (lossless) bitstream header gives, or null. */
function bitstreamSize(
  kind: string,
  b: Uint8Array,
  at: number,
  length: number,
): { width: number; height: number } | null {
  if (kind === 'VP8 ') {
    // A key frame (bit 0 of the frame tag clear), the start code 9D 01 2A, then 14-bit width and height.
    if (length < 10 || (b[at]! & 1) !== 0 || b[at + 3] !== 0x9d || b[at + 4] !== 0x01 || b[at + 5] !== 0x2a)
      return null;
    return { width: u16(b, at + 6) & 0x3fff, height: u16(b, at + 8) & 0x3fff };
  }
  // VP8L: the signature 0x2F, then width-1 and height-1 in 14 bits each and a version of 0.
  if (length < 5 || b[at] !== 0x2f) return null;
  const bits = u32(b, at + 1);
  if (bits >>> 29 !== 0) return null;
  return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
}

/** [IM5] Reads a WebP file's container: its image's size, 'animated', or 'malformed'. */
export function readWebp(b: Uint8Array): WebpRead {
  if (!isWebp(b) || u32(b, 4) + 8 !== b.length) return 'malformed';
  let offset = 12;
  let canvas: { width: number; height: number } | null = null;
  let image: { width: number; height: number } | null = null;
  let first = true;
  while (offset < b.length) {
    if (offset + 8 > b.length) return 'malformed';
    const kind = fourCc(b, offset);
    const length = u32(b, offset + 4);
    const at = offset + 8;
    if (at + length > b.length) return 'malformed';
    if (kind === 'VP8X') {
      if (!first || length < 10) return 'malformed';
      // Flags: bit 1 is animation.
      if ((b[at]! & 0x02) !== 0) return 'animated';
      canvas = { width: u24(b, at + 4) + 1, height: u24(b, at + 7) + 1 };
    } else if (kind === 'ANIM' || kind === 'ANMF') {
      return 'animated';
    } else if (kind === 'VP8 ' || kind === 'VP8L') {
      if (image !== null) return 'malformed';
      image = bitstreamSize(kind, b, at, length);
      if (image === null) return 'malformed';
      // A simple file holds its bitstream alone.
      if (first && at + length + (length & 1) < b.length) return 'malformed';
    } else if (first) {
      return 'malformed';
    }
    first = false;
    offset = at + length + (length & 1);
  }
  if (image === null || image.width === 0 || image.height === 0) return 'malformed';
  if (canvas && (canvas.width !== image.width || canvas.height !== image.height)) return 'malformed';
  return image;
}
