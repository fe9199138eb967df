/**
 * Issue 40, against the real server: the legal documents of spec 000 §7. Sign-up is refused
 * without the current terms and privacy policy accepted (no account is made); an accepted sign-up
 * records and audits both; after a new version is published the user is asked again, and an
 * acceptance of the version they saw before is refused.
 */
import { currentLegalAcceptances, LEGAL_DOCUMENTS, PRIVACY_DOCUMENT, TERMS_DOCUMENT } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../sync-server/src/store/audit/inspect.test-util.js';
import { acceptedOnlyAnEarlierVersion } from '../../sync-server/src/store/legal/inspect.test-util.js';
import { startServer, type TestServer } from '../utils/start-server.js';
import { withStores } from '../utils/stores.js';
import { Browser, fullyAuthenticated, signIn, signUp } from './accounts-client.js';

const PASSWORD = 'copper kettle 77 harbour';
const TO_ACCEPT = 'query { legalDocumentsToAccept { name title version checkboxText } }';
const ACCEPT = 'mutation ($a: [LegalAcceptanceInput!]!) { acceptLegalDocuments(accepted: $a) { name } }';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
}, 60_000);
afterAll(async () => {
  await server?.dispose();
});

describe('the legal documents at sign-up and after a new version (issue 40, spec 000 §7)', () => {
  it.each([
    ['nothing accepted', null, 'TERMS_NOT_ACCEPTED'],
    ['only the terms', [{ document: 'terms', version: TERMS_DOCUMENT.version }], 'TERMS_NOT_ACCEPTED'],
    [
      'an earlier terms version',
      [
        { document: 'terms', version: '2020-01-01' },
        { document: 'privacy', version: PRIVACY_DOCUMENT.version },
      ],
      'CONTRACT_VERSION_CHANGED',
    ],
  ])('refuses a sign-up with %s, and no account is made', async (_name, legal, code) => {
    const email = `refused-${code.length}-${legal?.length ?? 0}@legal.test`;
    expect((await signUp(new Browser(server.url), { email, password: PASSWORD, legal })).code).toBe(code);
    // The address is still free: signing in knows no such account.
    expect((await signIn(new Browser(server.url), email, PASSWORD)).code).toBe('INVALID_LOGIN_CREDENTIALS');
  });

  it('records and audits both acceptances of a sign-up, and asks nothing more after sign-in', async () => {
    const { browser, user } = await fullyAuthenticated(server.url, 'accepted@legal.test', PASSWORD);
    const recorded = await withStores(server.dataDir, async (s) => ({
      acceptances: await s.legal.byUser(user.id),
      audited: (await auditEvents(s.db, { action: 'legalAccepted', userId: user.id })).map(
        (e) => JSON.parse(e.detail!) as unknown,
      ),
    }));
    expect(recorded.acceptances.map((a) => [a.document, a.version])).toEqual([
      ['privacy', PRIVACY_DOCUMENT.version],
      ['terms', TERMS_DOCUMENT.version],
    ]);
    expect(recorded.audited).toEqual(
      expect.arrayContaining(currentLegalAcceptances().map((a) => ({ ...a, at: 'signUp' }))),
    );
    expect(recorded.audited).toHaveLength(2);
    expect((await browser.gql(TO_ACCEPT)).data).toEqual({ legalDocumentsToAccept: [] });
  });

  it('asks again for the terms once a new version is published, refuses the old one, and records the new', async () => {
    const { browser, user } = await fullyAuthenticated(server.url, 'republished@legal.test', PASSWORD);
    // The user accepted an earlier version: the current one was published since.
    expect(
      await withStores(server.dataDir, (s) => acceptedOnlyAnEarlierVersion(s.db, user.id, 'terms', '2026-01-01')),
    ).toBe(1);
    expect((await browser.gql(TO_ACCEPT)).data).toEqual({
      legalDocumentsToAccept: [
        {
          name: 'terms',
          title: 'Terms of Service',
          version: LEGAL_DOCUMENTS.terms.version,
          checkboxText: TERMS_DOCUMENT.checkboxText,
        },
      ],
    });
    expect((await browser.gql(ACCEPT, { a: [{ document: 'terms', version: '2026-01-01' }] })).code).toBe(
      'CONTRACT_VERSION_CHANGED',
    );
    expect((await browser.gql(ACCEPT, { a: [{ document: 'terms', version: TERMS_DOCUMENT.version }] })).data).toEqual({
      acceptLegalDocuments: [],
    });
    expect((await browser.gql(TO_ACCEPT)).data).toEqual({ legalDocumentsToAccept: [] });
    const audited = await withStores(server.dataDir, async (s) =>
      (await auditEvents(s.db, { action: 'legalAccepted', userId: user.id })).map(
        (e) => JSON.parse(e.detail!) as unknown,
      ),
    );
    expect(audited.at(-1)).toEqual({ document: 'terms', version: TERMS_DOCUMENT.version, at: 'dialog' });
  });
});
