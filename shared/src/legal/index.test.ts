import { describe, expect, it } from 'vitest';
import {
  currentLegalAcceptances,
  LEGAL_DOCUMENTS,
  legalAcceptanceError,
  legalSignedText,
  pendingLegalDocuments,
  PRIVACY_DOCUMENT,
  TERMS_DOCUMENT,
} from './index.js';

/** The documents after a new terms version is published (the privacy policy unchanged). */
const NEW_TERMS = { ...LEGAL_DOCUMENTS, terms: { ...TERMS_DOCUMENT, version: '2027-03-01', updated: '2027-03-01' } };

describe('legal documents (spec 000 §7)', () => {
  it.each([
    ['nothing accepted: both pending', [], LEGAL_DOCUMENTS, ['terms', 'privacy']],
    ['both current accepted: none pending', currentLegalAcceptances(), LEGAL_DOCUMENTS, []],
    [
      'only the terms accepted: the privacy policy pending',
      [currentLegalAcceptances()[0]!],
      LEGAL_DOCUMENTS,
      ['privacy'],
    ],
    [
      'a new terms version published: the earlier acceptance no longer counts',
      currentLegalAcceptances(),
      NEW_TERMS,
      ['terms'],
    ],
    [
      'the new version accepted beside the old: none pending',
      [...currentLegalAcceptances(), { document: 'terms' as const, version: '2027-03-01' }],
      NEW_TERMS,
      [],
    ],
  ])('[LEG1] %s', (_name, accepted, documents, pending) => {
    expect(pendingLegalDocuments(accepted, documents)).toEqual(pending);
  });

  it.each([
    ['the current terms', { document: 'terms', version: TERMS_DOCUMENT.version }, null],
    ['the current privacy policy', { document: 'privacy', version: PRIVACY_DOCUMENT.version }, null],
    ['an earlier version', { document: 'terms', version: '2020-01-01' }, 'CONTRACT_VERSION_CHANGED'],
    ['an unknown document', { document: 'baa', version: TERMS_DOCUMENT.version }, 'INVALID_INPUT'],
  ])('[LEG2] accepting %s', (_name, acceptance, error) => {
    expect(legalAcceptanceError(acceptance)).toBe(error);
  });

  it('[LEG2] refuses the version a user saw once a newer one is published', () => {
    expect(legalAcceptanceError({ document: 'terms', version: TERMS_DOCUMENT.version }, NEW_TERMS)).toBe(
      'CONTRACT_VERSION_CHANGED',
    );
  });

  it('[LEG3] fills the version and the UTC day of acceptance into signedText', () => {
    // 2026-11-29T23:30:00Z is still the 29th in UTC.
    expect(legalSignedText(TERMS_DOCUMENT, '2026-11-29', Date.UTC(2026, 10, 29, 23, 30))).toBe(
      'You accepted version 2026-11-29 of the Terms of Service on 2026-11-29.',
    );
  });

  it('gives every document the contract fields of spec 000 §3 and a checkbox text', () => {
    for (const doc of Object.values(LEGAL_DOCUMENTS)) {
      expect(doc.html).toMatch(/^<h2>/);
      expect(doc.checkboxText.length).toBeGreaterThan(0);
      expect(doc.signedText).toContain('{{version}}');
      expect(doc.version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });
});
