/**
 * Issue 43, several instances serving the same live cases: two server processes over one
 * database and one Redis prefix, official y-websocket clients on each. Updates and presence
 * written on one reach the other's clients (relayed through Redis); an update committed while
 * B's Redis subscription is down reaches B's client from storage once it is back; a user who
 * signs out on A is disconnected on B at once, not at B's next periodic re-authorisation.
 */
import { Redis } from 'ioredis';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { CASE_ROOT } from '@vigil/shared';
import { redisRunnable, TEST_REDIS_URL } from '../../sync-server/src/store/redis/test-redis.test-util.js';
import { orgMember, type OrgMember } from '../utils/members.js';
import { startServer, type TestServer } from '../utils/start-server.js';
import { connectClient, eventually, synced, type YClient } from '../utils/yjs-clients.js';

const runs = await redisRunnable('sync rooms across instances');
// A prefix of this file's own: other test files' servers may use the same Redis.
const REDIS_PREFIX = `vigil-test:${process.pid}:${Date.now()}:`;
let a: TestServer;
let b: TestServer;
let member: OrgMember;
const clients: YClient[] = [];

function client(server: TestServer, room: string): YClient {
  const c = connectClient(server.url, room, { token: member.token });
  clients.push(c);
  return c;
}

const caseOf = (c: YClient): Record<string, unknown> => c.doc.getMap(CASE_ROOT).toJSON();

/** Closes the Redis connection B hears the other instances on (as a network fault would). */
async function dropSubscriptionOf(server: TestServer): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL);
  try {
    const name = `${REDIS_PREFIX}subscriber:${server.process.pid}`;
    const list = (await redis.client('LIST')) as string;
    const line = list.split('\n').find((l) => l.includes(` name=${name} `));
    const id = /(?:^|\s)id=(\d+)/.exec(line ?? '')?.[1];
    if (!id) throw new Error(`no Redis connection named ${name}`);
    await redis.client('KILL', 'ID', id);
  } finally {
    redis.disconnect();
  }
}

describe.runIf(runs)('sync rooms across two instances over Redis (issue 43)', () => {
  beforeAll(async () => {
    const env = { REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX };
    a = await startServer({ env });
    b = await startServer({ dataDir: a.dataDir, env });
    member = await orgMember(a.url);
  }, 120_000);

  afterAll(async () => {
    for (const c of clients) c.destroy();
    await b?.dispose();
    await a?.dispose();
  });

  it('converges clients charting one case on both instances, and shows each one’s presence on the other', async () => {
    const room = `${member.orgId}/cmp-two-instances`;
    const onA = client(a, room);
    const onB = client(b, room);
    await Promise.all([synced(onA.provider), synced(onB.provider)]);

    onA.doc.getMap(CASE_ROOT).set('procedure', 'Extraction');
    onB.doc.getMap(CASE_ROOT).set('recorderName', 'Bea on B');
    for (let i = 0; i < 20; i++) (i % 2 ? onA : onB).doc.getMap(CASE_ROOT).set('lastFood', `meal ${i}`);
    await eventually(() => {
      expect(caseOf(onA)).toEqual(caseOf(onB));
      expect(caseOf(onB)).toMatchObject({ procedure: 'Extraction', recorderName: 'Bea on B' });
    }, 15_000);

    // A third client, opening the case on B later, gets everything from B.
    const late = client(b, room);
    await synced(late.provider);
    await eventually(() => expect(caseOf(late)).toEqual(caseOf(onA)));

    onA.provider.awareness.setLocalStateField('user', { role: 'provider' });
    await eventually(() => {
      const seen = onB.provider.awareness.getStates().get(onA.doc.clientID) as { user?: { id?: string } } | undefined;
      // Stamped with the signed-in user by A, relayed as is.
      expect(seen?.user?.id).toEqual(expect.any(String));
    }, 15_000);
  });

  it('catches an instance up from storage with an update committed while its Redis subscription was down', async () => {
    const room = `${member.orgId}/cmp-missed`;
    const onA = client(a, room);
    const onB = client(b, room);
    await Promise.all([synced(onA.provider), synced(onB.provider)]);
    onA.doc.getMap(CASE_ROOT).set('procedure', 'before');
    await eventually(() => expect(caseOf(onB).procedure).toBe('before'), 15_000);

    // B's subscription comes back after half a second at the earliest: the update below is
    // committed and published by A meanwhile, so B hears of it only from storage.
    await dropSubscriptionOf(b);
    onA.doc.getMap(CASE_ROOT).set('procedure', 'while B was away');
    await eventually(() => expect(caseOf(onB).procedure).toBe('while B was away'), 15_000);

    // And the relay works again afterwards.
    onA.doc.getMap(CASE_ROOT).set('recorderName', 'after');
    await eventually(() => expect(caseOf(onB).recorderName).toBe('after'), 15_000);
    const merged = new Y.Doc();
    Y.applyUpdate(merged, Y.encodeStateAsUpdate(onB.doc));
    expect(merged.getMap(CASE_ROOT).toJSON()).toEqual(caseOf(onA));
  });

  it('disconnects on B, at once, the socket of a user who signed out on A', async () => {
    const other = await orgMember(a.url);
    const socket = new WebSocket(
      `${b.url.replace(/^http/, 'ws')}/api/sync/${other.orgId}/cmp-signed-out?token=${other.token}`,
    );
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    const signedOutAt = Date.now();
    expect((await other.browser.gql('mutation { signOut }')).errors).toBeUndefined();
    expect(await closed).toBe(4401);
    // Well before B's periodic re-authorisation (every 10 s).
    expect(Date.now() - signedOutAt).toBeLessThan(5_000);
  });
});
