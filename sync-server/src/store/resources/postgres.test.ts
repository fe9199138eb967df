import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEvent, Patient } from '@vigil/shared';
import { VersionConflictError } from '../../errors.js';
import { PostgresChangeStore } from '../changes/postgres.js';
import { freshPostgres, runnableImplementations } from '../postgres/test-database.test-util.js';
import { PostgresDatabase } from '../postgres/unit-of-work.js';
import { PostgresResourceStore } from './postgres.js';

/*
 * FHIR resources on PostgreSQL with concurrent writers on two instances (issue 43): each instance
 * a pool of its own over one database, as two server processes. Versions of one resource stay a
 * sequence without gaps or repeats, a stale If-Match loses, units writing the same resources in
 * opposite orders never deadlock, and the change feed takes every write in commit order.
 */

const drops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const drop of drops.splice(0)) await drop();
});

const suites = await runnableImplementations('PostgresResourceStore over two pools', [['postgres'] as const]);

const T = (n: number): string => new Date(Date.UTC(2026, 10, 21, 10, 0, n)).toISOString();
const patient = (id: string, family: string): Patient & { id: string } => ({
  resourceType: 'Patient',
  id,
  name: [{ given: ['Amelia'], family }],
  birthDate: '2015-03-04',
});
const page = { offset: 0, count: 100 };

async function twoInstances(): Promise<{ stores: PostgresResourceStore[]; feed: PostgresChangeStore }> {
  const database = await freshPostgres();
  drops.push(database.drop);
  const stores = [0, 1].map(() => {
    const db = new PostgresDatabase(database.open(5));
    return new PostgresResourceStore(db, new PostgresChangeStore(db));
  });
  return { stores, feed: new PostgresChangeStore(new PostgresDatabase(database.open(1))) };
}

// Skipped (its reason printed) where PostgreSQL is not running: a file without a suite would fail.
describe.skipIf(suites.length === 0)('PostgresResourceStore over two pools (postgres)', () => {
  it('gives concurrent writes of one resource the versions 1 to n, each once, and the feed each version in order', async () => {
    const { stores, feed } = await twoInstances();
    const written = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        stores[n % 2]!.write({ orgId: 'a', resource: patient('p1', `F${n}`) }, T(n)),
      ),
    );
    expect(written.map((v) => Number(v.versionId)).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    const history = await stores[0]!.history('a', 'Patient', 'p1', page);
    expect(history.items.map((v) => v.versionId)).toEqual(Array.from({ length: 20 }, (_, i) => String(20 - i)));
    // Each stored version is the write that got its number.
    for (const v of written)
      expect((await stores[1]!.readVersion('a', 'Patient', 'p1', v.versionId))?.resource).toEqual(v.resource);
    const changes = await feed.read(0, 100);
    expect(changes.map((c) => (c.kind === 'resource' ? c.versionId : null))).toEqual(
      Array.from({ length: 20 }, (_, i) => String(i + 1)),
    );
  });

  it('lets one of concurrent writers over the same version win; the others conflict', async () => {
    const { stores } = await twoInstances();
    await stores[0]!.write({ orgId: 'a', resource: patient('p1', 'Hart') }, T(0));
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, n) =>
        stores[n % 2]!.write({ orgId: 'a', resource: patient('p1', `F${n}`), ifMatch: '1' }, T(n + 1)),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(refused).toHaveLength(9);
    for (const r of refused) expect(r.reason).toBeInstanceOf(VersionConflictError);
    expect((await stores[1]!.read('a', 'Patient', 'p1'))?.versionId).toBe('2');
    // Two creates of one new id: one creates it, the other conflicts.
    const creates = await Promise.allSettled(
      stores.map((s, n) => s.write({ orgId: 'a', resource: patient('p2', `F${n}`), createOnly: true }, T(20))),
    );
    expect(creates.map((c) => c.status).sort()).toEqual(['fulfilled', 'rejected']);
  });

  it('never deadlocks units that write the same resources in opposite orders on two instances', async () => {
    const { stores, feed } = await twoInstances();
    const unit = (store: PostgresResourceStore, ids: string[], n: number): Promise<void> =>
      store.transaction(async () => {
        for (const id of ids) {
          await store.write({ orgId: 'a', resource: patient(id, `F${n}`) }, T(n));
          // The other instance's unit gets to take its first resource meanwhile.
          await new Promise((r) => setImmediate(r));
        }
      });
    await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        n % 2 === 0 ? unit(stores[0]!, ['pA', 'pB'], n) : unit(stores[1]!, ['pB', 'pA'], n),
      ),
    );
    for (const id of ['pA', 'pB']) expect((await stores[0]!.read('a', 'Patient', id))?.versionId).toBe('10');
    const changes = await feed.read(0, 100);
    expect(changes).toHaveLength(20);
    expect(changes.map((c) => c.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('writes AuditEvents while another unit holds the feed: they are not in it and never wait for it', async () => {
    const { stores, feed } = await twoInstances();
    const audit: AuditEvent & { id: string } = {
      resourceType: 'AuditEvent',
      id: 'aud-1',
      type: { system: 'http://terminology.hl7.org/CodeSystem/audit-event-type', code: 'rest' },
      recorded: T(1),
      agent: [{ requestor: true, who: { reference: 'Practitioner/usr-1' } }],
      source: { observer: { display: 'Vigil' } },
    };
    await stores[0]!.transaction(async () => {
      await stores[0]!.write({ orgId: 'a', resource: patient('p1', 'Hart') }, T(0));
      // This unit holds the feed's head until it commits; waiting for a write that waited for it would never end.
      await stores[1]!.write({ orgId: 'a', resource: audit }, T(1));
    });
    expect((await stores[1]!.read('a', 'AuditEvent', 'aud-1'))?.versionId).toBe('1');
    expect((await feed.read(0, 10)).map((c) => (c.kind === 'resource' ? c.resourceType : c.kind))).toEqual(['Patient']);
    // And stay as written: the database refuses to change one.
    await expect(stores[0]!.write({ orgId: 'a', resource: { ...audit, recorded: T(2) } }, T(2))).rejects.toThrow(
      /append-only/,
    );
  });
});
