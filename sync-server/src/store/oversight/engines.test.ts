import { caseFacts, type CaseFacts } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { runnableImplementations, testPostgresDatabase } from '../postgres/test-database.test-util.js';
import { storesOf, type Stores } from '../select.js';
import { openMemoryDatabase } from '../sqlite/database.js';
import { teamCaseCursor } from './types.js';

/*
 * The oversight stores' contract (issue 41 reads, issue 43 PostgreSQL): the team's reads across
 * organisations (OversightStore) and customer support's (SupportStore), on SQLite and on
 * PostgreSQL. Everything is seeded through the real stores of the same database (storesOf, as
 * the server builds them: accounts, sessions, organisations, sync documents, client logs, the
 * analytics read model), then both engines must answer the same.
 */

const now = (): number => 0;

const implementations = await runnableImplementations<[string, () => Stores | Promise<Stores>]>(
  'oversight stores contract',
  [
    [
      'sqlite',
      () =>
        storesOf(
          {
            ...{ engine: 'sqlite', sqlite: openMemoryDatabase(), postgres: null, created: true },
            close: () => Promise.resolve(),
          },
          undefined,
          now,
        ),
    ],
    [
      'postgres',
      async () =>
        storesOf(
          {
            ...{ engine: 'postgres', sqlite: null, postgres: await testPostgresDatabase(), created: true },
            close: () => Promise.resolve(),
          },
          undefined,
          now,
        ),
    ],
  ],
);

const DAY = 86_400_000;
const D1 = Date.UTC(2026, 10, 2, 9);
const D2 = D1 + DAY;

const origin = (at: number): { at: number; ip: null; userAgent: null } => ({ at, ip: null, userAgent: null });

async function user(stores: Stores, id: string, name: string, at = 0): Promise<void> {
  const email = `${id}@example.com`;
  const session = { id: `signup-${id}`, userId: id, tokenHash: `signup-${id}`, now: at, expiresAt: at + 1 };
  await stores.accounts.createUserWithSession(
    { id, name, email, passwordHash: 'x', referredBy: null, now: at },
    { ...session, ip: null, userAgent: null, singleOrg: null, multiFactorExp: null },
    null,
  );
  await stores.sessions.end(session.id, at);
}

interface OrgSeed {
  id: string;
  name: string;
  at: number;
  type?: 'regular' | 'parent';
  status?: 'none' | 'trialing' | 'active';
  onboarding?: boolean;
  plan?: string | null;
  trialEnd?: number | null;
}

async function org(stores: Stores, o: OrgSeed, founder = 'usr-founder'): Promise<void> {
  await stores.orgs.createOrg(
    {
      ...{ id: o.id, fhirId: `fhir-${o.id}`, name: o.name, type: o.type ?? 'regular', email: `${o.id}@office.example` },
      ...{ subscriptionStatus: o.status ?? 'none', trialEnd: o.trialEnd ?? null, isOnboarding: o.onboarding ?? false },
      ...{ planId: o.plan ?? null, referredBy: null, referralType: null, createdBy: founder },
    },
    { orgId: o.id, userId: founder, roles: ['admin'], by: founder, via: 'seed', newMemberId: `${o.id}-${founder}` },
    origin(o.at),
    { action: 'orgCreated', userId: founder, detail: {} },
  );
}

function facts(orgId: string, caseId: string, start: number | null, signed = false): CaseFacts {
  const base = caseFacts({
    orgId,
    caseId,
    caseData: null,
    appointment: {
      start: start ?? D1,
      providerId: 'prc-a',
      providerName: 'Dr A',
      locationId: 'loc-1',
      locationName: 'Room 1',
      sedationLevel: 'moderate',
    },
    signedAt: signed ? (start ?? 0) + 3_600_000 : null,
    addenda: 0,
  });
  return start === null ? { ...base, startAt: null, month: null } : base;
}

/** Three offices (two onboarding), a parent, users and members, as both engines hold them. */
async function world(stores: Stores): Promise<void> {
  await user(stores, 'usr-founder', 'Founder');
  await user(stores, 'usr-ann', 'Ann Ames');
  await user(stores, 'usr-bob', 'Bob 50%_off');
  await org(stores, { id: 'org-group', name: 'Group', at: 100, type: 'parent', status: 'active' });
  await org(stores, { id: 'org-b', name: 'Bravo Dental', at: 300, status: 'trialing', trialEnd: 9_000, plan: 'p1' });
  await org(stores, { id: 'org-a', name: 'Alpha Dental', at: 300, onboarding: true });
  await org(stores, { id: 'org-c', name: 'Charlie Dental', at: 200, status: 'active' });
  await org(stores, { id: 'org-d', name: 'Delta Dental', at: 50 });
  await stores.orgs.updateOrg('org-a', {}, ['org-group'], origin(400), {
    action: 'orgUpdated',
    userId: null,
    detail: {},
  });
  const grant = { by: 'usr-founder', via: 'seed' };
  await stores.orgs.grantRoles(
    { ...grant, orgId: 'org-a', userId: 'usr-ann', roles: ['provider'], newMemberId: 'm-ann' },
    origin(1),
  );
  await stores.orgs.grantRoles(
    { ...grant, orgId: 'org-a', userId: 'usr-bob', roles: ['provider', 'admin'], newMemberId: 'm-bob' },
    origin(1),
  );
}

