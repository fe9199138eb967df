/**
 * Issue 43, several instances: two server processes over one database, announcing committed
 * changes to each other through Redis (REDIS_URL). A live-event stream opened on instance B
 * receives a Patient written through instance A, with the resource B read from storage. A
 * sign-in rate limit counted on A holds on B, its places in Redis. A bridge delivering to A is
 * seen live on B (session 32: its readings and waves are kept in each instance's memory).
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Patient } from '@vigil/shared';
import { redisRunnable, TEST_REDIS_URL } from '../../sync-server/src/store/redis/test-redis.test-util.js';
import { appendAuditRecords } from '../utils/stores.js';
import { startServer, type TestServer } from '../utils/start-server.js';
import { Browser, signIn, signUp } from './accounts-client.js';
import { createOrg, fhir, openSse, patientBody, signedInUser, type FhirUser, type SseReader } from './fhir-helpers.js';

const ORG = 'two-instances';
const runs = await redisRunnable('two instances over Redis');
// A prefix of this file's own: other test files' servers may use the same Redis.
const REDIS_PREFIX = `vigil-test:${process.pid}:${Date.now()}:`;
let a: TestServer;
let b: TestServer;
let alice: FhirUser;
const readers: SseReader[] = [];

describe.runIf(runs)('two instances over one database and Redis (issue 43)', () => {
  beforeAll(async () => {
    const env = { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX };
    a = await startServer({ env });
    b = await startServer({ dataDir: a.dataDir, env });
    alice = await signedInUser(a, 'alice@instances.test');
    await createOrg(alice, ORG);
  });

  afterAll(async () => {
    for (const r of readers) r.stop();
    await b?.dispose();
    await a?.dispose();
  });

  it("delivers a write through A to a live stream on B, and one through B to A's", async () => {
    const onB = await openSse(b, alice.browser, ORG);
    const onA = await openSse(a, alice.browser, ORG);
    readers.push(onB, onA);
    expect([onA.status, onB.status]).toEqual([200, 200]);
    await Promise.all([onA.waitForReady(), onB.waitForReady()]);

    const written = await fhir<Patient>(a, alice.browser, 'POST', `${ORG}/Patient`, patientBody('Ada', 'Instances'));
    expect(written.status).toBe(201);
    await onB.waitFor(1, 30_000);
    const heard = onB.events.filter((e) => e.event === undefined)[0]!.data as {
      resourcesJSON: string;
      resourceId: string;
    };
    expect(heard.resourceId).toBe(written.body.id);
    // B read the version from the database: the resource itself, not an empty announcement.
    expect((JSON.parse(heard.resourcesJSON) as Patient[])[0]?.name?.[0]?.family).toBe('Instances');

    const back = await fhir<Patient>(b, alice.browser, 'POST', `${ORG}/Patient`, patientBody('Bo', 'Back'));
    expect(back.status).toBe(201);
    // A heard its own write and then B's, in that order.
    await onA.waitFor(2, 30_000);
    const onAIds = onA.events
      .filter((e) => e.event === undefined)
      .map((e) => (e.data as { resourceId: string }).resourceId);
    expect(onAIds).toEqual([written.body.id, back.body.id]);
  });

  it('refuses on B a sign-in whose account reached its failure limit through A', async () => {
    const email = 'limited@instances.test';
    const password = 'amber harbour 42 kite';
    expect((await signUp(new Browser(a.url), { email, password })).code).toBeUndefined();
    // 99 of the account's 100 failures an hour, recorded earlier this hour (100 argon2 checks take minutes here).
    const at = Date.now() - 10 * 60_000;
    await appendAuditRecords(
      a.dataDir,
      Array.from({ length: 99 }, () => ({
        ...{ at, userId: null, email, action: 'signInFailed', outcome: 'failure' as const },
        ...{ ip: null, userAgent: null, detail: null },
      })),
    );
    // B still lets the right password through: the limit is not reached.
    expect((await signIn(new Browser(b.url), email, password)).code).toBeUndefined();
    // The 100th failure, through A.
    expect((await signIn(new Browser(a.url), email, 'a wrong guess')).code).toBe('INVALID_LOGIN_CREDENTIALS');
    // B refuses the right password now, and so does A.
    expect((await signIn(new Browser(b.url), email, password)).code).toBe('TOO_MANY_REQUESTS');
    expect((await signIn(new Browser(a.url), email, password)).code).toBe('TOO_MANY_REQUESTS');
    // The places went through Redis (the last release's marker is there) and none is held now.
    const redis = new Redis(TEST_REDIS_URL);
    try {
      const key = `signInFailed:email:${email}`;
      expect(await redis.exists(`${REDIS_PREFIX}attempts:released:${key}`)).toBe(1);
      expect(await redis.zcard(`${REDIS_PREFIX}attempts:places:${key}`)).toBe(0);
    } finally {
      redis.disconnect();
    }
  });

  it('shows on B the readings and waves a bridge delivered to A (the test page, the case screen’s live wave)', async () => {
    const made = await alice.browser.gql<{ createBridgePairingCode: { code: string } }>(
      'mutation ($o: String) { createBridgePairingCode(orgId: $o, location: "Operatory 2") { code } }',
      { o: ORG },
    );
    expect(made.code).toBeUndefined();
    const paired = await fetch(`${b.url}/api/bridge/pair`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: made.data!.createBridgePairingCode.code, name: 'Front office PC' }),
    });
    expect(paired.status).toBe(201);
    const { bridgeId, token } = (await paired.json()) as { bridgeId: string; token: string };
    const post = (on: TestServer, route: string, body: unknown): Promise<Response> =>
      fetch(`${on.url}/api/bridge/${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
    const at = Date.now();
    const monitors = [{ key: 'hl7:OP2', label: 'Operatory 2 monitor', protocol: 'hl7' }];
    const readings = await post(a, 'readings', {
      monitors,
      readings: [{ id: 'rd-1', monitorKey: 'hl7:OP2', receivedAt: at, vitals: { hr: { value: 64, time: at } } }],
    });
    expect(readings.status).toBe(200);
    const values = Array.from({ length: 250 }, (_, i) => Math.round(50 + 40 * Math.sin(i / 8)));
    const waves = await post(a, 'waveforms', {
      orgId: ORG,
      monitors,
      waveforms: [{ monitorKey: 'hl7:OP2', type: 'pleth', values, sampleRateHz: 125, receivedAt: at }],
    });
    expect(waves.status).toBe(200);

    // The same member, asking instance B (as a tablet behind the load balancer would).
    const onB = new Browser(b.url);
    for (const [name, value] of alice.browser.cookies) onB.cookies.set(name, value);
    const vars = { o: ORG, b: bridgeId, m: 'hl7:OP2' };
    await expect
      .poll(
        async () => {
          const r = await onB.gql<{
            bridgeMonitorReadings: { id: string; vitals: { vital: string; value: number }[] }[];
          }>(
            'query ($o: String, $b: String!, $m: String!) { bridgeMonitorReadings(orgId: $o, bridgeId: $b, monitorKey: $m) { id vitals { vital value } } }',
            vars,
          );
          return r.data?.bridgeMonitorReadings;
        },
        { timeout: 15_000 },
      )
      .toEqual([{ id: 'rd-1', vitals: [{ vital: 'hr', value: 64 }] }]);
    await expect
      .poll(
        async () => {
          const r = await onB.gql<{
            bridgeMonitorWaveforms: { type: string; values: number[]; sampleRateHz: number }[];
          }>(
            'query ($o: String, $b: String!, $m: String!) { bridgeMonitorWaveforms(orgId: $o, bridgeId: $b, monitorKey: $m) { type values sampleRateHz } }',
            vars,
          );
          return r.data?.bridgeMonitorWaveforms;
        },
        { timeout: 15_000 },
      )
      .toEqual([{ type: 'pleth', values, sampleRateHz: 125 }]);
  });
});
