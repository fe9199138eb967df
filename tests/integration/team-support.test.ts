import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../utils/start-server.js';
import { withStores } from '../utils/stores.js';
import { adminCli, person, type Person } from './orgs-helpers.js';

/*
 * Issue 41 (session 30): the team's customer-support calls against the real server: find a user or
 * an organisation, its organisations, devices and documents' sync, and the errors its browsers
 * sent; each read on the account trail; none of it for anyone but internal staff.
 */

const SEARCH = 'query ($t: String!) { teamSupportSearch(text: $t) { kind id name detail } }';
const USER = `query ($u: String!) { teamSupportUser(userId: $u) { id email memberships { orgId roles }
  devices { sessionId userAgent lastSeenAt } sync { orgId orgName documents unsigned lastSavedAt recentUnsigned { docId } } } }`;
const ORG = `query ($o: String!) { teamSupportOrg(orgId: $o) { id name type parents members { email roles }
  sync { documents unsigned recentUnsigned { docId } } } }`;
const LOGS =
  'query ($u: String, $o: String, $f: Int, $a: String) { teamClientLogs(userId: $u, orgId: $o, first: $f, after: $a) { at kind errorName code route userId orgId cursor } }';
const BEACON =
  'mutation ($n: String!) { logBeacon(level: 50, kind: "error", errorName: $n, where: "index.js:1:2", route: "/org/helpdesk", orgId: "helpdesk") }';

