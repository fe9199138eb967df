import { MFA_CODE_VALIDITY_MS } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { forgetSentCode, rememberSentCode, SENT_CODE_KEY, stillValidSentCode } from './sentCode.js';

/** A Storage with the three calls used, over a Map (as the browser's localStorage behaves). */
function memoryStore(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}
const who = { userId: 'u1', session: 1_000 };
const sent = { to: 'ada@example.com', channel: 'email' as const };

describe('a sent MFA code survives reopening /mfa (issue 25)', () => {
  it('is offered again in the same session while the code is valid', () => {
    const store = memoryStore();
    rememberSentCode(store, who, sent, 10_000);
    expect(stillValidSentCode(store, who, 10_000 + MFA_CODE_VALIDITY_MS - 1)).toEqual(sent);
  });

  it('is forgotten once the code has expired (10 minutes)', () => {
    const store = memoryStore();
    rememberSentCode(store, who, sent, 10_000);
    expect(stillValidSentCode(store, who, 10_000 + MFA_CODE_VALIDITY_MS)).toBeNull();
    expect(store.map.has(SENT_CODE_KEY)).toBe(false);
  });

  it('is not offered to another user or another session (codes are bound to their session)', () => {
    const store = memoryStore();
    rememberSentCode(store, who, sent, 10_000);
    expect(stillValidSentCode(store, { userId: 'u2', session: 1_000 }, 10_001)).toBeNull();
    rememberSentCode(store, who, sent, 10_000);
    expect(stillValidSentCode(store, { userId: 'u1', session: 2_000 }, 10_001)).toBeNull();
  });

  it('ignores a record it cannot read, and forgets on request', () => {
    const store = memoryStore();
    store.setItem(SENT_CODE_KEY, '{not json');
    expect(stillValidSentCode(store, who, 0)).toBeNull();
    rememberSentCode(store, who, sent, 10_000);
    forgetSentCode(store);
    expect(stillValidSentCode(store, who, 10_001)).toBeNull();
  });
});
