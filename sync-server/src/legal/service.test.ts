import { currentLegalAcceptances, LEGAL_DOCUMENTS, TERMS_DOCUMENT } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { anonymousCaller, type Caller } from '../access/caller.js';
import { AuditLog } from '../auth/audit.js';
import { MemoryAuditStore } from '../store/audit/memory.js';
import { MemoryLegalAcceptanceStore } from '../store/legal/memory.js';
import { LegalService } from './service.js';

const NOW = Date.UTC(2026, 10, 29, 9, 0);
const META = { ip: '10.0.0.1', userAgent: 'test' };

function world(documents = LEGAL_DOCUMENTS): {
  legal: LegalService;
  audit: AuditLog;
  store: MemoryLegalAcceptanceStore;
} {
  const store = new MemoryLegalAcceptanceStore();
  const audit = new AuditLog(new MemoryAuditStore());
  return { legal: new LegalService({ store, audit, now: () => NOW, documents }), audit, store };
}

/** A fully signed-in caller (multi-factor valid), or one whose multi-factor is not done. */
function caller(userId: string, multiFactorValid = true): Caller {
  return {
    ...anonymousCaller({ ip: META.ip, userAgent: META.userAgent, transport: 'graphql' }),
    user: { id: userId, name: 'Dr. Test', email: `${userId}@example.com`, emailVerified: true },
    sessionId: 'ses-1',
    subject: { signedIn: true, multiFactorValid, orgs: [] },
  };
}

const codeOf = (fn: () => unknown): string | null => {
  try {
    fn();
    return null;
  } catch (err) {
    return (err as { code?: string }).code ?? 'thrown';
  }
};

describe('the legal documents (spec 000 §7)', () => {
  it('refuses a sign-up that does not accept both current documents, before any account exists', () => {
    const { legal } = world();
    expect(codeOf(() => legal.checkSignUp([]))).toBe('TERMS_NOT_ACCEPTED');
    expect(codeOf(() => legal.checkSignUp([currentLegalAcceptances()[0]!]))).toBe('TERMS_NOT_ACCEPTED');
    expect(codeOf(() => legal.checkSignUp([{ document: 'terms', version: '2020-01-01' }]))).toBe(
      'CONTRACT_VERSION_CHANGED',
    );
    expect(legal.checkSignUp(currentLegalAcceptances())).toEqual(currentLegalAcceptances());
  });

  it('records and audits each acceptance of a sign-up, after which nothing is left to accept', async () => {
    const { legal, audit, store } = world();
    await legal.recordSignUp('usr-1', legal.checkSignUp(currentLegalAcceptances()), META);
    expect(await store.byUser('usr-1')).toEqual([
      { userId: 'usr-1', document: 'privacy', version: LEGAL_DOCUMENTS.privacy.version, acceptedAt: NOW },
      { userId: 'usr-1', document: 'terms', version: LEGAL_DOCUMENTS.terms.version, acceptedAt: NOW },
    ]);
    expect(await audit.count('legalAccepted', NOW - 1, { userId: 'usr-1' })).toBe(2);
    expect(await legal.toAccept(caller('usr-1'))).toEqual([]);
  });

  it('asks again for a document whose new version was published, and accepting it leaves nothing', async () => {
    const before = world();
    await before.legal.recordSignUp('usr-1', currentLegalAcceptances(), META);
    // The terms are published at a new version over the same records.
    const newTerms = { ...LEGAL_DOCUMENTS, terms: { ...TERMS_DOCUMENT, version: '2027-03-01' } };
    const legal = new LegalService({
      store: before.store,
      audit: before.audit,
      now: () => NOW + 1,
      documents: newTerms,
    });
    const pending = await legal.toAccept(caller('usr-1'));
    expect(pending.map((d) => [d.name, d.version, d.title])).toEqual([['terms', '2027-03-01', 'Terms of Service']]);
    // The version the dialog showed before this one is refused.
    await expect(
      legal.accept(caller('usr-1'), [{ document: 'terms', version: TERMS_DOCUMENT.version }]),
    ).rejects.toMatchObject({
      code: 'CONTRACT_VERSION_CHANGED',
    });
    expect(await legal.accept(caller('usr-1'), [{ document: 'terms', version: '2027-03-01' }])).toEqual([]);
    expect(await before.audit.count('legalAccepted', NOW, { userId: 'usr-1' })).toBe(1);
  });

  it('answers and accepts only for a fully signed-in user', async () => {
    const { legal } = world();
    await expect(
      legal.toAccept(anonymousCaller({ ip: null, userAgent: null, transport: 'graphql' })),
    ).rejects.toMatchObject({
      code: 'NO_AUTHENTICATION',
    });
    await expect(legal.accept(caller('usr-1', false), currentLegalAcceptances())).rejects.toMatchObject({
      code: 'MFA_REQUIRED',
    });
    await expect(legal.accept(caller('usr-1'), [{ document: 'baa', version: 'x' }])).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
  });
});
