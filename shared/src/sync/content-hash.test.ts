import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, contentHash } from './content-hash.js';

describe('contentHash (spec 001 §9: SHA-1 of the canonical content)', () => {
  it('is the SHA-1 of the canonical JSON, in hex', () => {
    // Computed independently: echo -n '{"a":1}' | sha1sum
    expect(contentHash({ a: 1 })).toBe('9f89c740ceb46d7418c924a78ac57941d5e96520');
  });

  it('does not depend on key order', () => {
    expect(contentHash({ b: 2, a: { d: [1, 2], c: 'x' } })).toBe(contentHash({ a: { c: 'x', d: [1, 2] }, b: 2 }));
  });

  it('depends on array order and on every value', () => {
    expect(contentHash({ a: [1, 2] })).not.toBe(contentHash({ a: [2, 1] }));
    expect(contentHash({ a: 1 })).not.toBe(contentHash({ a: '1' }));
    expect(contentHash({ a: null })).not.toBe(contentHash({}));
  });

  it('drops undefined members as JSON does', () => {
    expect(canonicalJson({ a: undefined, b: 1 })).toBe('{"b":1}');
  });

  it('is valid JSON of the same data, whatever the key order', () => {
    const reversedKeys = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(reversedKeys)
        : v !== null && typeof v === 'object'
          ? Object.fromEntries(
              Object.entries(v)
                .reverse()
                .map(([k, x]) => [k, reversedKeys(x)]),
            )
          : v;
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const text = canonicalJson(v);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(v)));
        expect(canonicalJson(reversedKeys(v))).toBe(text);
      }),
    );
  });
});
