import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAnalyticsCases, type SeededCase } from '../../sync-server/src/analytics/demo.js';
import { openStores, type TestStores } from '../utils/stores.js';
import { REPO_ROOT, startServer, type TestServer } from '../utils/start-server.js';
import type { GqlResult } from './accounts-client.js';
import { join, person, type Person } from './orgs-helpers.js';
import { chartedCase, finalize, SIGNATURE } from './report-helpers.js';

/*
 * Issue 41: the office's analytics against the real server and its database. Thirty cases are
 * seeded into the server's database through the stores with the change feed recorded (as the
 * demo data is), so the server's read model finds them by consuming the feed from its cursor;
 * the figures the page gets are compared with a count made by hand below.
 */

const DAY = 24 * 3_600_000;
const OCT = Date.UTC(2026, 9, 1, 9);
const NOV = Date.UTC(2026, 10, 1, 9);
const PROVIDERS = ['prc-c', 'prc-a', 'prc-b'];

/**
 * The seeded set, n = 1…30. October: n 1–12 (day n), November: n 13–30 (day n − 12).
 * Provider by n mod 3: 1 → prc-a, 2 → prc-b, 0 → prc-c. Level: n ≤ 10 minimal, 11–25 moderate,
 * 26–30 deep. Room 1 for odd n, room 2 for even. Every case 45 minutes (anesthesia 40, 2.7 units),
 * midazolam 2 mg, and fentanyl 50 mcg when n is a multiple of 5. Misses: consent not ticked n 1, 2;
 * a checkpoint without vitals n 3 (minimal: no checkpoint rule), 14, 20; discharge score unfinished
 * n 5, 6, 7; signed 26 hours after the end n 8, 9; an override n 10–13; not signed yet n 29, 30.
 */
function seededSet(): SeededCase[] {
  return Array.from({ length: 30 }, (_, i) => {
    const n = i + 1;
    return {
      id: `apt-an${String(n).padStart(2, '0')}`,
      start: n <= 12 ? OCT + (n - 1) * DAY : NOV + (n - 13) * DAY,
      providerId: PROVIDERS[n % 3]!,
      patientId: 'pat-an',
      locationId: n % 2 ? 'loc-room1' : 'loc-room2',
      level: n <= 10 ? 'minimal' : n <= 25 ? 'moderate' : 'deep',
      minutes: 45,
      drugs: [
        { name: 'Midazolam', drugId: 'midazolam', amount: 2, unit: 'mg' },
        ...(n % 5 === 0 ? [{ name: 'Fentanyl', drugId: 'fentanyl', amount: 50, unit: 'mcg' as const }] : []),
      ],
      consentTicked: n > 2,
      missedCheckpoints: [3, 14, 20].includes(n) ? 1 : 0,
      dischargeComplete: ![5, 6, 7].includes(n),
      overridden: n >= 10 && n <= 13,
      signedAfter: n >= 29 ? null : n === 8 || n === 9 ? 26 * 60 : 30,
    };
  });
}

const SUMMARY = `query ($orgId: String, $filter: AnalyticsFilter) {
  analytics(orgId: $orgId, filter: $filter) {
    cases
    months { month sedationLevel providerId cases anesthesiaMinutes anesthesiaUnits }
    drugs { name unit cases total }
    discharge { type score cases }
    quality { finalized preOpComplete vitalsAtEveryCheckpoint dischargeBeforeSignoff signedWithin24h noOverride }
    providers { id }
    locations { id name }
  }
}`;
const CASES = `query ($orgId: String, $filter: AnalyticsFilter, $drill: AnalyticsDrill, $first: Int, $after: String) {
  analyticsCases(orgId: $orgId, filter: $filter, drill: $drill, first: $first, after: $after) { caseId status cursor }
}`;

interface Summary {
  cases: number;
  months: { month: string; sedationLevel: string; providerId: string; cases: number; anesthesiaMinutes: number }[];
  drugs: unknown[];
  discharge: unknown[];
  quality: Record<string, number>;
  providers: { id: string }[];
  locations: { id: string; name: string }[];
}

/** Seeds the set into the server's database, beside the rooms of the clinic's place. */
async function seed(stores: TestStores): Promise<void> {
  const { changes, resources } = stores;
  const at = new Date(OCT).toISOString();
  await resources.transaction(async () => {
    await resources.write(
      { orgId: 'clinic', resource: { resourceType: 'Location', id: 'loc-clinic', status: 'active', name: 'Clinic' } },
      at,
    );
    for (const [id, name] of [
      ['loc-room1', 'Room 1'],
      ['loc-room2', 'Room 2'],
    ] as const) {
      await resources.write(
        {
          orgId: 'clinic',
          resource: {
            resourceType: 'Location',
            id,
            status: 'active',
            name,
            partOf: { reference: 'Location/loc-clinic' },
          },
        },
        at,
      );
    }
  });
  await seedAnalyticsCases({ resources, reports: stores.reports, changes, sync: stores.sync }, 'clinic', seededSet());
}

