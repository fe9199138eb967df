import { describe, expect, it } from 'vitest';
import { MemoryDatabase } from '../memory/database.js';
import { memoryOrgWorld, postgresOrgWorld, seedOrgs, sqliteOrgWorld, type OrgSeed } from '../orgs/seed.test-util.js';
import { runnableImplementations, testPostgresDatabase } from '../postgres/test-database.test-util.js';
import { openMemoryDatabase } from '../sqlite/database.js';
import { MemoryInventoryStore } from './memory.js';
import { PostgresInventoryStore } from './postgres.js';
import { SqliteInventoryStore } from './sqlite.js';
import { entry, lot } from './fixtures.test-util.js';
import type { InventoryStore, LedgerEntryRecord } from './types.js';

interface Fixture {
  store: InventoryStore;
}

/** The organisations the inventories belong to, made through the organisation store. */
const ORGS: OrgSeed[] = [
  { id: 'office', fhirId: 'o1', name: 'Office', type: 'regular' },
  { id: 'other', fhirId: 'o2', name: 'Other', type: 'regular' },
];

async function sqlite(): Promise<Fixture> {
  const db = openMemoryDatabase();
  await seedOrgs(sqliteOrgWorld(db), ORGS);
  return { store: new SqliteInventoryStore(db) };
}

async function memory(): Promise<Fixture> {
  const db = new MemoryDatabase();
  await seedOrgs(memoryOrgWorld(db), ORGS);
  return { store: new MemoryInventoryStore(db) };
}

async function postgres(): Promise<Fixture> {
  const db = await testPostgresDatabase();
  await seedOrgs(postgresOrgWorld(db), ORGS);
  return { store: new PostgresInventoryStore(db) };
}

/** Every InventoryStore implementation. */
const implementations = await runnableImplementations<[string, () => Promise<Fixture>]>('InventoryStore contract', [
  ['memory', memory],
  ['sqlite', sqlite],
  ['postgres', postgres],
]);

/** A readable chain rule: enough to see what the store hands over and keeps. */
const link = (prev: string, e: { id: string; seq: number }): string => `${prev}>${e.seq}:${e.id}`;
const ok = (): void => undefined;

async function withInventory(f: Fixture): Promise<void> {
  await f.store.createInventory({
    id: 'inv-1',
    orgId: 'office',
    name: 'Main safe',
    kind: 'safe',
    createdBy: 'usr-a',
    createdAt: 500,
  });
}

