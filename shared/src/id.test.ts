import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ID_PREFIXES, newId, randomAlphanumeric } from './id.js';

describe('id generator (spec 001 §9)', () => {
  it('makes a prefix, a hyphen and 14 random alphanumerics', () => {
    expect(newId('pat')).toMatch(/^pat-[A-Za-z0-9]{14}$/);
  });

  it('makes valid FHIR ids for every prefix', () => {
    for (const prefix of Object.values(ID_PREFIXES)) {
      expect(newId(prefix)).toMatch(/^[A-Za-z0-9\-.]{1,64}$/);
    }
  });

  it('does not repeat over 100,000 ids', () => {
    const ids = new Set(Array.from({ length: 100_000 }, () => newId('x')));
    expect(ids.size).toBe(100_000);
  });

  it('uses every character of the alphabet about equally often', () => {
    // 62 symbols × ~3,000 draws each; a biased modulo would favour the first 8 symbols by ~1/31.
    const counts = new Map<string, number>();
    const sample = randomAlphanumeric(186_000);
    for (const ch of sample) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(62);
    const expected = sample.length / 62;
    for (const n of counts.values()) expect(Math.abs(n - expected) / expected).toBeLessThan(0.1);
  });

  it('takes its randomness from Web Crypto', () => {
    const webCrypto = (globalThis as unknown as { crypto: { getRandomValues: (a: Uint8Array) => Uint8Array } }).crypto;
    const original = webCrypto.getRandomValues.bind(webCrypto);
    let calls = 0;
    const spy = (array: Uint8Array): Uint8Array => {
      calls += 1;
      return original(array);
    };
    Object.defineProperty(webCrypto, 'getRandomValues', { value: spy, configurable: true });
    try {
      newId('pat');
    } finally {
      Object.defineProperty(webCrypto, 'getRandomValues', { value: original, configurable: true });
    }
    expect(calls).toBeGreaterThan(0);
  });

  it('refuses a prefix that would make an invalid id', () => {
    expect(() => newId('Bad_Prefix')).toThrow('Invalid id prefix');
    expect(() => newId('')).toThrow('Invalid id prefix');
  });

  it('always returns the requested length', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300 }), (n) => {
        expect(randomAlphanumeric(n)).toHaveLength(n);
      }),
    );
  });
});
