import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEvent, Patient } from '@vigil/shared';
import { freshPostgres, runnableImplementations } from '../postgres/test-database.test-util.js';
import { PostgresDatabase } from '../postgres/unit-of-work.js';
import { openMemoryDatabase } from '../sqlite/database.js';
import { MemoryResourceStore } from '../resources/memory.js';
import { PostgresResourceStore } from '../resources/postgres.js';
import { SqliteResourceStore } from '../resources/sqlite.js';
import type { ResourceStore } from '../resources/types.js';
import { MemoryChangeBus } from './bus.js';
import { consumeChanges } from './consumer.js';
import { MemoryChangeStore } from './memory.js';
import { PostgresChangeStore } from './postgres.js';
import { SqliteChangeStore } from './sqlite.js';
import type { Change, ChangeStore, Committed, NewChange } from './types.js';

interface Fixture {
  changes: ChangeStore;
  /** The resource store that records into the feed. */
  resources: ResourceStore;
  /** What the bus announced, in order. */
  heard: Committed[];
}

const drops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const drop of drops.splice(0)) await drop();
});

/** Every ChangeStore implementation, each with the resource store that records into it where there is one. */
const implementations: [string, () => Fixture | Promise<Fixture>][] = [
  [
    'memory',
    () => {
      const bus = new MemoryChangeBus();
      const heard: Committed[] = [];
      bus.subscribe((c) => heard.push(c));
      const changes = new MemoryChangeStore(bus);
      return { changes, resources: new MemoryResourceStore(changes), heard };
    },
  ],
  [
    'sqlite',
    () => {
      const db = openMemoryDatabase();
      const bus = new MemoryChangeBus();
      const heard: Committed[] = [];
      bus.subscribe((c) => heard.push(c));
      const changes = new SqliteChangeStore(db, bus);
      return { changes, resources: new SqliteResourceStore(db, changes), heard };
    },
  ],
  [
    'postgres',
    async () => {
      const database = await freshPostgres();
      drops.push(database.drop);
      const bus = new MemoryChangeBus();
      const heard: Committed[] = [];
      bus.subscribe((c) => heard.push(c));
      const db = new PostgresDatabase(database.open());
      const changes = new PostgresChangeStore(db, bus);
      return { changes, resources: new PostgresResourceStore(db, changes), heard };
    },
  ],
];

const T0 = Date.UTC(2026, 10, 21, 10, 0);
const event = (orgId: string, n: number, at = T0 + n * 1000): NewChange => ({
  kind: 'policy.set',
  at,
  orgId,
  payload: { policyId: `pol-${n}` },
});
const patient = (id: string, family: string): Patient & { id: string } => ({
  resourceType: 'Patient',
  id,
  name: [{ given: ['Amelia'], family }],
  birthDate: '2015-03-04',
});
const iso = (second: number): string => new Date(T0 + second * 1000).toISOString();
const policyIds = (changes: readonly Change[]): unknown[] =>
  changes.map((c) => (c.kind === 'resource' ? null : c.payload.policyId));

async function appendAll(changes: ChangeStore, list: NewChange[]): Promise<Change[]> {
  return changes.transaction(async () => {
    const out: Change[] = [];
    for (const c of list) out.push(await changes.append(c));
    return out;
  });
}

const runnable = await runnableImplementations('ChangeStore contract', implementations);

