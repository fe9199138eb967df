import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { CASE_ROOT, REFUSAL_REASONS, contentHash } from '@vigil/shared';
import { startServer, type TestServer } from '../utils/start-server.js';
import { storedRoom, withStores } from '../utils/stores.js';
import { orgMember } from '../utils/members.js';
import { connectClient, connectVigilClient, eventually, synced } from '../utils/yjs-clients.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
async function server(options: Parameters<typeof startServer>[0] = {}): Promise<TestServer> {
  const s = await startServer(options);
  cleanups.push(() => (options.dataDir ? s.stop() : s.dispose()));
  return s;
}
function track<T extends { destroy(): void }>(c: T): T {
  cleanups.push(() => c.destroy());
  return c;
}
const caseOf = (doc: Y.Doc): Y.Map<unknown> => doc.getMap(CASE_ROOT);

describe('durable sync', () => {
  it('acknowledges a save only once stored, with the server hash equal to the client hash', async () => {
    const s = await server();
    const m = await orgMember(s.url);
    const a = track(connectVigilClient(s.url, `${m.orgId}/cmp-durable1`, { params: { token: m.token } }));
    caseOf(a.doc).set('procedure', 'Extraction #30');
    caseOf(a.doc).set('asaClassification', '2');
    await eventually(() => expect(a.provider.status.status).toBe('synced'));
    expect(a.provider.unsavedUpdates).toBe(0);

    const logged = await withStores(s.dataDir, ({ sync }) => sync.pendingUpdates(`${m.orgId}/cmp-durable1`), {
      readonly: true,
    });
    expect(logged).toBeGreaterThan(0);
  });

  it('keeps a document across a restart and serves it to the official client', async () => {
    const first = await startServer();
    cleanups.push(() => first.dispose());
    const m = await orgMember(first.url);
    const a = track(connectVigilClient(first.url, `${m.orgId}/cmp-restart`, { params: { token: m.token } }));
    caseOf(a.doc).set('procedure', 'Pulpotomy');
    const vitals = new Y.Array<unknown>();
    caseOf(a.doc).set('vitals', vitals);
    vitals.push([{ hr: 80 }, { hr: 82 }]);
    await eventually(() => expect(a.provider.status.status).toBe('synced'));
    a.destroy();
    expect(await first.stop('SIGTERM')).toBe(0);

    const second = await server({ dataDir: first.dataDir });
    const reader = track(connectClient(second.url, `${m.orgId}/cmp-restart`, { token: m.token }));
    await synced(reader.provider);
    expect(caseOf(reader.doc).toJSON()).toEqual({ procedure: 'Pulpotomy', vitals: [{ hr: 80 }, { hr: 82 }] });
  });

  it('stores updates sent by the official y-websocket client before relaying them', async () => {
    const s = await server();
    const m = await orgMember(s.url);
    const a = track(connectClient(s.url, `${m.orgId}/cmp-official`, { token: m.token }));
    await synced(a.provider);
    caseOf(a.doc).set('recorderName', 'Sam');
    const b = track(connectClient(s.url, `${m.orgId}/cmp-official`, { token: m.token }));
    await synced(b.provider);
    await eventually(() => expect(caseOf(b.doc).get('recorderName')).toBe('Sam'));
    // b saw the edit, so it was already committed: it survives a hard kill.
    await s.stop('SIGKILL');
    const again = await server({ dataDir: s.dataDir });
    const c = track(connectClient(again.url, `${m.orgId}/cmp-official`, { token: m.token }));
    await synced(c.provider);
    expect(caseOf(c.doc).get('recorderName')).toBe('Sam');
  });

  it('sends the batch uncompressed when compression fails (COMPRESSION_FAILED) and still saves it', async () => {
    const s = await server();
    const m = await orgMember(s.url);
    const logged: string[] = [];
    const a = track(
      connectVigilClient(s.url, `${m.orgId}/cmp-nocompress`, {
        params: { token: m.token },
        compress: () => {
          throw new Error('deflate broke');
        },
        log: (_level, message) => logged.push(message),
      }),
    );
    caseOf(a.doc).set('procedureNotes', 'Uneventful.');
    await eventually(() => expect(a.provider.status.status).toBe('synced'));
    expect(logged).toContain('COMPRESSION_FAILED');
  });

  it('tells a client that a finalized document refuses writes, and leaves it byte-identical', async () => {
    const first = await startServer();
    cleanups.push(() => first.dispose());
    const m = await orgMember(first.url);
    const room = `${m.orgId}/cmp-final`;
    const a = track(connectVigilClient(first.url, `${m.orgId}/cmp-final`, { params: { token: m.token } }));
    caseOf(a.doc).set('procedure', 'Final text');
    await eventually(() => expect(a.provider.status.status).toBe('synced'));
    a.destroy();
    await first.stop();

    const snapshot = (): Promise<string> => storedRoom(first.dataDir, room);
    // Finalized while the server was down (as finalize marks it): the store refuses writes from then on.
    await withStores(first.dataDir, ({ sync }) =>
      sync.markFinalized(room, m.orgId, 'cmp-final', new Date('2026-11-21T12:00:00Z')),
    );
    const before = await snapshot();

    const second = await server({ dataDir: first.dataDir });
    const official = track(connectClient(second.url, `${m.orgId}/cmp-final`, { token: m.token }));
    await synced(official.provider);
    caseOf(official.doc).set('procedure', 'Tampered');
    const vigil = track(connectVigilClient(second.url, `${m.orgId}/cmp-final`, { params: { token: m.token } }));
    await eventually(() => expect(vigil.provider.status.refused).toBe(REFUSAL_REASONS.FINALIZED));
    caseOf(vigil.doc).set('recoveryNotes', 'late edit');
    await eventually(() => expect(vigil.provider.status.status).toBe('outOfSync'));

    const reader = track(connectClient(second.url, `${m.orgId}/cmp-final`, { token: m.token }));
    await synced(reader.provider);
    expect(caseOf(reader.doc).toJSON()).toEqual({ procedure: 'Final text' });
    await second.stop();
    expect(await snapshot()).toBe(before);
  });
});