describe.each(implementations)('InventoryStore contract (%s)', (_, make) => {
  it('creates inventories and lists them by organisation only', async () => {
    const f = await make();
    await withInventory(f);
    await f.store.createInventory({
      id: 'inv-2',
      orgId: 'other',
      name: 'Cart',
      kind: 'cart',
      createdBy: 'u',
      createdAt: 1,
    });
    expect((await f.store.inventories('office')).map((i) => i.name)).toEqual(['Main safe']);
    expect(await f.store.inventory('office', 'inv-1')).toEqual({
      id: 'inv-1',
      orgId: 'office',
      name: 'Main safe',
      kind: 'safe',
      createdBy: 'usr-a',
      createdAt: 500,
    });
    expect(await f.store.inventory('other', 'inv-1')).toBeNull();
  });

  it('appends a new lot with its first entry, chaining each entry on the one before, per organisation', async () => {
    const f = await make();
    await withInventory(f);
    const first = await f.store.append({ newLot: lot(), entry: entry() }, ok, link, 'G');
    expect(first).toMatchObject({ seq: 1, prevHash: 'G', hash: 'G>1:le-1', lot: { drug: 'Midazolam', unit: 'mg' } });
    const second = await f.store.append(
      { entry: entry({ id: 'le-2', kind: 'dispense', quantity: 10, caseId: 'cmp-1', at: 3000 }) },
      ok,
      link,
      'G',
    );
    expect(second).toMatchObject({ seq: 2, prevHash: 'G>1:le-1', hash: 'G>1:le-1>2:le-2' });
    expect(await f.store.lots('office', 'inv-1')).toEqual([lot()]);
    expect(await f.store.lot('other', 'lot-1')).toBeNull();
    const all = await f.store.entries('office');
    expect(all.map((e) => [e.seq, e.kind, e.quantity, e.caseId])).toEqual([
      [1, 'receive', 50, null],
      [2, 'dispense', 10, 'cmp-1'],
    ]);
    expect(all[1]).toEqual({
      ...entry({ id: 'le-2', kind: 'dispense', quantity: 10, caseId: 'cmp-1', at: 3000 }),
      seq: 2,
      prevHash: 'G>1:le-1',
      hash: 'G>1:le-1>2:le-2',
      lot: lot(),
    });
    expect(await f.store.entries('other')).toEqual([]);
  });

  it('hands the lot’s earlier entries to the check and writes nothing when it refuses', async () => {
    const f = await make();
    await withInventory(f);
    await f.store.append({ newLot: lot(), entry: entry() }, ok, link, 'G');
    let seen: number[] = [];
    await expect(
      f.store.append(
        {
          newLot: lot({ id: 'lot-2', lotNumber: 'B2' }),
          entry: entry({ id: 'le-x', lotId: 'lot-1', kind: 'dispense' }),
        },
        (earlier) => {
          seen = earlier.map((e) => e.seq);
          throw new Error('OVER_BALANCE');
        },
        link,
        'G',
      ),
    ).rejects.toThrow('OVER_BALANCE');
    expect(seen).toEqual([1]);
    // Neither the entry nor the new lot was written.
    expect((await f.store.entries('office')).length).toBe(1);
    expect((await f.store.lots('office')).map((l) => l.id)).toEqual(['lot-1']);
  });

  it('filters entries by inventory, lot, drug (any case), user or witness, case and time', async () => {
    const f = await make();
    await withInventory(f);
    await f.store.append({ newLot: lot(), entry: entry() }, ok, link, 'G');
    await f.store.append(
      {
        newLot: lot({ id: 'lot-f', drug: 'Fentanyl', unit: 'mcg', packageAmount: 100 }),
        entry: entry({ id: 'le-2', lotId: 'lot-f', quantity: 500, at: 3000 }),
      },
      ok,
      link,
      'G',
    );
    await f.store.append(
      {
        entry: entry({
          id: 'le-3',
          kind: 'waste',
          quantity: 2,
          caseId: 'cmp-1',
          userId: 'usr-b',
          witnessId: 'usr-c',
          at: 4000,
        }),
      },
      ok,
      link,
      'G',
    );
    const ids = async (filter: Parameters<InventoryStore['entries']>[1]): Promise<string[]> =>
      (await f.store.entries('office', filter)).map((e) => e.id);
    expect(await ids({ drug: ' midazolam ' })).toEqual(['le-1', 'le-3']);
    expect(await ids({ lotId: 'lot-f' })).toEqual(['le-2']);
    expect(await ids({ userId: 'usr-c' })).toEqual(['le-3']);
    expect(await ids({ userId: 'usr-a' })).toEqual(['le-1', 'le-2']);
    expect(await ids({ caseId: 'cmp-1' })).toEqual(['le-3']);
    expect(await ids({ from: 3000, to: 4000 })).toEqual(['le-2']);
    expect(await ids({ inventoryId: 'inv-9' })).toEqual([]);
  });

  it('pages entries in chain order after a sequence, keeps a correction with what it corrects, and anchors the head', async () => {
    const { store } = await make();
    await store.createInventory({
      id: 'inv-1',
      orgId: 'office',
      name: 'Safe',
      kind: 'safe',
      createdBy: 'u',
      createdAt: 1,
    });
    expect(await store.anchor('office')).toBeNull();
    await store.append({ newLot: lot(), entry: entry() }, ok, link, 'G');
    for (let i = 2; i <= 5; i++)
      await store.append(
        { entry: entry({ id: `le-${i}`, kind: 'dispense', quantity: 1, caseId: 'c' }) },
        ok,
        link,
        'G',
      );
    await store.append(
      {
        entry: entry({ id: 'le-6', kind: 'correction', corrects: 'return', quantity: 1, caseId: 'c', witnessId: 'w' }),
      },
      ok,
      link,
      'G',
    );
    const seqs = async (after: number | undefined, limit: number): Promise<number[]> =>
      (await store.entries('office', {}, { ...(after == null ? {} : { after }), limit })).map((e) => e.seq);
    expect(await seqs(undefined, 2)).toEqual([1, 2]);
    expect(await seqs(2, 2)).toEqual([3, 4]);
    expect(await seqs(4, 10)).toEqual([5, 6]);
    expect(await seqs(6, 10)).toEqual([]);
    // A filter and a page together: the case's entries after entry 3.
    expect((await store.entries('office', { caseId: 'c' }, { after: 3, limit: 10 })).map((e) => e.seq)).toEqual([
      4, 5, 6,
    ]);
    const [correction] = await store.entries('office', {}, { after: 5, limit: 1 });
    expect(correction).toMatchObject({ kind: 'correction', corrects: 'return', witnessId: 'w' });
    expect((await store.movements('office')).at(-1)).toEqual({
      lotId: 'lot-1',
      kind: 'correction',
      quantity: 1,
      caseId: 'c',
      corrects: 'return',
    });
    expect(await store.anchor('office')).toEqual({ length: 6, head: correction!.hash });
    expect(await store.anchor('other')).toBeNull();
  });

  it('keeps lots and entries as appended: an id is never written twice, and nothing handed out is the stored record', async () => {
    const f = await make();
    await withInventory(f);
    await f.store.append({ newLot: lot(), entry: entry() }, ok, link, 'G');
    // The same entry id again, or a new lot under a lot id in use: refused, nothing written.
    await expect(f.store.append({ entry: entry({ quantity: 5 }) }, ok, link, 'G')).rejects.toThrow();
    await expect(
      f.store.append({ newLot: lot({ expiry: '2030-01-01' }), entry: entry({ id: 'le-2' }) }, ok, link, 'G'),
    ).rejects.toThrow();
    const [stored] = await f.store.entries('office');
    stored!.quantity = 5;
    stored!.lot.expiry = '2030-01-01';
    (await f.store.lots('office'))[0]!.expiry = '2030-01-01';
    let handed: LedgerEntryRecord[] = [];
    await f.store.append(
      { entry: entry({ id: 'le-2', kind: 'dispense', quantity: 1, caseId: 'c' }) },
      (earlier) => {
        handed = earlier;
        earlier[0]!.quantity = 5;
      },
      link,
      'G',
    );
    expect(handed).toHaveLength(1);
    expect((await f.store.entries('office')).map((e) => [e.id, e.quantity, e.lot.expiry])).toEqual([
      ['le-1', 50, '2027-06-30'],
      ['le-2', 1, '2027-06-30'],
    ]);
    expect(await f.store.lot('office', 'lot-1')).toEqual(lot());
    expect(await f.store.anchor('office')).toEqual({ length: 2, head: 'G>1:le-1>2:le-2' });
  });

  it('lets concurrent appends neither fork the chain nor both pass a balance check', async () => {
    const f = await make();
    await withInventory(f);
    await f.store.append({ newLot: lot(), entry: entry({ quantity: 10 }) }, ok, link, 'G');
    // Each dispense takes the whole balance: the check refuses once an earlier dispense took it.
    const takeAll = (earlier: LedgerEntryRecord[]): void => {
      if (earlier.some((e) => e.kind === 'dispense')) throw new Error('OVER_BALANCE');
    };
    const results = await Promise.allSettled(
      ['le-a', 'le-b'].map((id) =>
        f.store.append({ entry: entry({ id, kind: 'dispense', quantity: 10, caseId: 'c' }) }, takeAll, link, 'G'),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const all = await f.store.entries('office');
    expect(all.map((e) => e.seq)).toEqual([1, 2]);
    expect(all[1]!.prevHash).toBe(all[0]!.hash);
  });

  it('keeps one chain per organisation: another organisation’s first entry starts at 1 on the genesis hash', async () => {
    const f = await make();
    await withInventory(f);
    await f.store.createInventory({
      id: 'inv-o',
      orgId: 'other',
      name: 'Cart',
      kind: 'cart',
      createdBy: 'u',
      createdAt: 1,
    });
    await f.store.append({ newLot: lot(), entry: entry() }, ok, link, 'G');
    const theirs = await f.store.append(
      {
        newLot: lot({ id: 'lot-o', orgId: 'other', inventoryId: 'inv-o' }),
        entry: entry({ id: 'le-o', orgId: 'other', inventoryId: 'inv-o', lotId: 'lot-o' }),
      },
      ok,
      link,
      'G',
    );
    expect(theirs).toMatchObject({ seq: 1, prevHash: 'G', hash: 'G>1:le-o' });
    const ours = await f.store.append(
      { entry: entry({ id: 'le-2', kind: 'dispense', quantity: 1, caseId: 'c' }) },
      ok,
      link,
      'G',
    );
    expect(ours).toMatchObject({ seq: 2, prevHash: 'G>1:le-1' });
    expect(await f.store.anchor('other')).toEqual({ length: 1, head: 'G>1:le-o' });
    expect((await f.store.movements('other')).map((m) => m.lotId)).toEqual(['lot-o']);
  });
});
