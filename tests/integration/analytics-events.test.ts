import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser } from './accounts-client.js';
import { startServer, type TestServer } from '../utils/start-server.js';
import { withStores } from '../utils/stores.js';
import { createOrg, person, type Person } from './orgs-helpers.js';

/*
 * Issue 41: spec 000 §7's analytics events reach Vigil's own server through the beacon and are
 * kept as name, time, user and organisation only (no properties, so no patient data).
 */

const LOG = `mutation ($level: Int!, $kind: String!, $errorName: String, $where: String, $route: String, $orgId: String) {
  logBeacon(level: $level, kind: $kind, errorName: $errorName, where: $where, route: $route, orgId: $orgId) }`;
const TRACK = 'mutation ($name: String!, $orgId: String) { trackAnalyticsEvent(name: $name, orgId: $orgId) }';

describe('the analytics beacon (issue 41)', () => {
  let server: TestServer;
  let admin: Person;

  beforeAll(async () => {
    server = await startServer();
    admin = await person(server, 'admin@events.test');
    await createOrg(admin, 'events-office');
  }, 300_000);

  afterAll(async () => {
    await server?.dispose();
  });

  const recorded = () => withStores(server.dataDir, ({ analyticsEvents }) => analyticsEvents.since(0, 1000));

  it('records an event with its user and organisation, and nothing else', async () => {
    const r = await admin.browser.gql<{ trackAnalyticsEvent: boolean }>(TRACK, {
      name: 'Case Manager Loaded',
      orgId: 'events-office',
    });
    expect(r.data?.trackAnalyticsEvent).toBe(true);
    const mine = (await recorded()).filter((e) => e.userId === admin.userId);
    expect(mine.map(({ name, orgId }) => ({ name, orgId }))).toEqual([
      { name: 'Case Manager Loaded', orgId: 'events-office' },
    ]);
    expect(Object.keys(mine[0]!).sort()).toEqual(['at', 'name', 'orgId', 'userId']);
  });

  it('leaves out an organisation the user is not in', async () => {
    await admin.browser.gql(TRACK, { name: 'Org Selected', orgId: 'someone-else' });
    const e = (await recorded()).find((x) => x.name === 'Org Selected');
    expect(e).toMatchObject({ userId: admin.userId, orgId: null });
  });

  it('takes only the sign-in and sign-up failures from a browser not signed in, and refuses unknown names', async () => {
    const anonymous = new Browser(server.url);
    expect((await anonymous.gql(TRACK, { name: 'Sign In Failed' })).code).toBeUndefined();
    expect((await anonymous.gql(TRACK, { name: 'Case Manager Loaded' })).code).toBe('NO_AUTHENTICATION');
    expect((await admin.browser.gql(TRACK, { name: 'Patient Name Viewed' })).code).toBe('INVALID_INPUT');
    const failed = (await recorded()).filter((e) => e.name === 'Sign In Failed');
    expect(failed).toEqual([{ at: expect.any(Number) as number, name: 'Sign In Failed', userId: null, orgId: null }]);
  });

  it('keeps log beacons at info and above without text, from signed-in users only, 30 a minute each (CL1)', async () => {
    const beacon = { level: 50, kind: 'error', errorName: 'TypeError', where: 'index-3f.js:1:20', route: '/org/:id' };
    const ok = await admin.browser.gql<{ logBeacon: boolean }>(LOG, { ...beacon, orgId: 'events-office' });
    expect(ok.data?.logBeacon).toBe(true);
    // This user's: the demo data holds another user's beacons (the team's customer-support screen).
    const logs = async () =>
      (await withStores(server.dataDir, ({ clientLogs }) => clientLogs.since(0, 1000))).filter(
        (l) => l.userId === admin.userId,
      );
    expect(await logs()).toEqual([
      {
        ...{ at: expect.any(Number) as number, level: 50, kind: 'error', errorName: 'TypeError', code: null },
        ...{ where: 'index-3f.js:1:20', route: '/org/:id', appVersion: null, userId: admin.userId },
        orgId: 'events-office',
      },
    ]);
    expect((await new Browser(server.url).gql(LOG, beacon)).code).toBe('NO_AUTHENTICATION');
    expect((await admin.browser.gql(LOG, { ...beacon, level: 20 })).code).toBe('INVALID_INPUT');
    expect((await admin.browser.gql(LOG, { ...beacon, errorName: 'Ana Lopez' })).code).toBe('INVALID_INPUT');
    expect((await admin.browser.gql(LOG, { ...beacon, route: '/org/x/patients/Ana Lopez' })).code).toBe(
      'INVALID_INPUT',
    );
    // 29 more fill the minute's 30; the next is dropped (answered false), not kept.
    for (let i = 0; i < 29; i++)
      expect((await admin.browser.gql<{ logBeacon: boolean }>(LOG, beacon)).data?.logBeacon).toBe(true);
    expect((await admin.browser.gql<{ logBeacon: boolean }>(LOG, beacon)).data?.logBeacon).toBe(false);
    expect(await logs()).toHaveLength(30);
  });
});
