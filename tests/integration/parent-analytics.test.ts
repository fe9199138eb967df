import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAnalyticsCases, type SeededCase } from '../../sync-server/src/analytics/demo.js';
import { startServer, type TestServer } from '../utils/start-server.js';
import { withStores } from '../utils/stores.js';
import { adminCli, createOrg, person, type Person } from './orgs-helpers.js';

/*
 * Issue 41 "Parent organisation … The analytics above across the children, office against
 * office": parentAnalytics compares a parent's offices from the analytics read model, for whoever
 * administers the parent only; figures equal a hand count over two offices.
 */

const DAY = 24 * 3_600_000;
const MAR = Date.UTC(2036, 2, 2, 9);

/**
 * east: 3 cases, moderate; e1 45 min (anesthesia 40, 2.7 units); e2 75 min (70, 4.7 units) with a
 * checkpoint without vitals and an override; e3 45 min not signed yet.
 * west: 2 cases; w1 60 min (55, 3.7 units) signed 26 hours after its end; w2 45 min (40, 2.7)
 * with the discharge score unfinished and consent not ticked.
 * elsewhere (not the parent's): 1 case, never counted. And one east case outside the range.
 */
const CASES: [string, SeededCase][] = [
  ['pa-east', { id: 'apt-pe1', start: MAR, providerId: 'prc-1', patientId: 'pat-1', minutes: 45 }],
  [
    'pa-east',
    {
      ...{ id: 'apt-pe2', start: MAR + DAY, providerId: 'prc-1', patientId: 'pat-1', minutes: 75 },
      ...{ missedCheckpoints: 1, overridden: true },
    },
  ],
  ['pa-east', { id: 'apt-pe3', start: MAR + 2 * DAY, providerId: 'prc-1', patientId: 'pat-1', signedAfter: null }],
  ['pa-east', { id: 'apt-pe4', start: MAR + 40 * DAY, providerId: 'prc-1', patientId: 'pat-1' }],
  [
    'pa-west',
    { id: 'apt-pw1', start: MAR, providerId: 'prc-2', patientId: 'pat-2', minutes: 60, signedAfter: 26 * 60 },
  ],
  [
    'pa-west',
    {
      ...{ id: 'apt-pw2', start: MAR + 3 * DAY, providerId: 'prc-2', patientId: 'pat-2', minutes: 45 },
      ...{ dischargeComplete: false, consentTicked: false },
    },
  ],
  ['pa-elsewhere', { id: 'apt-px1', start: MAR, providerId: 'prc-3', patientId: 'pat-3' }],
];

const Q = `query ($p: String, $filter: AnalyticsFilter) {
  parentAnalytics(parentOrgId: $p, filter: $filter) {
    offices { orgId name planRequired cases anesthesiaMinutes anesthesiaUnits
      quality { finalized preOpComplete vitalsAtEveryCheckpoint dischargeBeforeSignoff signedWithin24h noOverride } }
  }
}`;
const RANGE = { from: '2036-03-01', to: '2036-03-31' };

interface Office {
  orgId: string;
  cases: number;
  anesthesiaMinutes: number;
  anesthesiaUnits: number;
  planRequired: boolean;
  quality: Record<string, number>;
}

describe("the parent's offices compared (issue 41)", () => {
  let server: TestServer;
  let parentAdmin: Person;
  let eastAdmin: Person;

  beforeAll(async () => {
    server = await startServer();
    const [p, e, w, o, uber] = await Promise.all(
      ['parent', 'east', 'west', 'other', 'uber'].map((n) => person(server, `${n}@pa.test`)),
    );
    [parentAdmin, eastAdmin] = [p!, e!];
    for (const [who, id, type] of [
      [p!, 'pa-group', 'parent'],
      [e!, 'pa-east', 'regular'],
      [w!, 'pa-west', 'regular'],
      [o!, 'pa-elsewhere', 'regular'],
    ] as const) {
      const made = await createOrg(who, id, type, id === 'pa-east' ? 'East' : id === 'pa-west' ? 'West' : id);
      if (made.code) throw new Error(made.code);
    }
    expect((await adminCli(server, 'make-uber', uber!.email)).code).toBe(0);
    for (const child of ['pa-east', 'pa-west']) {
      const linked = await uber!.browser.gql(
        'mutation ($o: String) { updateOrg(orgId: $o, properties: { parentOrgs: ["pa-group"] }) { id } }',
        { o: child },
      );
      if (linked.code) throw new Error(linked.code);
    }
    await withStores(server.dataDir, async ({ resources, reports, changes, sync }) => {
      for (const [orgId, c] of CASES) await seedAnalyticsCases({ resources, reports, changes, sync }, orgId, [c]);
    });
  }, 300_000);

  afterAll(async () => {
    await server?.dispose();
  });

  it('gives each office the figures a hand count gives', async () => {
    const r = await parentAdmin.browser.gql<{ parentAnalytics: { offices: Office[] } }>(Q, {
      p: 'pa-group',
      filter: RANGE,
    });
    expect(r.code).toBeUndefined();
    const byId = Object.fromEntries(r.data!.parentAnalytics.offices.map((o) => [o.orgId, o]));
    expect(Object.keys(byId).sort()).toEqual(['pa-east', 'pa-west']);
    // East: 3 cases in March (e4 is in April); minutes of the signed e1 + e2 = 40 + 70 = 110; units
    // 2.7 + 4.7 = 7.4. Finalized 2; e2 misses vitals at a checkpoint and has an override.
    expect(byId['pa-east']).toEqual({
      ...{ orgId: 'pa-east', name: 'East', planRequired: false, cases: 3, anesthesiaMinutes: 110 },
      anesthesiaUnits: 7.4,
      quality: {
        ...{ finalized: 2, preOpComplete: 2, vitalsAtEveryCheckpoint: 1 },
        ...{ dischargeBeforeSignoff: 2, signedWithin24h: 2, noOverride: 1 },
      },
    });
    // West: 2 cases, both signed; 55 + 40 = 95 minutes, 3.7 + 2.7 = 6.4 units; w1 signed late,
    // w2's discharge score unfinished and consent not ticked.
    expect(byId['pa-west']).toEqual({
      ...{ orgId: 'pa-west', name: 'West', planRequired: false, cases: 2, anesthesiaMinutes: 95 },
      anesthesiaUnits: 6.4,
      quality: {
        ...{ finalized: 2, preOpComplete: 1, vitalsAtEveryCheckpoint: 2 },
        ...{ dischargeBeforeSignoff: 1, signedWithin24h: 1, noOverride: 2 },
      },
    });
    const all = await parentAdmin.browser.gql<{ parentAnalytics: { offices: Office[] } }>(Q, { p: 'pa-group' });
    expect(all.data!.parentAnalytics.offices.find((o) => o.orgId === 'pa-east')?.cases).toBe(4);
  });

  it('is refused to an office admin and for an organisation the caller does not administer', async () => {
    expect((await eastAdmin.browser.gql(Q, { p: 'pa-group', filter: RANGE })).code).toBe('NOT_AUTHORIZED');
    expect((await parentAdmin.browser.gql(Q, { p: 'pa-elsewhere', filter: RANGE })).code).toBe('NOT_AUTHORIZED');
  });
});
