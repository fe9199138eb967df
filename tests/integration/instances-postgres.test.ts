/**
 * Issue 43 on PostgreSQL: the real server processes with DATABASE_URL set, each with a data
 * directory of its own (so nothing is shared through a SQLite file), on one fresh PostgreSQL
 * database (migrated by the servers themselves as they start together) and one Redis prefix.
 * A member signs up and makes an organisation, writes and reads FHIR resources and charts a case
 * over websockets; what is written through one instance is read through the other; a webhook is
 * delivered once although both instances run the change-feed consumers (their lease); an
 * instance killed (SIGKILL) mid-charting loses no edit the other instance's client saw, and its
 * client, reconnecting to the other instance, converges with everything it wrote meanwhile.
 */
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { CASE_ROOT, type Patient } from '@vigil/shared';
import {
  freshPostgres,
  runnableImplementations,
} from '../../sync-server/src/store/postgres/test-database.test-util.js';
import type { PgPool } from '../../sync-server/src/store/postgres/database.js';
import {
  orgStored,
  resourceVersions,
  storedCasePieces,
} from '../../sync-server/src/store/postgres/inspect.test-util.js';
import { PostgresDatabase } from '../../sync-server/src/store/postgres/unit-of-work.js';
import { PostgresSyncStore } from '../../sync-server/src/store/sync/postgres.js';
import { redisRunnable, TEST_REDIS_URL } from '../../sync-server/src/store/redis/test-redis.test-util.js';
import { orgMember, type OrgMember } from '../utils/members.js';
import { startServer, type TestServer } from '../utils/start-server.js';
import { connectClient, eventually, synced, type YClient } from '../utils/yjs-clients.js';
import { fhir, patientBody } from './fhir-helpers.js';
import { adminCli, person } from './orgs-helpers.js';

const runs =
  (await runnableImplementations('servers on PostgreSQL', [['postgres'] as const])).length > 0 &&
  (await redisRunnable('servers on PostgreSQL and Redis'));
const REDIS_PREFIX = `vigil-test:${process.pid}:${Date.now()}:`;
let database: Awaited<ReturnType<typeof freshPostgres>>;
let pool: PgPool;
let a: TestServer;
let b: TestServer;
let member: OrgMember;
const clients: YClient[] = [];
let receiver: Server | null = null;

function client(server: TestServer, room: string, doc?: Y.Doc): YClient {
  const c = connectClient(server.url, room, { token: member.token }, doc);
  clients.push(c);
  return c;
}

const caseOf = (c: YClient): Record<string, unknown> => c.doc.getMap(CASE_ROOT).toJSON();

