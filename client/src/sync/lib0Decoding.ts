/**
 * lib0's decoding module with faster reads of plain values, for the client build only
 * (vite.config.ts aliases `lib0/decoding` here, so Yjs and y-protocols use it too). Everything
 * else is lib0's.
 *
 * Opening a 4-hour case decodes 2,880 monitor readings from IndexedDB: about 100,000 short
 * strings (keys, ids, labels, statuses) and 14,000 floating-point times. lib0 hands each string
 * to TextDecoder, whose fixed cost per call is far above what a short string needs, and makes a
 * DataView for each float. Here:
 * - a string of up to 64 bytes that is all ASCII is read from its bytes, and the same text read
 *   again is the same string (a small cache checked byte by byte), so the few dozen keys and
 *   labels every reading repeats are made once and not once per reading;
 * - floats are read through one DataView;
 * - `readAny` switches on the type byte rather than calling through a table.
 * Any other string goes through lib0's own read, unchanged. lib0Decoding.test.ts checks every
 * read against lib0's.
 */
import * as lib0 from 'lib0/decoding.js';

export * from 'lib0/decoding.js';

const SHORT_STRING_BYTES = 64;

/** Short ASCII strings read recently, by a hash of their bytes (a power of two). */
const CACHE_SLOTS = 4096;
const cachedText: (string | undefined)[] = new Array<string | undefined>(CACHE_SLOTS);
const cachedHash = new Int32Array(CACHE_SLOTS);

/** The cached string in `slot` if it is exactly these bytes. */
function cached(slot: number, hash: number, bytes: Uint8Array, from: number, length: number): string | null {
  const text = cachedText[slot];
  if (text === undefined || cachedHash[slot] !== hash || text.length !== length) return null;
  for (let i = 0; i < length; i++) if (text.charCodeAt(i) !== bytes[from + i]) return null;
  return text;
}

/** lib0's `readVarString`, with short ASCII strings read without TextDecoder. */
export function readVarString(decoder: lib0.Decoder): string {
  const start = decoder.pos;
  const length = lib0.readVarUint(decoder);
  const from = decoder.pos;
  const to = from + length;
  const bytes = decoder.arr;
  if (length <= SHORT_STRING_BYTES && to <= bytes.length) {
    let hash = length;
    let i = from;
    for (; i < to; i++) {
      const b = bytes[i] as number;
      if (b > 0x7f) break;
      hash = (Math.imul(hash, 31) + b) | 0;
    }
    if (i === to) {
      decoder.pos = to;
      const slot = hash & (CACHE_SLOTS - 1);
      const hit = cached(slot, hash, bytes, from, length);
      if (hit !== null) return hit;
      let text = '';
      for (let j = from; j < to; j++) text += String.fromCharCode(bytes[j] as number);
      cachedText[slot] = text;
      cachedHash[slot] = hash;
      return text;
    }
  }
  decoder.pos = start;
  return lib0.readVarString(decoder);
}

const floatView = new DataView(new ArrayBuffer(8));
const floatBytes = new Uint8Array(floatView.buffer);

/** lib0's `readFloat32` / `readFloat64` (big-endian), through one DataView. */
function readFloat(decoder: lib0.Decoder, size: 4 | 8): number {
  const bytes = decoder.arr;
  const pos = decoder.pos;
  // Past the end: lib0's own read throws as it would.
  if (pos + size > bytes.length) return size === 8 ? lib0.readFloat64(decoder) : lib0.readFloat32(decoder);
  for (let i = 0; i < size; i++) floatBytes[i] = bytes[pos + i] as number;
  decoder.pos = pos + size;
  return size === 8 ? floatView.getFloat64(0) : floatView.getFloat32(0);
}

export const readFloat32 = (decoder: lib0.Decoder): number => readFloat(decoder, 4);
export const readFloat64 = (decoder: lib0.Decoder): number => readFloat(decoder, 8);

/** lib0's `readAny` (Yjs reads every plain value of a document with it); the type bytes are its format. */
export function readAny(decoder: lib0.Decoder): unknown {
  switch (lib0.readUint8(decoder)) {
    case 127:
      return undefined;
    case 126:
      return null;
    case 125:
      return lib0.readVarInt(decoder);
    case 124:
      return readFloat(decoder, 4);
    case 123:
      return readFloat(decoder, 8);
    case 122:
      return lib0.readBigInt64(decoder);
    case 121:
      return false;
    case 120:
      return true;
    case 119:
      return readVarString(decoder);
    case 118: {
      const size = lib0.readVarUint(decoder);
      const object: Record<string, unknown> = {};
      for (let i = 0; i < size; i++) {
        const key = readVarString(decoder);
        object[key] = readAny(decoder);
      }
      return object;
    }
    case 117: {
      const size = lib0.readVarUint(decoder);
      const array: unknown[] = [];
      for (let i = 0; i < size; i++) array.push(readAny(decoder));
      return array;
    }
    case 116:
      return lib0.readVarUint8Array(decoder);
    default:
      throw new Error('Unexpected type in an encoded value');
  }
}
