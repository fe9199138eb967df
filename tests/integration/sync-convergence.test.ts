import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { CASE_ROOT, contentHash } from '@vigil/shared';
import { NO_FAULTS, startFaultProxy, type FaultProxy } from '../utils/fault-proxy.js';
import { seededRandom } from '../utils/random.js';
import { startServer, type TestServer } from '../utils/start-server.js';
import { orgMember } from '../utils/members.js';
import { connectClient, connectVigilClient, eventually, synced } from '../utils/yjs-clients.js';

const CLIENTS = 10;
const OPERATIONS = 10_000;
const SEEDS = [1, 7, 42];

let server: TestServer | undefined;
let proxy: FaultProxy | undefined;
const destroyers: (() => void)[] = [];
afterEach(async () => {
  for (const d of destroyers.splice(0)) d();
  await proxy?.close();
  await server?.dispose();
});

/**
 * One random operation of a charting session on a case document: set a field, add a vital,
 * edit or delete a list entry.
 */
function operate(doc: Y.Doc, random: () => number, client: number, n: number): void {
  const root = doc.getMap(CASE_ROOT);
  const r = random();
  if (r < 0.3) {
    root.set(
      ['procedure', 'recorderName', 'asaClassification', 'lastFood'][Math.floor(random() * 4)]!,
      `${client}:${n}`,
    );
  } else if (r < 0.8) {
    let vitals = root.get('vitals') as Y.Array<Y.Map<unknown>> | undefined;
    if (!vitals) {
      vitals = new Y.Array();
      root.set('vitals', vitals);
    }
    const entry = new Y.Map<unknown>();
    entry.set('id', `${client}-${n}`);
    entry.set('hr', 60 + Math.floor(random() * 40));
    vitals.push([entry]);
  } else {
    const vitals = root.get('vitals') as Y.Array<Y.Map<unknown>> | undefined;
    if (vitals && vitals.length > 0) {
      const i = Math.floor(random() * vitals.length);
      if (random() < 0.5) vitals.get(i).set('hr', 50 + Math.floor(random() * 50));
      else vitals.delete(i, 1);
    }
  }
}

describe('convergence under network faults', () => {
  it.each(SEEDS)(
    'ends with identical replicas after 10,000 operations from 10 clients through drops, delays, duplicates, reordering and partitions (seed %i)',
    async (seed) => {
      server = await startServer();
      const m = await orgMember(server.url);
      proxy = await startFaultProxy(server.url, seed, {
        drop: 0.02,
        duplicate: 0.02,
        maxDelayMs: 30,
        partition: 0.002,
      });
      const room = `${m.orgId}/cmp-faults-${seed}`;
      const clients = Array.from({ length: CLIENTS }, () => {
        const c = connectVigilClient(proxy!.url, room, {
          params: { token: m.token },
          reconnectMs: 50,
          saveRetryWaitMs: 100,
          resyncWaitMs: 300,
          hashDebounceMs: 50,
          saveTimeoutMs: 2_000,
        });
        destroyers.push(c.destroy);
        return c;
      });
      const random = seededRandom(seed);
      for (let n = 0; n < OPERATIONS; n++) {
        const c = Math.floor(random() * CLIENTS);
        operate(clients[c]!.doc, random, c, n);
        if (n % 100 === 99) await new Promise((r) => setTimeout(r, 5));
        if (n === 3_000 || n === 7_000) proxy.partitionAll();
      }

      // Heal the network; every replica must converge on the server's state.
      proxy.setFaults(NO_FAULTS);
      await eventually(() => {
        for (const c of clients) expect(c.provider.status.status).toBe('synced');
      }, 60_000);
      const reader = connectClient(server.url, room, { token: m.token });
      destroyers.push(reader.destroy);
      await synced(reader.provider);
      const serverHash = contentHash(reader.doc.getMap(CASE_ROOT).toJSON());
      const vector = Array.from(Y.encodeStateVector(reader.doc));
      for (const c of clients) {
        expect(contentHash(c.doc.getMap(CASE_ROOT).toJSON())).toBe(serverHash);
        expect(Array.from(Y.encodeStateVector(c.doc))).toEqual(vector);
      }
      // The faults really happened.
      expect(proxy.counts.dropped).toBeGreaterThan(0);
      expect(proxy.counts.duplicated).toBeGreaterThan(0);
      expect(proxy.counts.partitions).toBeGreaterThan(0);
    },
    120_000,
  );
});