describe.each(runnable)('ChangeStore contract (%s)', (_name, make) => {
  it('records changes in order, with increasing seqs, and reads them after a seq, oldest first', async () => {
    const { changes } = await make();
    const recorded = await appendAll(changes, [event('a', 1), event('b', 2), event('a', 3)]);
    expect(recorded.map((c) => c.seq)).toEqual([...recorded.map((c) => c.seq)].sort((x, y) => x - y));
    expect(new Set(recorded.map((c) => c.seq)).size).toBe(3);
    expect(policyIds(await changes.read(0, 10))).toEqual(['pol-1', 'pol-2', 'pol-3']);
    expect(policyIds(await changes.read(recorded[0]!.seq, 10))).toEqual(['pol-2', 'pol-3']);
    expect(policyIds(await changes.read(0, 2))).toEqual(['pol-1', 'pol-2']);
    expect(policyIds(await changes.read(0, 10, { orgId: 'a' }))).toEqual(['pol-1', 'pol-3']);
    expect(await changes.read(0, 10, { kinds: ['case.finalized'] })).toEqual([]);
    expect(await changes.read(0, 10)).toEqual(recorded);
    expect(await changes.lastSeq()).toBe(recorded[2]!.seq);
  });

  it('announces concurrent writes in commit order, the order a reader sees them in', async () => {
    const { changes, resources, heard } = await make();
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        resources.write({ orgId: 'a', resource: patient(`pat-${i}`, 'Hart') }, iso(i)),
      ),
    );
    const seqs = heard.map((h) => h.change.seq);
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
    expect((await changes.read(0, 100)).map((c) => c.seq)).toEqual(seqs);
  });

  it('refuses an append outside a transaction', async () => {
    const { changes } = await make();
    await expect(changes.append(event('a', 1))).rejects.toThrow(/inside a transaction/);
    expect(await changes.read(0, 10)).toEqual([]);
  });

  it('announces a change only once its transaction commits, and nothing of a rolled-back one', async () => {
    const { changes, heard } = await make();
    await changes.transaction(async () => {
      await changes.append(event('a', 1));
      expect(heard).toEqual([]);
    });
    expect(policyIds(heard.map((h) => h.change))).toEqual(['pol-1']);
    await expect(
      changes.transaction(async () => {
        await changes.append(event('a', 2));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // A savepoint rolled back inside a transaction that commits takes its changes with it.
    await changes.transaction(async () => {
      await changes.append(event('a', 3));
      await changes
        .transaction(async () => {
          await changes.append(event('a', 4));
          throw new Error('inner');
        })
        .catch(() => undefined);
    });
    expect(policyIds(await changes.read(0, 10))).toEqual(['pol-1', 'pol-3']);
    expect(policyIds(heard.map((h) => h.change))).toEqual(['pol-1', 'pol-3']);
  });

  it('hands every change to a consumer at least once: a failed batch comes again from the cursor', async () => {
    const { changes } = await make();
    await appendAll(changes, [event('a', 1), event('a', 2)]);
    const now = (): number => T0;
    await expect(
      consumeChanges(
        changes,
        'webhooks',
        () => {
          throw new Error('endpoint down');
        },
        { now },
      ),
    ).rejects.toThrow('endpoint down');
    expect(await changes.cursor('webhooks')).toBe(0);
    const seen: Change[] = [];
    expect(await consumeChanges(changes, 'webhooks', (batch) => void seen.push(...batch), { now, batch: 1 })).toBe(2);
    expect(policyIds(seen)).toEqual(['pol-1', 'pol-2']);
    // Resumes after its cursor: only what came since, and another consumer keeps its own place.
    await appendAll(changes, [event('a', 3)]);
    seen.length = 0;
    await consumeChanges(changes, 'webhooks', (batch) => void seen.push(...batch), { now });
    expect(policyIds(seen)).toEqual(['pol-3']);
    expect(await changes.cursor('analytics')).toBe(0);
    // A cursor never moves back.
    const last = await changes.cursor('webhooks');
    await changes.advance('webhooks', 1, T0);
    expect(await changes.cursor('webhooks')).toBe(last);
  });

  it('prunes what is older than the retention window and never reuses a seq', async () => {
    const { changes } = await make();
    const [first, second] = await appendAll(changes, [event('a', 1, T0), event('a', 2, T0 + 60_000)]);
    expect(await changes.prune(T0 + 1)).toBe(1);
    expect(await changes.read(0, 10)).toEqual([second]);
    const [third] = await appendAll(changes, [event('a', 3, T0 + 120_000)]);
    expect(third!.seq).toBeGreaterThan(second!.seq);
    expect(first!.seq).toBeLessThan(second!.seq);
    expect(await changes.prune(T0)).toBe(0);
  });

  it('never reuses a seq after a prune emptied the feed, and reports the last one handed out', async () => {
    const { changes, resources } = await make();
    const [, second] = await appendAll(changes, [event('a', 1, T0), event('a', 2, T0 + 1000)]);
    expect(await changes.prune(T0 + 60_000)).toBe(2);
    expect(await changes.read(0, 10)).toEqual([]);
    // A consumer (or a tablet's Last-Event-ID) that stopped at the pruned change still gets what follows.
    expect(await changes.lastSeq()).toBe(second!.seq);
    await resources.write({ orgId: 'a', resource: patient('pat-1', 'Hart') }, iso(120));
    const after = await changes.read(second!.seq, 10);
    expect(after.map((c) => c.kind)).toEqual(['resource']);
    expect(after[0]!.seq).toBeGreaterThan(second!.seq);
    expect(await changes.lastSeq()).toBe(after[0]!.seq);
  });

  it('records each resource write and deletion in its own transaction, with its action and search values', async () => {
    const { changes, resources, heard } = await make();
    await resources.write({ orgId: 'a', resource: patient('pat-1', 'Hart') }, iso(1));
    await resources.write({ orgId: 'a', resource: patient('pat-1', 'Stone') }, iso(2));
    await resources.delete('a', 'Patient', 'pat-1', iso(3));
    await resources.write({ orgId: 'a', resource: patient('pat-1', 'Again') }, iso(4));
    const recorded = await changes.read(0, 10);
    expect(
      recorded.map((c) => (c.kind === 'resource' ? [c.resourceId, c.versionId, c.payload.action, c.at] : c.kind)),
    ).toEqual([
      ['pat-1', '1', 'create', T0 + 1000],
      ['pat-1', '2', 'update', T0 + 2000],
      ['pat-1', '3', 'delete', T0 + 3000],
      ['pat-1', '4', 'create', T0 + 4000],
    ]);
    const deletion = recorded[2]!;
    // A deletion carries the search values of what it deleted.
    expect(deletion.kind === 'resource' && deletion.payload.filterData.name).toContain('stone');
    // In-process subscribers get the version as written, a deletion none.
    expect(heard.map((h) => (h.detail.resource as Patient | null | undefined)?.name?.[0]?.family ?? null)).toEqual([
      'Hart',
      'Stone',
      null,
      'Again',
    ]);
  });

  it('records nothing of a resource write whose transaction rolls back, and no AuditEvent', async () => {
    const { changes, resources, heard } = await make();
    await expect(
      resources.transaction(async () => {
        await resources.write({ orgId: 'a', resource: patient('pat-1', 'Hart') }, iso(1));
        throw new Error('finalize failed');
      }),
    ).rejects.toThrow('finalize failed');
    expect(await resources.read('a', 'Patient', 'pat-1')).toBeNull();
    const audit: AuditEvent & { id: string } = {
      resourceType: 'AuditEvent',
      id: 'aud-1',
      type: { system: 'http://terminology.hl7.org/CodeSystem/audit-event-type', code: 'rest' },
      recorded: iso(2),
      agent: [{ requestor: true, who: { reference: 'Practitioner/usr-1' } }],
      source: { observer: { display: 'Vigil' } },
    };
    await resources.write({ orgId: 'a', resource: audit }, iso(2));
    expect(await resources.read('a', 'AuditEvent', 'aud-1')).not.toBeNull();
    expect(await changes.read(0, 10)).toEqual([]);
    expect(heard).toEqual([]);
  });

  it('commits a domain event with the resource write of the same unit of work, or neither', async () => {
    const { changes, resources } = await make();
    await changes.transaction(async () => {
      await resources.write({ orgId: 'a', resource: patient('pat-1', 'Hart') }, iso(1));
      await changes.append({ kind: 'case.finalized', at: T0, orgId: 'a', payload: { compositionId: 'cmp-1' } });
    });
    await expect(
      changes.transaction(async () => {
        await resources.write({ orgId: 'a', resource: patient('pat-2', 'Stone') }, iso(2));
        await changes.append({ kind: 'case.finalized', at: T0, orgId: 'a', payload: { compositionId: 'cmp-2' } });
        throw new Error('signing failed');
      }),
    ).rejects.toThrow('signing failed');
    expect((await changes.read(0, 10)).map((c) => c.kind)).toEqual(['resource', 'case.finalized']);
    expect(await resources.read('a', 'Patient', 'pat-2')).toBeNull();
  });
});