describe.runIf(runs)('two server processes on one PostgreSQL and one Redis (issue 43)', () => {
  beforeAll(async () => {
    database = await freshPostgres({ migrate: false });
    pool = database.open(2);
    const env = { DATABASE_URL: database.url, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX };
    [a, b] = await Promise.all([startServer({ env, timeoutMs: 120_000 }), startServer({ env, timeoutMs: 120_000 })]);
    member = await orgMember(a.url);
  }, 240_000);

  afterAll(async () => {
    for (const c of clients) c.destroy();
    if (receiver) {
      // Keep-alive connections from the servers would hold close() open.
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver!.close(resolve));
    }
    await b?.dispose();
    await a?.dispose();
    await database?.drop();
  });

  it('keeps accounts, organisations and FHIR resources in PostgreSQL, read through either instance', async () => {
    // No SQLite file: the storage is PostgreSQL.
    expect(existsSync(path.join(a.dataDir, 'vigil.db'))).toBe(false);
    expect(existsSync(path.join(b.dataDir, 'vigil.db'))).toBe(false);
    expect(await orgStored(pool, member.orgId)).toBe(true);

    const put = await fhir<Patient>(a, member.browser, 'PUT', `${member.orgId}/Patient/pg-pat-1`, {
      ...patientBody('Ada', 'Postgres'),
      id: 'pg-pat-1',
    });
    expect(put.status).toBe(201);
    const read = await fhir<Patient>(b, member.browser, 'GET', `${member.orgId}/Patient/pg-pat-1`);
    expect(read.status).toBe(200);
    expect(read.body.name?.[0]?.family).toBe('Postgres');
    expect(await resourceVersions(pool, member.orgId, 'pg-pat-1')).toEqual([1]);
  });

  it('converges a case charted on both instances and keeps every edit in PostgreSQL', async () => {
    const room = `${member.orgId}/cmp-pg-two`;
    const onA = client(a, room);
    const onB = client(b, room);
    await Promise.all([synced(onA.provider), synced(onB.provider)]);
    onA.doc.getMap(CASE_ROOT).set('procedure', 'Extraction');
    onB.doc.getMap(CASE_ROOT).set('recorderName', 'Bea on B');
    await eventually(() => {
      expect(caseOf(onA)).toEqual(caseOf(onB));
      expect(caseOf(onA)).toMatchObject({ procedure: 'Extraction', recorderName: 'Bea on B' });
    }, 15_000);
    await eventually(async () => {
      // Stored as updates, or already folded into the room's snapshot.
      expect(await storedCasePieces(pool, member.orgId, 'cmp-pg-two')).toBeGreaterThan(0);
    }, 15_000);

    // Both clients gone, a new one on B reads the case from storage.
    onA.destroy();
    onB.destroy();
    const late = client(b, room);
    await synced(late.provider);
    await eventually(() => expect(caseOf(late)).toMatchObject({ procedure: 'Extraction', recorderName: 'Bea on B' }));
  });

  it('delivers a webhook once although both instances consume the change feed', async () => {
    const got: string[] = [];
    receiver = createServer((req, res) => {
      got.push(String(req.headers['webhook-id']));
      req.resume();
      req.on('end', () => res.writeHead(204).end());
    });
    await new Promise<void>((resolve) => receiver!.listen(0, '127.0.0.1', resolve));
    const port = (receiver.address() as AddressInfo).port;

    const uber = await person(a, 'uber@pg-instances.test');
    const made = await adminCli(a, 'make-uber', uber.email);
    expect(made.code, made.stderr).toBe(0);
    const app = await uber.browser.gql<{ createApp: { app: { id: string } } }>(
      'mutation { createApp(name: "Receiver", scopes: ["system/Patient.read"]) { app { id } } }',
    );
    const installed = await member.browser.gql<{ installApp: { id: string } }>(
      'mutation ($o: String!, $a: String!) { installApp(orgId: $o, appId: $a) { id } }',
      { o: member.orgId, a: app.data!.createApp.app.id },
    );
    const hook = await member.browser.gql<{ createWebhook: { webhook: { id: string } } }>(
      `mutation ($o: String!, $i: String!, $u: String!) {
        createWebhook(orgId: $o, installationId: $i, url: $u, events: ["resource.created"], resourceTypes: ["Patient"]) { webhook { id } }
      }`,
      { o: member.orgId, i: installed.data!.installApp.id, u: `http://127.0.0.1:${port}/hook` },
    );
    expect(hook.errors).toBeUndefined();

    // Three new Patients, through A, B and A: each announced to both instances (Redis).
    for (const [i, server] of [a, b, a].entries()) {
      const created = await fhir(
        server,
        member.browser,
        'POST',
        `${member.orgId}/Patient`,
        patientBody(`W${i}`, 'Hook'),
      );
      expect(created.status).toBe(201);
    }
    await eventually(() => expect(got).toHaveLength(3), 30_000, 200);
    // Both instances had time for more passes (bus wake-ups and their poll): still three, each its own.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(got).toHaveLength(3);
    expect(new Set(got).size).toBe(3);
  });

  it('loses no acknowledged edit when an instance is killed mid-charting, and its client carries on on the other', async () => {
    const room = `${member.orgId}/cmp-pg-kill`;
    const onA = client(a, room);
    const onB = client(b, room);
    await Promise.all([synced(onA.provider), synced(onB.provider)]);
    const seenOnB = new Set<string>();
    onB.doc.getMap(CASE_ROOT).observe((event) => {
      for (const key of event.keysChanged as Set<string>) if (key.startsWith('edit')) seenOnB.add(key);
    });
    // Charting on A, one edit every 20 ms; A is killed after the 15th and the client goes on offline.
    for (let i = 0; i < 30; i++) {
      onA.doc.getMap(CASE_ROOT).set(`edit${i}`, i);
      if (i === 15) await a.stop('SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(seenOnB.size).toBeGreaterThan(0);

    // Everything B's client saw (the relay carries an update only once it is stored) is in PostgreSQL.
    const stored = await new PostgresSyncStore(new PostgresDatabase(pool)).load(room);
    const fromStorage = new Y.Doc();
    for (const update of [...(stored?.snapshot ? [stored.snapshot] : []), ...(stored?.updates ?? [])])
      Y.applyUpdate(fromStorage, update);
    const keys = Object.keys(fromStorage.getMap(CASE_ROOT).toJSON());
    for (const key of seenOnB) expect(keys).toContain(key);

    // A's client reconnects to B with its own document: both converge on all 30 edits.
    onA.provider.destroy();
    const moved = client(b, room, onA.doc);
    await synced(moved.provider);
    await eventually(() => {
      expect(caseOf(onB)).toEqual(caseOf(moved));
      expect(Object.keys(caseOf(onB)).filter((k) => k.startsWith('edit'))).toHaveLength(30);
    }, 15_000);
  });
});
