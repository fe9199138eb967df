import { zlibSync } from 'fflate';
import { crc32, PNG_SIGNATURE } from './raster.js';

/** One PNG chunk: length, type, body, CRC of type and body. */
function chunk(type: string, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + body.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, body.length);
  for (let i = 0; i < 4; i += 1) out[4 + i] = type.charCodeAt(i);
  out.set(body, 8);
  view.setUint32(8 + body.length, crc32(out.subarray(4, 8 + body.length)));
  return out;
}

/** A PNG's header fields (PNG §11.2.2): size, bit depth and colour type (0 grey, 2 RGB, 3 palette, 4 grey-alpha, 6 RGBA). */
export interface PngHeader {
  width: number;
  height: number;
  depth: number;
  colour: number;
}

/**
 * A PNG file from its header and its raw scanlines (a filter byte, then the packed pixels of each
 * row), deflated once: the one writer behind the demo contract's signature and the tests' images.
 */
export function pngFile(header: PngHeader, raw: Uint8Array): Uint8Array {
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, header.width);
  view.setUint32(4, header.height);
  ihdr.set([header.depth, header.colour, 0, 0, 0], 8);
  const parts = [
    Uint8Array.from(PNG_SIGNATURE),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlibSync(raw)),
    chunk('IEND', new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

/** A truecolour PNG (8-bit RGB, no interlace) of the given size, each pixel's colour from `pixel`. */
export function encodePng(
  width: number,
  height: number,
  pixel: (x: number, y: number) => readonly number[],
): Uint8Array {
  const raw = new Uint8Array((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const start = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) raw.set(pixel(x, y).slice(0, 3), start + 1 + x * 3);
  }
  return pngFile({ width, height, depth: 8, colour: 2 }, raw);
}
