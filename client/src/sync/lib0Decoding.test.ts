import fc from 'fast-check';
import * as lib0 from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { describe, expect, it } from 'vitest';
import { readAny, readVarString } from './lib0Decoding.js';

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

describe('lib0 decoding with the short-ASCII string read', () => {
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
});