describe('crash: 10 clients, 1,000 edits each, kill -9 in the middle', () => {
  it('keeps every acknowledged update and ends with identical replicas', async () => {
    const CLIENTS = 10;
    const EDITS = 1000;
    const first = await startServer();
    const dataDir = first.dataDir;
    const m = await orgMember(first.url);
    const room = `${m.orgId}/cmp-crash`;
    cleanups.push(() => first.dispose());
    const port = first.port;

    const clients = Array.from({ length: CLIENTS }, () =>
      track(connectVigilClient(first.url, room, { params: { token: m.token } })),
    );
    const acked = new Array<number>(CLIENTS).fill(0);
    clients.forEach((c, i) => {
      c.provider.subscribe((st) => {
        // Synced = the server acknowledged every local edit so far.
        if (st.status === 'synced')
          acked[i] = (caseOf(c.doc).get(`log${i}`) as Y.Array<number> | undefined)?.length ?? 0;
      });
      caseOf(c.doc).set(`log${i}`, new Y.Array<number>());
    });

    const edit = async (from: number, to: number): Promise<void> => {
      for (let n = from; n < to; n += 25) {
        clients.forEach((c, i) => {
          const log = caseOf(c.doc).get(`log${i}`) as Y.Array<number>;
          c.doc.transact(() => {
            for (let k = n; k < Math.min(n + 25, to); k++) log.push([k]);
          });
        });
        await new Promise((r) => setTimeout(r, 5));
      }
    };

    await edit(0, EDITS / 2);
    await eventually(() => expect(Math.min(...acked)).toBeGreaterThan(0));
    await first.stop('SIGKILL');
    const ackedAtCrash = [...acked];
    await edit(EDITS / 2, EDITS * 0.75); // offline edits while the server is down

    const second = await startServer({ dataDir, env: { PORT: String(port) } });
    cleanups.push(() => second.stop());
    // Before any client reconnects with its pending edits, the server has what it acknowledged.
    const probe = connectClient(second.url, room, { token: m.token });
    await synced(probe.provider);
    for (let i = 0; i < CLIENTS; i++) {
      const stored = (caseOf(probe.doc).get(`log${i}`) as Y.Array<number> | undefined)?.toArray() ?? [];
      expect(stored.length).toBeGreaterThanOrEqual(ackedAtCrash[i]!);
      expect(stored.slice(0, ackedAtCrash[i])).toEqual(Array.from({ length: ackedAtCrash[i]! }, (_, k) => k));
    }
    probe.destroy();

    await edit(EDITS * 0.75, EDITS);
    await eventually(() => {
      for (const c of clients) expect(c.provider.status.status).toBe('synced');
    }, 60_000);

    const reader = track(connectClient(second.url, room, { token: m.token }));
    await synced(reader.provider);
    const expected = Array.from({ length: EDITS }, (_, k) => k);
    for (let i = 0; i < CLIENTS; i++) {
      expect((caseOf(reader.doc).get(`log${i}`) as Y.Array<number>).toArray()).toEqual(expected);
    }
    const hash = contentHash(caseOf(reader.doc).toJSON());
    const vector = Array.from(Y.encodeStateVector(reader.doc));
    for (const c of clients) {
      expect(contentHash(caseOf(c.doc).toJSON())).toBe(hash);
      expect(Array.from(Y.encodeStateVector(c.doc))).toEqual(vector);
    }
  }, 120_000);
});