describe('the team’s customer support (issue 41)', () => {
  let server: TestServer;
  let team: Person;
  let admin: Person;

  beforeAll(async () => {
    server = await startServer({ timeoutMs: 240_000 });
    [team, admin] = (await Promise.all(['team', 'admin'].map((n) => person(server, `${n}@support.test`)))) as [
      Person,
      Person,
    ];
    expect((await adminCli(server, 'make-uber', team.email)).code).toBe(0);
    const create =
      'mutation { createOrg(orgId: "helpdesk", orgType: "regular", orgName: "Helpdesk Dental") { orgId } }';
    expect((await admin.browser.gql(create)).code).toBeUndefined();
    for (const name of ['TypeError', 'RangeError', 'SyntaxError']) {
      expect((await admin.browser.gql(BEACON, { n: name })).data).toEqual({ logBeacon: true });
    }
    await withStores(server.dataDir, async ({ sync }) => {
      const update = new Uint8Array([0, 0]);
      await sync.append([
        { room: 'helpdesk/cmp-open', orgId: 'helpdesk', docId: 'cmp-open', update },
        { room: 'helpdesk/cmp-signed', orgId: 'helpdesk', docId: 'cmp-signed', update },
      ]);
      await sync.markFinalized('helpdesk/cmp-signed', 'helpdesk', 'cmp-signed');
    });
  }, 300_000);

  afterAll(async () => {
    await server?.dispose();
  });

  const recorded = (): Promise<number> =>
    withStores(server.dataDir, ({ audit }) => audit.count('teamSupportRead', 0, { userId: team.userId }));

  it('refuses every customer-support read to anyone who is not internal staff', async () => {
    for (const [q, v] of [
      [SEARCH, { t: 'helpdesk' }],
      [USER, { u: admin.userId }],
      [ORG, { o: 'helpdesk' }],
      [LOGS, { o: 'helpdesk', f: 5 }],
    ] as const) {
      expect((await admin.browser.gql(q, v)).code).toBe('NOT_AUTHORIZED');
    }
  });

  it('finds a user by email, name or id and an organisation by name or id', async () => {
    type Hits = { teamSupportSearch: { kind: string; id: string; detail: string }[] };
    const byEmail = await team.browser.gql<Hits>(SEARCH, { t: 'admin@support' });
    expect(byEmail.data!.teamSupportSearch).toEqual([
      expect.objectContaining({ kind: 'user', id: admin.userId, detail: 'admin@support.test' }),
    ]);
    const byId = await team.browser.gql<Hits>(SEARCH, { t: admin.userId });
    expect(byId.data!.teamSupportSearch.map((h) => h.id)).toContain(admin.userId);
    const org = await team.browser.gql<Hits>(SEARCH, { t: 'Helpdesk Den' });
    expect(org.data!.teamSupportSearch).toEqual([
      expect.objectContaining({ kind: 'organisation', id: 'helpdesk', detail: 'regular' }),
    ]);
    // A wildcard is taken literally: '%' finds nothing rather than everyone.
    expect((await team.browser.gql<Hits>(SEARCH, { t: '%%' })).data!.teamSupportSearch).toEqual([]);
    expect((await team.browser.gql(SEARCH, { t: 'a' })).code).toBe('INVALID_INPUT');
  });

  it('shows a user’s organisations, devices and documents’ sync, and records the read', async () => {
    const before = await recorded();
    type U = {
      teamSupportUser: {
        memberships: { orgId: string; roles: string[] }[];
        devices: { sessionId: string; lastSeenAt: number }[];
        sync: {
          orgId: string;
          documents: number;
          unsigned: number;
          lastSavedAt: string;
          recentUnsigned: { docId: string }[];
        }[];
      };
    };
    const u = await team.browser.gql<U>(USER, { u: admin.userId });
    expect(u.code).toBeUndefined();
    expect(u.data!.teamSupportUser.memberships.map((m) => m.orgId)).toEqual(['helpdesk']);
    expect(u.data!.teamSupportUser.memberships[0]!.roles).toContain('admin');
    expect(u.data!.teamSupportUser.devices.length).toBeGreaterThanOrEqual(1);
    expect(u.data!.teamSupportUser.sync).toEqual([
      expect.objectContaining({
        orgId: 'helpdesk',
        documents: 2,
        unsigned: 1,
        recentUnsigned: [{ docId: 'cmp-open' }],
      }),
    ]);
    expect(u.data!.teamSupportUser.sync[0]!.lastSavedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await team.browser.gql(USER, { u: 'usr-none' })).code).toBe('USER_NOT_FOUND');
    expect(await recorded()).toBe(before + 1);
  });

  it('shows an organisation’s members and sync', async () => {
    type O = {
      teamSupportOrg: { type: string; members: { email: string }[]; sync: { documents: number; unsigned: number } };
    };
    const o = await team.browser.gql<O>(ORG, { o: 'helpdesk' });
    expect(o.code).toBeUndefined();
    expect(o.data!.teamSupportOrg.members.map((m) => m.email)).toEqual(['admin@support.test']);
    expect(o.data!.teamSupportOrg.sync).toEqual({ documents: 2, unsigned: 1, recentUnsigned: [{ docId: 'cmp-open' }] });
    expect((await team.browser.gql(ORG, { o: 'nowhere' })).code).toBe('NOT_FOUND');
  });

  it('pages a user’s (or an organisation’s) browser errors newest first, each page recorded', async () => {
    type L = { teamClientLogs: { errorName: string; route: string; orgId: string; cursor: string }[] };
    const before = await recorded();
    const first = await team.browser.gql<L>(LOGS, { u: admin.userId, f: 2 });
    expect(first.code).toBeUndefined();
    expect(first.data!.teamClientLogs.map((l) => l.errorName)).toEqual(['SyntaxError', 'RangeError']);
    const next = await team.browser.gql<L>(LOGS, { u: admin.userId, f: 2, a: first.data!.teamClientLogs[1]!.cursor });
    expect(next.data!.teamClientLogs.map((l) => l.errorName)).toEqual(['TypeError']);
    const byOrg = await team.browser.gql<L>(LOGS, { o: 'helpdesk', f: 10 });
    expect(byOrg.data!.teamClientLogs).toHaveLength(3);
    expect(byOrg.data!.teamClientLogs[0]).toMatchObject({ route: '/org/helpdesk', orgId: 'helpdesk' });
    expect(await recorded()).toBe(before + 3);
    // Exactly one of the user and the organisation.
    expect((await team.browser.gql(LOGS, { f: 5 })).code).toBe('INVALID_INPUT');
    expect((await team.browser.gql(LOGS, { u: admin.userId, o: 'helpdesk', f: 5 })).code).toBe('INVALID_INPUT');
  });
});
