/**
 * lib0's decoding module with a faster string read, for the client build only (vite.config.ts
 * aliases `lib0/decoding` here, so Yjs and y-protocols use it too). Everything else is lib0's.
 *
 * Opening a 4-hour case decodes 2,880 monitor readings from IndexedDB: tens of thousands of short
 * strings (keys, ids, labels), each of which lib0 hands to TextDecoder. A TextDecoder call has a
 * fixed cost far above what a short string needs (about 0.1 s of a throttled tablet in all). A
 * string of up to 64 bytes that is all ASCII is read directly from its bytes; any other string
 * goes through lib0's own read, unchanged. lib0Decoding.test.ts checks both against lib0.
 */
import * as lib0 from 'lib0/decoding.js';

export * from 'lib0/decoding.js';

const SHORT_STRING_BYTES = 64;

/** lib0's `readVarString`, with short ASCII strings read without TextDecoder. */
export function readVarString(decoder: lib0.Decoder): string {
  const start = decoder.pos;
  const length = lib0.readVarUint(decoder);
  const from = decoder.pos;
  const to = from + length;
  const bytes = decoder.arr;
  if (length <= SHORT_STRING_BYTES && to <= bytes.length) {
    let text = '';
    let i = from;
    for (; i < to; i++) {
      const b = bytes[i] as number;
      if (b > 0x7f) break;
      text += String.fromCharCode(b);
    }
    if (i === to) {
      decoder.pos = to;
      return text;
    }
  }
  decoder.pos = start;
  return lib0.readVarString(decoder);
}

type Reader = (decoder: lib0.Decoder) => unknown;

/** lib0's `readAny` lookup table (its order is the format), reading strings as above. */
const READ_ANY: readonly Reader[] = [
  () => undefined, // 127: undefined
  () => null, // 126: null
  lib0.readVarInt, // 125: integer
  lib0.readFloat32, // 124: float32
  lib0.readFloat64, // 123: float64
  lib0.readBigInt64, // 122: bigint
  () => false, // 121: false
  () => true, // 120: true
  readVarString, // 119: string
  (decoder) => {
    // 118: object
    const size = lib0.readVarUint(decoder);
    const object: Record<string, unknown> = {};
    for (let i = 0; i < size; i++) {
      const key = readVarString(decoder);
      object[key] = readAny(decoder);
    }
    return object;
  },
  (decoder) => {
    // 117: array
    const size = lib0.readVarUint(decoder);
    const array: unknown[] = [];
    for (let i = 0; i < size; i++) array.push(readAny(decoder));
    return array;
  },
  lib0.readVarUint8Array, // 116: bytes
];

/** lib0's `readAny` (Yjs reads every plain value of a document with it). */
export function readAny(decoder: lib0.Decoder): unknown {
  const read = READ_ANY[127 - lib0.readUint8(decoder)];
  if (!read) throw new Error('Unexpected type in an encoded value');
  return read(decoder);
}
