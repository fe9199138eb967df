import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../sync-server/src/apps/signing.js';
import { WebhookDispatcher } from '../../sync-server/src/apps/webhooks.js';
import { SqliteAppStore } from '../../sync-server/src/store/apps/sqlite.js';
import { SqliteChangeStore } from '../../sync-server/src/store/changes/sqlite.js';
import type { NewChange } from '../../sync-server/src/store/changes/types.js';
import { openMemoryDatabase } from '../../sync-server/src/store/sqlite/database.js';

/**
 * Issue 42's webhooks end to end in one process: the change feed (SQLite) → the dispatcher's
 * durable cursor → signed POSTs to a real HTTP receiver in the test, on an injected clock (the
 * retries' 5 s, 10 s… are the clock's, not waited for).
 */

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

interface Received {
  id: string;
  type: string;
  subject: string;
  verified: boolean;
}

/** A receiver that verifies every signature and answers as `answer` says (a status per call). */
async function receiver(
  answer: (n: number) => number,
  now: () => number,
): Promise<{ url: string; got: Received[]; calls: () => number; close: () => Promise<void>; server: Server }> {
  const got: Received[] = [];
  let calls = 0;
  const read = (req: IncomingMessage): Promise<string> =>
    new Promise((resolve) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => resolve(body));
    });
  const server = createServer((req, res) => {
    void read(req).then((body) => {
      calls += 1;
      const status = answer(calls);
      const h = (name: string): string | null => (req.headers[name] as string | undefined) ?? null;
      const verified = verifyWebhook(
        SECRET,
        { id: h('webhook-id'), timestamp: h('webhook-timestamp'), signature: h('webhook-signature') },
        body,
        Math.floor(now() / 1000),
      );
      const parsed = JSON.parse(body) as { type: string; data: { resourceType?: string; id?: string } };
      if (status === 200) {
        got.push({
          id: h('webhook-id')!,
          type: parsed.type,
          subject: `${parsed.data.resourceType}/${parsed.data.id}`,
          verified,
        });
      }
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'try later');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    got,
    calls: () => calls,
    server,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A database with one installed app and one webhook to `url` for created/updated Patients. */
async function setUp(url: string, clock: { t: number }) {
  const db = openMemoryDatabase();
  const changes = new SqliteChangeStore(db);
  const store = new SqliteAppStore(db);
  await store.createApp({
    ...{
      id: 'app-1',
      name: 'EMR bridge',
      ownerOrgId: null,
      clientId: 'c1',
      secretHash: 'x',
      scopes: ['system/Patient.read'],
    },
    ...{ createdAt: 0, createdBy: 'usr-1', secretRotatedAt: 0, jwks: null, jwksUrl: null },
  });
  await store.install({
    id: 'ins-1',
    appId: 'app-1',
    orgId: 'office',
    installedAt: 0,
    installedBy: 'usr-1',
    uninstalledAt: null,
  });
  await store.createWebhook({
    ...{ id: 'whk-1', installationId: 'ins-1', orgId: 'office', url, secret: SECRET },
    ...{ events: ['resource.created', 'resource.updated'], resourceTypes: ['Patient'], createdAt: 0 },
  });
  const dispatcher = new WebhookDispatcher({ changes, store, now: () => clock.t, log: { warn: () => undefined } });
  const record = (id: string, action: 'create' | 'update', orgId = 'office', type = 'Patient'): Promise<unknown> =>
    changes.transaction(() =>
      changes.append({
        kind: 'resource',
        at: clock.t,
        orgId,
        resourceType: type,
        resourceId: id,
        versionId: action === 'create' ? '1' : '2',
        payload: { action, filterData: {} },
      } as NewChange),
    );
  return { db, changes, store, dispatcher, record };
}

describe('webhook deliveries (issue 42)', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (cleanups.length > 0) await cleanups.pop()!();
  });

  it('signs each delivery, retries a receiver answering 500 twice with backoff, and keeps every attempt', async () => {
    const clock = { t: 1_700_000_000_000 };
    const rx = await receiver(
      (n) => (n <= 2 ? 500 : 200),
      () => clock.t,
    );
    cleanups.push(rx.close);
    const { store, dispatcher, record } = await setUp(rx.url, clock);
    await record('pat-1', 'create');
    // Not chosen: another organisation, another type.
    await record('pat-9', 'create', 'elsewhere');
    await record('apt-1', 'create', 'office', 'Appointment');

    await dispatcher.runOnce();
    expect(rx.calls()).toBe(1);
    // Not due before 5 s have passed on the clock.
    clock.t += 4_999;
    await dispatcher.runOnce();
    expect(rx.calls()).toBe(1);
    clock.t += 1;
    await dispatcher.runOnce();
    expect(rx.calls()).toBe(2);
    // The second retry waits 10 s.
    clock.t += 9_999;
    await dispatcher.runOnce();
    expect(rx.calls()).toBe(2);
    clock.t += 1;
    await dispatcher.runOnce();
    expect(rx.calls()).toBe(3);

    expect(rx.got).toEqual([
      expect.objectContaining({ type: 'resource.created', subject: 'Patient/pat-1', verified: true }),
    ]);
    const [delivery] = await store.deliveries('whk-1', { first: 10, after: null });
    expect(delivery?.id).toBe(rx.got[0]!.id);
    expect(delivery?.status).toBe('delivered');
    expect(delivery?.attempts.map((a) => [a.n, a.responseStatus, a.responseBody])).toEqual([
      [1, 500, 'try later'],
      [2, 500, 'try later'],
      [3, 200, 'ok'],
    ]);
    const headers = JSON.parse(delivery!.attempts[0]!.requestHeaders) as Record<string, string>;
    expect(headers['webhook-id']).toBe(delivery!.id);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
  });

  it('gives a receiver that was down everything afterwards, in order per resource', async () => {
    const clock = { t: 1_700_000_000_000 };
    const rx = await receiver(
      () => 200,
      () => clock.t,
    );
    const url = rx.url;
    await rx.close();
    const { store, dispatcher, record } = await setUp(url, clock);
    await record('pat-a', 'create');
    await record('pat-b', 'create');
    await record('pat-a', 'update');
    await dispatcher.runOnce();
    // Down for an hour: every attempt refused, nothing lost.
    for (let i = 0; i < 12; i += 1) {
      clock.t += 5 * 60_000;
      await dispatcher.runOnce();
    }
    const before = await store.deliveries('whk-1', { first: 10, after: null });
    expect(before.map((d) => d.status)).toEqual(['pending', 'pending', 'pending']);
    // The update of pat-a waited behind its creation: never tried before it.
    expect(before.find((d) => d.seq === Math.max(...before.map((x) => x.seq)))?.attempts).toEqual([]);
    expect(before.every((d) => d.attempts.every((a) => a.responseStatus === null))).toBe(true);

    // Up again on the same port.
    const port = Number(new URL(url).port);
    const back = await receiver(
      () => 200,
      () => clock.t,
    );
    await back.close();
    await new Promise<void>((resolve) => back.server.listen(port, '127.0.0.1', resolve));
    cleanups.push(back.close);
    clock.t += 60 * 60_000;
    await dispatcher.runOnce();
    expect(back.got.map((g) => `${g.type} ${g.subject}`)).toEqual([
      'resource.created Patient/pat-a',
      'resource.created Patient/pat-b',
      'resource.updated Patient/pat-a',
    ]);
    expect(back.got.every((g) => g.verified)).toBe(true);
    expect((await store.deliveries('whk-1', { first: 10, after: null })).map((d) => d.status)).toEqual([
      'delivered',
      'delivered',
      'delivered',
    ]);
  });

  it('gives up 24 hours after the first attempt, and a redeliver sends it again with the same webhook-id', async () => {
    const clock = { t: 1_700_000_000_000 };
    let up = false;
    const rx = await receiver(
      () => (up ? 200 : 503),
      () => clock.t,
    );
    cleanups.push(rx.close);
    const { store, dispatcher, record } = await setUp(rx.url, clock);
    await record('pat-1', 'create');
    await dispatcher.runOnce();
    for (let i = 0; i < 30; i += 1) {
      clock.t += 60 * 60_000;
      await dispatcher.runOnce();
    }
    const [failed] = await store.deliveries('whk-1', { first: 1, after: null });
    expect(failed?.status).toBe('failed');
    expect(failed?.nextAttemptAt).toBe(null);
    const last = failed!.attempts.at(-1)!;
    expect(last.at - failed!.attempts[0]!.at).toBeLessThanOrEqual(24 * 60 * 60_000);
    up = true;
    await store.redeliver(failed!.id, clock.t);
    await dispatcher.runOnce();
    expect(rx.got.map((g) => g.id)).toEqual([failed!.id]);
    expect((await store.delivery(failed!.id))?.status).toBe('delivered');
  });

  it('resumes from its cursor after a restart: a change is delivered once', async () => {
    const clock = { t: 1_700_000_000_000 };
    const rx = await receiver(
      () => 200,
      () => clock.t,
    );
    cleanups.push(rx.close);
    const { changes, store, dispatcher, record } = await setUp(rx.url, clock);
    await record('pat-1', 'create');
    await dispatcher.runOnce();
    await dispatcher.stop();
    await record('pat-2', 'create');
    const again = new WebhookDispatcher({ changes, store, now: () => clock.t, log: { warn: () => undefined } });
    await again.runOnce();
    expect(rx.got.map((g) => g.subject)).toEqual(['Patient/pat-1', 'Patient/pat-2']);
  });

  it('stopping cuts an attempt in flight without recording it: the delivery stays due for the next start', async () => {
    const clock = { t: 1_700_000_000_000 };
    // A receiver that takes the request and never answers.
    let heard!: () => void;
    const reached = new Promise<void>((resolve) => (heard = resolve));
    const silent = createServer(() => heard());
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => {
      silent.closeAllConnections();
      return new Promise((resolve) => silent.close(() => resolve()));
    });
    const { store, dispatcher, record } = await setUp(
      `http://127.0.0.1:${(silent.address() as AddressInfo).port}/hook`,
      clock,
    );
    await record('pat-1', 'create');
    const pass = dispatcher.runOnce();
    await reached;
    await dispatcher.stop();
    await pass;
    const [delivery] = await store.deliveries('whk-1', { first: 1, after: null });
    expect(delivery).toMatchObject({ status: 'pending', attempts: [], nextAttemptAt: clock.t });
  });
});