describe('the office analytics (issue 41)', () => {
  let server: TestServer;
  let admin: Person;
  let member: Person;
  let otherAdmin: Person;
  let basicAdmin: Person;
  let stores: TestStores;

  beforeAll(async () => {
    server = await startServer();
    const people = await Promise.all(
      ['admin', 'member', 'other', 'basic'].map((n) => person(server, `${n}@analytics.test`)),
    );
    [admin, member, otherAdmin, basicAdmin] = people as [Person, Person, Person, Person];
    const plans = await admin.browser.gql<{ availablePlans: { id: string; lookupKey: string }[] }>(
      'query { availablePlans { id lookupKey } }',
    );
    const plan = (key: string): string => plans.data!.availablePlans.find((p) => p.lookupKey === key)!.id;
    const create =
      'mutation ($id: String, $p: String) { createOrg(orgId: $id, orgType: "regular", orgName: "Office", planId: $p) { orgId } }';
    expect((await admin.browser.gql(create, { id: 'clinic', p: plan('enterprise_yearly') })).code).toBeUndefined();
    expect(
      (await otherAdmin.browser.gql(create, { id: 'elsewhere', p: plan('enterprise_yearly') })).code,
    ).toBeUndefined();
    expect((await basicAdmin.browser.gql(create, { id: 'basic', p: plan('basic_monthly') })).code).toBeUndefined();
    await join(server, admin, 'clinic', member, ['member', 'provider']);
    stores = openStores(server.dataDir);
    await seed(stores);
  }, 300_000);

  afterAll(async () => {
    await stores?.close();
    await server?.dispose();
  });

  const summary = async (filter: Record<string, unknown> = {}): Promise<Summary> => {
    const r = await admin.browser.gql<{ analytics: Summary }>(SUMMARY, { orgId: 'clinic', filter });
    expect(r.code).toBeUndefined();
    return r.data!.analytics;
  };

  it('counts what a hand count of the 30 seeded cases gives', async () => {
    const s = await summary();
    expect(s.cases).toBe(30);
    // Finalized: 30 − 2 (n 29, 30) = 28. Pre-op complete: 28 − 2 (n 1, 2) = 26. Vitals at every
    // checkpoint: 28 − 2 (n 14, 20; n 3 is minimal) = 26. Discharge before sign-off: 28 − 3 = 25.
    // Signed within 24 hours: 28 − 2 (n 8, 9) = 26. No override: 28 − 4 (n 10–13) = 24.
    expect(s.quality).toEqual({
      finalized: 28,
      preOpComplete: 26,
      vitalsAtEveryCheckpoint: 26,
      dischargeBeforeSignoff: 25,
      signedWithin24h: 26,
      noOverride: 24,
    });
    // Midazolam in the 28 signed cases, 2 mg each; fentanyl in n 5, 10, 15, 20, 25, 50 mcg each.
    expect(s.drugs).toEqual([
      { name: 'Fentanyl', unit: 'mcg', cases: 5, total: 250 },
      { name: 'Midazolam', unit: 'mg', cases: 28, total: 56 },
    ]);
    // Aldrete: six items at 2 and vitals 2 = 14; unfinished (three items) 6 + 2 = 8.
    expect(s.discharge).toEqual([
      { type: 'aldrete', score: 8, cases: 3 },
      { type: 'aldrete', score: 14, cases: 25 },
    ]);
    // Month × level × provider; 40 anesthesia minutes per signed case (n 29, 30 count as cases only).
    const row = (month: string, sedationLevel: string, providerId: string, cases: number, signed = cases) => ({
      month,
      sedationLevel,
      providerId,
      cases,
      anesthesiaMinutes: 40 * signed,
    });
    expect(
      s.months.map(({ month, sedationLevel, providerId, cases, anesthesiaMinutes }) => ({
        month,
        sedationLevel,
        providerId,
        cases,
        anesthesiaMinutes,
      })),
    ).toEqual([
      row('2026-10', 'minimal', 'prc-a', 4), // n 1, 4, 7, 10
      row('2026-10', 'minimal', 'prc-b', 3), // n 2, 5, 8
      row('2026-10', 'minimal', 'prc-c', 3), // n 3, 6, 9
      row('2026-10', 'moderate', 'prc-b', 1), // n 11
      row('2026-10', 'moderate', 'prc-c', 1), // n 12
      row('2026-11', 'deep', 'prc-a', 1), // n 28
      row('2026-11', 'deep', 'prc-b', 2, 1), // n 26, 29 (not signed)
      row('2026-11', 'deep', 'prc-c', 2, 1), // n 27, 30 (not signed)
      row('2026-11', 'moderate', 'prc-a', 5), // n 13, 16, 19, 22, 25
      row('2026-11', 'moderate', 'prc-b', 4), // n 14, 17, 20, 23
      row('2026-11', 'moderate', 'prc-c', 4), // n 15, 18, 21, 24
    ]);
    const units = s.months.reduce((sum, m) => sum + (m as unknown as { anesthesiaUnits: number }).anesthesiaUnits, 0);
    expect(units).toBeCloseTo(28 * 2.7, 6);
    expect(s.providers.map((p) => p.id)).toEqual(['prc-a', 'prc-b', 'prc-c']);
    // A case's place is the office its room is part of.
    expect(s.locations).toEqual([{ id: 'loc-clinic', name: 'Clinic' }]);
  });

  it('filters by date range and providers', async () => {
    expect((await summary({ from: '2026-11-01', to: '2026-11-30' })).cases).toBe(18);
    expect((await summary({ from: '2026-10-05', to: '2026-10-05' })).cases).toBe(1);
    // prc-a: n 1, 4, 7, 10, 13, 16, 19, 22, 25, 28.
    expect((await summary({ providerIds: ['prc-a'] })).cases).toBe(10);
    expect((await summary({ locationId: 'loc-clinic' })).cases).toBe(30);
    expect((await summary({ locationId: 'loc-other' })).cases).toBe(0);
    const eleven = Array.from({ length: 11 }, (_, i) => `prc-${i}`);
    const refused = await admin.browser.gql(SUMMARY, { orgId: 'clinic', filter: { providerIds: eleven } });
    expect(refused.code).toBe('INVALID_INPUT');
  });

  it('drills down from a figure to its cases, a page at a time', async () => {
    const late = await admin.browser.gql<{ analyticsCases: { caseId: string }[] }>(CASES, {
      orgId: 'clinic',
      drill: { figure: 'signedWithin24h', met: false },
    });
    expect(late.data!.analyticsCases.map((c) => c.caseId)).toEqual(['apt-an09', 'apt-an08']);
    const pages: string[][] = [];
    let after: string | null = null;
    for (;;) {
      const page: GqlResult<{ analyticsCases: { caseId: string; cursor: string }[] }> = await admin.browser.gql<{
        analyticsCases: { caseId: string; cursor: string }[];
      }>(CASES, {
        orgId: 'clinic',
        drill: { month: '2026-11', sedationLevel: 'deep' },
        first: 2,
        after,
      });
      const items: { caseId: string; cursor: string }[] = page.data!.analyticsCases;
      if (items.length === 0) break;
      pages.push(items.map((c) => c.caseId));
      after = items.at(-1)!.cursor;
    }
    expect(pages).toEqual([['apt-an30', 'apt-an29'], ['apt-an28', 'apt-an27'], ['apt-an26']]);
  });

  it('refuses another organisation’s admin, a member who is not an admin, and a plan without analytics', async () => {
    const ask = (who: Person, orgId: string) => who.browser.gql(SUMMARY, { orgId });
    expect((await ask(otherAdmin, 'clinic')).code).toBe('NOT_AUTHORIZED');
    expect((await ask(member, 'clinic')).code).toBe('NOT_AUTHORIZED');
    expect((await ask(basicAdmin, 'basic')).code).toBe('PLAN_REQUIRED');
    expect((await member.browser.gql(CASES, { orgId: 'clinic' })).code).toBe('NOT_AUTHORIZED');
    expect((await basicAdmin.browser.gql(CASES, { orgId: 'basic' })).code).toBe('PLAN_REQUIRED');
  });

  it('rebuilt from scratch by npm run analytics:rebuild equals what the server kept from the feed', async () => {
    const facts = stores.facts;
    const all = { from: null, to: null, providerIds: [], locationId: null };
    const rows = (): Promise<unknown[]> => facts.cases('clinic', all, {}, { first: 200, after: null });
    const before = await summary();
    const kept = await rows();
    expect(kept).toHaveLength(30);
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/analytics-rebuild.ts'],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, DATA_DIR: server.dataDir, NODE_ENV: 'test', ...server.env },
      },
    );
    // The demo office's 24 cases are rebuilt too.
    expect(stdout).toContain('rebuilt: 54 cases');
    expect(await rows()).toEqual(kept);
    expect(await summary()).toEqual(before);
  });

  it('counts a case signed through the real finalize: the feed’s case.finalized reaches the read model', async () => {
    // An office without a plan of a known tier is not restricted by tier (session 24): its admin may look.
    const c = await chartedCase(server);
    const ask = () =>
      c.member.browser.gql<{ analytics: Summary }>(SUMMARY, { orgId: c.orgId }).then((r) => r.data!.analytics);
    expect((await ask()).quality.finalized).toBe(0);
    const reply = await finalize(server, c.member.browser, c.orgId, c.caseId, {
      signature: SIGNATURE,
      contentHash: c.hash(),
      timeZone: 'UTC',
    });
    expect(reply.lines.at(-1)?.step).toBe('done');
    c.client.destroy();
    const after = await ask();
    expect(after.cases).toBe(1);
    expect(after.quality.finalized).toBe(1);
    // Midazolam 2 mg and fentanyl 50 mcg, as charted.
    expect(after.drugs).toEqual([
      { name: 'Fentanyl', unit: 'mcg', cases: 1, total: 50 },
      { name: 'Midazolam', unit: 'mg', cases: 1, total: 2 },
    ]);
  }, 120_000);
});
