import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAnalyticsCases, type SeededCase } from '../../sync-server/src/analytics/demo.js';
import { CONSOLE_SQL } from '../../sync-server/src/store/oversight/console-sql.test-util.js';
import { startServer, type TestServer } from '../utils/start-server.js';
import { allResources, withStores } from '../utils/stores.js';
import { adminCli, person, sudo, type Person } from './orgs-helpers.js';

/*
 * Issue 41: the team app's oversight screens against the real server: the cases of every
 * organisation, one case opened read-only after sudo (its read on the organisation's audit
 * trail), cases per day, and the read-only database console; none of it for anyone but staff.
 */

const DAY = 24 * 3_600_000;
// Far from the demo office's cases (the last three months): this set is the newest and alone on its days.
const NOV = Date.UTC(2035, 10, 2, 9);

/** clinic: cases on Nov 2, Nov 2 and Nov 4; annex: one on Nov 4. Nov 3 has none. */
const CASES: [string, SeededCase][] = [
  ['clinic', { id: 'apt-tm1', start: NOV, providerId: 'prc-1', patientId: 'pat-1' }],
  ['clinic', { id: 'apt-tm2', start: NOV + 3_600_000, providerId: 'prc-1', patientId: 'pat-1' }],
  ['clinic', { id: 'apt-tm3', start: NOV + 2 * DAY, providerId: 'prc-1', patientId: 'pat-1', signedAfter: null }],
  ['annex', { id: 'apt-tm4', start: NOV + 2 * DAY + 60_000, providerId: 'prc-2', patientId: 'pat-2' }],
];

const LIST =
  'query ($first: Int, $after: String) { teamCases(first: $first, after: $after) { orgId caseId status cursor } }';
const OPEN = 'query ($id: String!) { teamCase(caseId: $id) { orgId caseId status recordStatus drugs caseData } }';
const STATS =
  'query ($from: String!, $to: String!) { teamCaseStats(from: $from, to: $to) { cases activeOrgs days { day cases orgs } } }';
const DB = 'query ($sql: String!) { teamDbQuery(sql: $sql) { columns rows { cells } truncated refused } }';

interface DbAnswer {
  columns: string[];
  rows: { cells: (string | null)[] }[];
  truncated: boolean;
  refused: string | null;
}

