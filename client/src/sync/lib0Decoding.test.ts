import fc from 'fast-check';
import * as lib0 from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { describe, expect, it } from 'vitest';
import { readAny, readFloat32, readFloat64, readVarString } from './lib0Decoding.js';

const encode = (write: (e: encoding.Encoder) => void): Uint8Array => {
  const e = encoding.createEncoder();
  write(e);
  return encoding.toUint8Array(e);
};

/** Any value lib0's writeAny takes: the plain values of a case document. */
const anyValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.constant(undefined),
    fc.boolean(),
    fc.integer(),
    fc.double({ noNaN: true }),
    fc.string({ unit: 'binary', maxLength: 80 }),
    fc.string({ maxLength: 80 }),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(fc.string({ unit: 'binary', maxLength: 70 }), tie('value'), { maxKeys: 5 }),
  ),
})).value;

describe('lib0 decoding with the faster reads of plain values', () => {
  it('reads every string as lib0 does, and leaves the decoder at the same place', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary', maxLength: 150 }), { maxLength: 6 }), (texts) => {
        const bytes = encode((e) => texts.forEach((t) => encoding.writeVarString(e, t)));
        const ours = lib0.createDecoder(bytes);
        const theirs = lib0.createDecoder(bytes);
        for (const t of texts) {
          expect(readVarString(ours)).toBe(t);
          expect(lib0.readVarString(theirs)).toBe(t);
          expect(ours.pos).toBe(theirs.pos);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('reads every value as lib0 does', () => {
    fc.assert(
      fc.property(anyValue, (value) => {
        const bytes = encode((e) => encoding.writeAny(e, value as never));
        expect(readAny(lib0.createDecoder(bytes))).toEqual(lib0.readAny(lib0.createDecoder(bytes)));
      }),
      { numRuns: 300 },
    );
  });

  it('refuses what lib0 refuses: a string cut short and bytes that are not UTF-8', () => {
    const cut = encode((e) => encoding.writeVarString(e, 'Simulated monitor')).slice(0, 8);
    expect(() => readVarString(lib0.createDecoder(cut))).toThrow();
    const invalid = Uint8Array.from([3, 0x61, 0xff, 0x62]);
    expect(() => readVarString(lib0.createDecoder(invalid))).toThrow();
    expect(() => lib0.readVarString(lib0.createDecoder(invalid))).toThrow();
  });

  it('gives each text back from the string cache only when every byte matches, hash collisions included', () => {
    // 'Aa' and 'BB' have the same length and the same hash, so they share a cache slot.
    const texts = ['Aa', 'BB', 'Aa', 'connected', 'BB', 'connectes', 'connected', ''];
    const bytes = encode((e) => texts.forEach((t) => encoding.writeVarString(e, t)));
    const decoder = lib0.createDecoder(bytes);
    expect(texts.map(() => readVarString(decoder))).toEqual(texts);
    expect(decoder.pos).toBe(bytes.length);
  });

  it('reads floats as lib0 does, and refuses one cut short as lib0 does', () => {
    fc.assert(
      fc.property(fc.double(), fc.float(), (d, f) => {
        const bytes = encode((e) => {
          encoding.writeFloat64(e, d);
          encoding.writeFloat32(e, f);
        });
        const ours = lib0.createDecoder(bytes);
        const theirs = lib0.createDecoder(bytes);
        expect(readFloat64(ours)).toBe(lib0.readFloat64(theirs));
        expect(readFloat32(ours)).toBe(lib0.readFloat32(theirs));
        expect(ours.pos).toBe(theirs.pos);
      }),
      { numRuns: 300 },
    );
    const cut = encode((e) => encoding.writeFloat64(e, Math.PI)).slice(0, 5);
    expect(() => readFloat64(lib0.createDecoder(cut))).toThrow();
    expect(() => lib0.readFloat64(lib0.createDecoder(cut))).toThrow();
  });

  it('refuses an unknown type byte as lib0 does', () => {
    const unknown = Uint8Array.from([100]);
    expect(() => readAny(lib0.createDecoder(unknown))).toThrow();
    expect(() => {
      lib0.readAny(lib0.createDecoder(unknown));
    }).toThrow();
  });
});