describe.each(implementations)('oversight stores contract (%s)', (name, make) => {
  it('lists onboarding offices newest first, a page at a time, with what each has done', async () => {
    const stores = await make();
    await world(stores);
    await stores.facts.put(facts('org-a', 'case-1', D1, true), 1);
    await stores.facts.put(facts('org-a', 'case-2', D1 + 1), 1);
    const first = await stores.oversight.onboarding({ first: 2, after: null });
    expect(first).toEqual([
      {
        ...{ orgId: 'org-a', name: 'Alpha Dental', createdAt: 300, trialEnd: null, subscriptionStatus: 'none' },
        ...{ isOnboarding: true, planChosen: false, baaSigned: false, members: 3, cases: 2, signedCases: 1 },
      },
      {
        ...{ orgId: 'org-b', name: 'Bravo Dental', createdAt: 300, trialEnd: 9_000, subscriptionStatus: 'trialing' },
        ...{ isOnboarding: false, planChosen: true, baaSigned: false, members: 1, cases: 0, signedCases: 0 },
      },
    ]);
    const next = await stores.oversight.onboarding({ first: 2, after: '300~org-b' });
    expect(next.map((r) => r.orgId)).toEqual(['org-d']);
  });

  it('pages every organisation’s cases newest first, finds a case’s organisation, counts days', async () => {
    const stores = await make();
    await world(stores);
    const all = [
      facts('org-a', 'case-1', D1),
      facts('org-b', 'case-1b', D1),
      facts('org-a', 'case-0', D1),
      facts('org-c', 'case-3', D2 + 5, true),
      facts('org-c', 'case-4', null),
    ];
    for (const f of all) await stores.facts.put(f, 1);
    const ids = (page: CaseFacts[]): string[] => page.map((f) => `${f.orgId}/${f.caseId}`);
    const first = await stores.oversight.cases(null, { first: 2, after: null });
    expect(ids(first)).toEqual(['org-c/case-3', 'org-a/case-0']);
    expect(first[0]).toEqual(all[3]);
    const second = await stores.oversight.cases(null, { first: 2, after: teamCaseCursor(first[1]!) });
    expect(ids(second)).toEqual(['org-a/case-1', 'org-b/case-1b']);
    const last = await stores.oversight.cases(null, { first: 2, after: teamCaseCursor(second[1]!) });
    expect(ids(last)).toEqual(['org-c/case-4']);
    expect(ids(await stores.oversight.cases('org-a', { first: 5, after: null }))).toEqual([
      'org-a/case-0',
      'org-a/case-1',
    ]);
    expect(await stores.oversight.orgOfCase('case-3')).toBe('org-c');
    expect(await stores.oversight.orgOfCase('nope')).toBeNull();
    expect(await stores.oversight.casesPerDay(D1 - 9 * 3_600_000, D2 + DAY)).toEqual([
      { day: '2026-11-02', cases: 3, orgs: 2 },
      { day: '2026-11-03', cases: 1, orgs: 1 },
    ]);
    expect(await stores.oversight.activeOrgs(D1 - 1, D2 + DAY)).toBe(3);
    expect(await stores.oversight.activeOrgs(D2, D2 + DAY)).toBe(1);
  });

  it('searches users and organisations, % and _ taken literally, ASCII case ignored', async () => {
    const stores = await make();
    await world(stores);
    const hits = await stores.support.search('DENTAL', 10);
    expect(hits.map((h) => `${h.kind}:${h.id}`)).toEqual([
      'organisation:org-a',
      'organisation:org-b',
      'organisation:org-c',
      'organisation:org-d',
    ]);
    expect(await stores.support.search('50%_', 10)).toEqual([
      { kind: 'user', id: 'usr-bob', name: 'Bob 50%_off', detail: 'usr-bob@example.com' },
    ]);
    expect(await stores.support.search('5%', 10)).toEqual([]);
    const byId = await stores.support.search('org-c', 2);
    expect(byId).toEqual([{ kind: 'organisation', id: 'org-c', name: 'Charlie Dental', detail: 'regular' }]);
    expect((await stores.support.search('usr-ann', 5)).map((h) => h.id)).toEqual(['usr-ann']);
    expect((await stores.support.search('example', 2)).map((h) => h.id)).toEqual([
      'usr-ann',
      'usr-bob',
      'org-a',
      'org-b',
    ]);
  });

  it('answers a user, their live devices, and an organisation with its parents and members', async () => {
    const stores = await make();
    await world(stores);
    expect(await stores.support.user('usr-ann')).toEqual({
      ...{ id: 'usr-ann', name: 'Ann Ames', email: 'usr-ann@example.com', createdAt: 0 },
    });
    expect(await stores.support.user('nobody')).toBeNull();
    const session = (id: string, at: number, expiresAt: number, userAgent: string | null) => ({
      ...{ id, userId: 'usr-ann', tokenHash: `t-${id}`, now: at, expiresAt, ip: '10.0.0.1', userAgent },
      ...{ singleOrg: null, multiFactorExp: null },
    });
    await stores.sessions.create(session('s-old', 10, 500, 'Firefox'));
    await stores.sessions.create(session('s-new', 20, 5_000, 'Safari'));
    await stores.sessions.create(session('s-ended', 30, 5_000, null));
    await stores.sessions.end('s-ended', 40);
    await stores.sessions.create(session('s-tablet', 5, 5_000, null));
    await stores.sessions.renew('s-tablet', {
      renewedAt: 50,
      expiresAt: 5_000,
      multiFactorExp: null,
      clearSudo: false,
    });
    const devices = await stores.support.devices('usr-ann', 1_000);
    expect(devices).toEqual([
      { sessionId: 's-tablet', userAgent: null, signedInAt: 5, lastSeenAt: 50 },
      { sessionId: 's-new', userAgent: 'Safari', signedInAt: 20, lastSeenAt: 20 },
    ]);
    expect(await stores.support.org('org-a')).toEqual({
      ...{ id: 'org-a', name: 'Alpha Dental', type: 'regular', createdAt: 300, parents: ['org-group'] },
      members: [
        { userId: 'usr-ann', name: 'Ann Ames', email: 'usr-ann@example.com', roles: ['provider'] },
        { userId: 'usr-bob', name: 'Bob 50%_off', email: 'usr-bob@example.com', roles: ['provider', 'admin'] },
        { userId: 'usr-founder', name: 'Founder', email: 'usr-founder@example.com', roles: ['admin'] },
      ],
    });
    expect(await stores.support.org('nope')).toBeNull();
  });

  it('counts an organisation’s documents, unsigned ones and their last saves', async () => {
    const stores = await make();
    await world(stores);
    expect(await stores.support.syncHealth('org-a')).toEqual({
      ...{ orgId: 'org-a', documents: 0, unsigned: 0, lastSavedAt: null, recentUnsigned: [] },
    });
    const update = new Uint8Array([0, 0]);
    await stores.sync.append(
      ['d1', 'd2', 'd3'].map((doc) => ({ room: `org-a/${doc}`, orgId: 'org-a', docId: doc, update })),
    );
    await stores.sync.append([{ room: 'org-b/x', orgId: 'org-b', docId: 'x', update }]);
    await stores.sync.markFinalized('org-a/d2', 'org-a', 'd2', new Date(D1));
    const health = await stores.support.syncHealth('org-a');
    expect(health).toMatchObject({ orgId: 'org-a', documents: 3, unsigned: 2 });
    expect(health.lastSavedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(health.recentUnsigned.map((d) => d.docId).sort()).toEqual(['d1', 'd3']);
    for (const d of health.recentUnsigned) expect(d.lastSavedAt <= health.lastSavedAt!).toBe(true);
  });

  it('pages a user’s or an organisation’s beacons newest first', async () => {
    const stores = await make();
    await world(stores);
    const beacon = (at: number, userId: string, orgId: string | null, code: string) => ({
      ...{ at, level: 50, kind: 'error' as const, errorName: 'TypeError', code, where: 'app.js:1', route: '/cases' },
      ...{ appVersion: '1.0.0', userId, orgId },
    });
    await stores.clientLogs.record(beacon(10, 'usr-ann', 'org-a', 'c1'), 0, 100);
    await stores.clientLogs.record(beacon(20, 'usr-ann', null, 'c2'), 0, 100);
    await stores.clientLogs.record(beacon(20, 'usr-bob', 'org-a', 'c3'), 0, 100);
    await stores.clientLogs.record(beacon(30, 'usr-ann', 'org-b', 'c4'), 0, 100);
    const page = await stores.support.clientLogs({ userId: 'usr-ann' }, { first: 2, after: null });
    expect(page.map((r) => r.code)).toEqual(['c4', 'c2']);
    expect(page[0]).toEqual({ id: page[0]!.id, ...beacon(30, 'usr-ann', 'org-b', 'c4') });
    expect(typeof page[0]!.id).toBe('number');
    const after = `${page[1]!.at}~${page[1]!.id}`;
    expect((await stores.support.clientLogs({ userId: 'usr-ann' }, { first: 2, after })).map((r) => r.code)).toEqual([
      'c1',
    ]);
    const org = await stores.support.clientLogs({ orgId: 'org-a' }, { first: 5, after: null });
    expect(org.map((r) => r.code)).toEqual(['c3', 'c1']);
  });
});