describe('the team’s oversight screens (issue 41)', () => {
  let server: TestServer;
  let team: Person;
  let officeAdmin: Person;

  beforeAll(async () => {
    server = await startServer();
    [team, officeAdmin] = (await Promise.all(['team', 'admin'].map((n) => person(server, `${n}@oversight.test`)))) as [
      Person,
      Person,
    ];
    expect((await adminCli(server, 'make-uber', team.email)).code).toBe(0);
    const create = 'mutation ($id: String) { createOrg(orgId: $id, orgType: "regular", orgName: "Office") { orgId } }';
    for (const id of ['clinic', 'annex']) expect((await officeAdmin.browser.gql(create, { id })).code).toBeUndefined();
    await withStores(server.dataDir, async ({ resources, reports, changes, sync }) => {
      for (const [orgId, c] of CASES) await seedAnalyticsCases({ resources, reports, changes, sync }, orgId, [c]);
    });
  }, 300_000);

  afterAll(async () => {
    await server?.dispose();
  });

  it('lists every organisation’s cases newest first, a page at a time, to staff only', async () => {
    const first = await team.browser.gql<{ teamCases: { orgId: string; caseId: string; cursor: string }[] }>(LIST, {
      first: 2,
    });
    expect(first.code).toBeUndefined();
    // Nov 4 09:01 annex, Nov 4 09:00 clinic; then Nov 2 10:00, Nov 2 09:00.
    expect(first.data!.teamCases.map((c) => c.caseId)).toEqual(['apt-tm4', 'apt-tm3']);
    const rest = await team.browser.gql<{ teamCases: { caseId: string }[] }>(LIST, {
      first: 2,
      after: first.data!.teamCases[1]!.cursor,
    });
    expect(rest.data!.teamCases.map((c) => c.caseId)).toEqual(['apt-tm2', 'apt-tm1']);
    expect((await officeAdmin.browser.gql(LIST, {})).code).toBe('NOT_AUTHORIZED');
  });

  it('opens a case read-only only after sudo, and the organisation’s audit trail has the team member’s read', async () => {
    const reads = async (): Promise<number> =>
      withStores(server.dataDir, async ({ resources }) => {
        const events = (await allResources(resources, 'clinic', 'AuditEvent')) as unknown as {
          agent: { who: { identifier: { value: string } } }[];
          entity?: { what?: { reference: string } }[];
        }[];
        return events.filter(
          (e) =>
            e.agent[0]?.who.identifier.value === team.userId &&
            e.entity?.some((x) => x.what?.reference === 'Composition/apt-tm1'),
        ).length;
      });
    expect((await team.browser.gql(OPEN, { id: 'apt-tm1' })).code).toBe('SUDO_REQUIRED');
    expect(await reads()).toBe(0);
    expect((await officeAdmin.browser.gql(OPEN, { id: 'apt-tm1' })).code).toBe('NOT_AUTHORIZED');
    await sudo(server, team);
    const opened = await team.browser.gql<{
      teamCase: { orgId: string; status: string; recordStatus: string; drugs: string[]; caseData: string };
    }>(OPEN, { id: 'apt-tm1' });
    expect(opened.code).toBeUndefined();
    expect(opened.data!.teamCase).toMatchObject({ orgId: 'clinic', status: 'finalized', recordStatus: 'final' });
    expect(opened.data!.teamCase.drugs).toEqual(['Midazolam 2 mg']);
    expect(JSON.parse(opened.data!.teamCase.caseData)).toMatchObject({ sedationLevel: 'moderate' });
    expect(await reads()).toBe(1);
    expect((await team.browser.gql(OPEN, { id: 'apt-none' })).code).toBe('NOT_FOUND');
  });

  it('counts cases per day across organisations and the organisations active', async () => {
    const stats = await team.browser.gql<{
      teamCaseStats: { cases: number; activeOrgs: number; days: { day: string; cases: number; orgs: number }[] };
    }>(STATS, { from: '2035-11-01', to: '2035-11-05' });
    expect(stats.code).toBeUndefined();
    // Nov 2: apt-tm1, apt-tm2 (clinic); Nov 4: apt-tm3 (clinic), apt-tm4 (annex). 4 cases, 2 organisations.
    expect(stats.data!.teamCaseStats).toEqual({
      cases: 4,
      activeOrgs: 2,
      days: [
        { day: '2035-11-02', cases: 2, orgs: 1 },
        { day: '2035-11-04', cases: 2, orgs: 2 },
      ],
    });
    const one = await team.browser.gql<{ teamCaseStats: { cases: number; activeOrgs: number } }>(STATS, {
      from: '2035-11-02',
      to: '2035-11-02',
    });
    expect(one.data!.teamCaseStats).toMatchObject({ cases: 2, activeOrgs: 1 });
    expect((await team.browser.gql(STATS, { from: '2035-01-01', to: '2035-12-31' })).code).toBe('INVALID_INPUT');
    expect((await officeAdmin.browser.gql(STATS, { from: '2035-11-01', to: '2035-11-05' })).code).toBe(
      'NOT_AUTHORIZED',
    );
  });

  it('shows a user’s organisations, MFA channels and live sessions, and ends them after sudo, audited', async () => {
    const USER =
      'query ($id: String!) { teamUser(userId: $id) { email memberships { orgId roles } mfaOptions { channel verified } sessions { id multiFactor } } }';
    const END = 'mutation ($id: String!) { endTeamUserSessions(userId: $id) }';
    type Detail = {
      email: string;
      memberships: { orgId: string; roles: string[] }[];
      mfaOptions: { channel: string; verified: boolean }[];
      sessions: { id: string; multiFactor: boolean }[];
    };
    const seen = await team.browser.gql<{ teamUser: Detail }>(USER, { id: officeAdmin.userId });
    expect(seen.code).toBeUndefined();
    expect(seen.data!.teamUser.email).toBe(officeAdmin.email);
    expect(seen.data!.teamUser.memberships.map((m) => m.orgId).sort()).toEqual(['annex', 'clinic']);
    expect(seen.data!.teamUser.mfaOptions).toEqual([{ channel: 'email', verified: true }]);
    // The one session the office admin signed in with, MFA verified.
    expect(seen.data!.teamUser.sessions.map((x) => x.multiFactor)).toEqual([true]);
    expect((await officeAdmin.browser.gql(USER, { id: team.userId })).code).toBe('NOT_AUTHORIZED');
    expect((await officeAdmin.browser.gql(END, { id: team.userId })).code).toBe('NOT_AUTHORIZED');

    const fresh = await person(server, 'team3@oversight.test');
    expect((await adminCli(server, 'make-uber', fresh.email)).code).toBe(0);
    expect((await fresh.browser.gql(END, { id: officeAdmin.userId })).code).toBe('SUDO_REQUIRED');
    await sudo(server, team);
    const recorded = (): Promise<number> =>
      withStores(server.dataDir, ({ audit }) => audit.count('teamSessionsEnded', 0, { userId: team.userId }));
    const before = await recorded();
    const target = await person(server, 'target@oversight.test');
    const ended = await team.browser.gql<{ endTeamUserSessions: number }>(END, { id: target.userId });
    expect(ended.data?.endTeamUserSessions).toBe(1);
    expect(await recorded()).toBe(before + 1);
    // The user is signed out: their next call has no session.
    expect((await target.browser.gql(LIST, {})).code).toBe('NO_AUTHENTICATION');
    const after = await team.browser.gql<{ teamUser: Detail }>(USER, { id: target.userId });
    expect(after.data!.teamUser.sessions).toEqual([]);
  });

  it('lists the offices still onboarding with what each has done', async () => {
    const Q = 'query { teamOnboarding(first: 200) { orgId members cases signedCases planChosen baaSigned } }';
    const r = await team.browser.gql<{
      teamOnboarding: { orgId: string; members: number; cases: number; signedCases: number }[];
    }>(Q);
    expect(r.code).toBeUndefined();
    const of = (id: string) => r.data!.teamOnboarding.find((o) => o.orgId === id);
    // clinic: its admin; apt-tm1–3, of which apt-tm3 is not signed. annex: apt-tm4, signed. No plan, no BAA.
    expect(of('clinic')).toEqual({
      orgId: 'clinic',
      members: 1,
      cases: 3,
      signedCases: 2,
      planChosen: false,
      baaSigned: false,
    });
    expect(of('annex')).toEqual({
      orgId: 'annex',
      members: 1,
      cases: 1,
      signedCases: 1,
      planChosen: false,
      baaSigned: false,
    });
    expect((await officeAdmin.browser.gql(Q)).code).toBe('NOT_AUTHORIZED');
  });

  describe('the database console', () => {
    const run = async (sql: string): Promise<DbAnswer> => {
      const r = await team.browser.gql<{ teamDbQuery: DbAnswer }>(DB, { sql });
      expect(r.code).toBeUndefined();
      return r.data!.teamDbQuery;
    };
    const orgCount = (): Promise<string | null | undefined> =>
      run(CONSOLE_SQL.orgCount(['clinic', 'annex'])).then((a) => a.rows[0]?.cells[0]);

    it('is refused to non-staff, and to staff without a fresh sudo', async () => {
      expect((await officeAdmin.browser.gql(DB, { sql: CONSOLE_SQL.one })).code).toBe('NOT_AUTHORIZED');
      const fresh = await person(server, 'team2@oversight.test');
      expect((await adminCli(server, 'make-uber', fresh.email)).code).toBe(0);
      expect((await fresh.browser.gql(DB, { sql: CONSOLE_SQL.one })).code).toBe('SUDO_REQUIRED');
    });

    it('answers a read with its columns and rows, and records every query on the account trail', async () => {
      await sudo(server, team);
      const recordedBefore = await withStores(server.dataDir, ({ audit }) =>
        audit.count('dbConsoleQuery', 0, { userId: team.userId }),
      );
      expect(await run(CONSOLE_SQL.orgIdAndName('clinic'))).toEqual({
        columns: ['id', 'name'],
        rows: [{ cells: ['clinic', 'Office'] }],
        truncated: false,
        refused: null,
      });
      const refused = await run(CONSOLE_SQL.deleteOrgs);
      expect(refused.refused).not.toBeNull();
      const recordedAfter = await withStores(server.dataDir, ({ audit }) =>
        audit.count('dbConsoleQuery', 0, { userId: team.userId }),
      );
      expect(recordedAfter - recordedBefore).toBe(2);
    });

    it.each(CONSOLE_SQL.refused.map((sql) => [sql]))('refuses %j and changes nothing', async (sql) => {
      await sudo(server, team);
      const answer = await run(sql);
      expect(answer.refused).toEqual(expect.any(String));
      expect(answer.rows).toEqual([]);
      expect(await orgCount()).toBe('2');
      expect((await run(CONSOLE_SQL.orgName('clinic'))).rows).toEqual([{ cells: ['Office'] }]);
    });

    it('answers at most 200 rows, saying it cut the rest', async () => {
      await sudo(server, team);
      const a = await run(CONSOLE_SQL.endless);
      expect(a.rows).toHaveLength(200);
      expect(a.truncated).toBe(true);
      expect(a.rows.at(-1)).toEqual({ cells: ['200'] });
    });

    it('stops a statement that runs past 5 s, answering other requests meanwhile, and records it', async () => {
      await sudo(server, team);
      const before = await withStores(server.dataDir, ({ audit }) =>
        audit.count('dbConsoleQuery', 0, { userId: team.userId }),
      );
      const started = Date.now();
      let settled = false;
      const endless = run(CONSOLE_SQL.endlessCount).finally(() => (settled = true));
      // While the count runs the server answers other requests (on its event loop the count would
      // hold every one until it ended, which it never does): each answered before the count is.
      let answeredMeanwhile = 0;
      while (!settled) {
        const r = await officeAdmin.browser.gql<{ serverTime: number }>('query { serverTime }');
        expect(r.data?.serverTime).toBeGreaterThan(0);
        if (!settled) answeredMeanwhile += 1;
      }
      expect(answeredMeanwhile).toBeGreaterThan(0);
      const answer = await endless;
      expect(Date.now() - started).toBeGreaterThanOrEqual(5_000);
      expect(answer).toEqual({
        columns: [],
        rows: [],
        truncated: false,
        refused: 'The statement ran longer than 5 s and was stopped',
      });
      // The console answers again (a new process), and both statements are on the account trail.
      expect((await run(CONSOLE_SQL.one)).rows).toEqual([{ cells: ['1'] }]);
      const after = await withStores(server.dataDir, ({ audit }) =>
        audit.count('dbConsoleQuery', 0, { userId: team.userId }),
      );
      expect(after - before).toBe(2);
    }, 60_000);
  });
});
