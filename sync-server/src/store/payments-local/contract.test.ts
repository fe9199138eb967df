import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runnableImplementations, testPostgresDatabase } from '../postgres/test-database.test-util.js';
import { openDatabase } from '../sqlite/database.js';
import { MemoryLocalPaymentStore } from './memory.js';
import { PostgresLocalPaymentStore } from './postgres.js';
import { SqliteLocalPaymentStore } from './sqlite.js';
import type { LocalPaymentStore } from './types.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** Every LocalPaymentStore implementation. */
const implementations = await runnableImplementations<[string, () => LocalPaymentStore | Promise<LocalPaymentStore>]>(
  'LocalPaymentStore contract',
  [
    ['memory', () => new MemoryLocalPaymentStore()],
    [
      'sqlite',
      () => {
        const dir = mkdtempSync(path.join(tmpdir(), 'vigil-payments-local-'));
        const { db } = openDatabase(dir);
        cleanups.push(() => {
          db.close();
          rmSync(dir, { recursive: true, force: true });
        });
        return new SqliteLocalPaymentStore(db);
      },
    ],
    ['postgres', async () => new PostgresLocalPaymentStore(await testPostgresDatabase())],
  ],
);

interface Invoice {
  id: string;
  total: number;
}

describe.each(implementations)('LocalPaymentStore contract (%s)', (_, make) => {
  it('stores objects whole by kind and id, and replaces them', async () => {
    const store = await make();
    await store.put({ kind: 'customer', id: 'cus_1', customerId: 'cus_1', created: 1 }, { id: 'cus_1', name: 'A' });
    expect(await store.get('customer', 'cus_1')).toEqual({ id: 'cus_1', name: 'A' });
    expect(await store.get('card', 'cus_1')).toBeNull();
    await store.put({ kind: 'customer', id: 'cus_1', customerId: 'cus_1', created: 1 }, { id: 'cus_1', name: 'B' });
    expect(await store.get('customer', 'cus_1')).toEqual({ id: 'cus_1', name: 'B' });
  });

  it('moves an object to the customer given on a later write (a card attached), keeping its time', async () => {
    const store = await make();
    await store.put({ kind: 'card', id: 'pm_1', customerId: null, created: 5 }, { id: 'pm_1' });
    await store.put({ kind: 'card', id: 'pm_2', customerId: 'cus_1', created: 9 }, { id: 'pm_2' });
    expect((await store.list('card', { customerId: 'cus_1', limit: 10 })).items).toEqual([{ id: 'pm_2' }]);
    await store.put({ kind: 'card', id: 'pm_1', customerId: 'cus_1', created: 99 }, { id: 'pm_1', attached: true });
    expect((await store.list('card', { customerId: 'cus_1', limit: 10 })).items).toEqual([
      { id: 'pm_2' },
      { id: 'pm_1', attached: true },
    ]);
  });

  it("lists a customer's objects newest first, a page at a time", async () => {
    const store = await make();
    for (let i = 1; i <= 5; i++) {
      await store.put(
        { kind: 'invoice', id: `in_${i}`, customerId: 'cus_1', created: i * 10 },
        { id: `in_${i}`, total: i },
      );
    }
    // Same time: the later stored comes first, so pages never repeat or skip one.
    await store.put({ kind: 'invoice', id: 'in_0', customerId: 'cus_1', created: 50 }, { id: 'in_0', total: 0 });
    await store.put({ kind: 'invoice', id: 'in_x', customerId: 'cus_2', created: 99 }, { id: 'in_x', total: 0 });
    const first = await store.list<Invoice>('invoice', { customerId: 'cus_1', limit: 2 });
    expect(first.items.map((i) => i.id)).toEqual(['in_0', 'in_5']);
    expect(first.hasMore).toBe(true);
    const second = await store.list<Invoice>('invoice', { customerId: 'cus_1', limit: 3, startingAfter: 'in_5' });
    expect(second.items.map((i) => i.id)).toEqual(['in_4', 'in_3', 'in_2']);
    expect(second.hasMore).toBe(true);
    const last = await store.list<Invoice>('invoice', { customerId: 'cus_1', limit: 3, startingAfter: 'in_2' });
    expect(last).toEqual({ items: [{ id: 'in_1', total: 1 }], hasMore: false });
    expect((await store.list('invoice', { limit: 10 })).items).toHaveLength(7);
    expect(await store.list('invoice', { limit: 10, startingAfter: 'in_unknown' })).toEqual({
      items: [],
      hasMore: false,
    });
  });

  it('queues events once, in order, and hands out the due ones until delivered', async () => {
    const store = await make();
    await store.queueEvent({ id: 'evt_1', created: 100, body: '{"n":1}' });
    await store.queueEvent({ id: 'evt_2', created: 200, body: '{"n":2}' });
    await store.queueEvent({ id: 'evt_1', created: 300, body: '{"n":"again"}' });
    expect(await store.dueEvents(150, 10)).toEqual([{ id: 'evt_1', body: '{"n":1}', attempts: 0 }]);
    expect((await store.dueEvents(250, 10)).map((e) => e.id)).toEqual(['evt_1', 'evt_2']);
    await store.markFailed('evt_1', 1_000);
    expect((await store.dueEvents(250, 10)).map((e) => e.id)).toEqual(['evt_2']);
    await store.markDelivered('evt_2', 260);
    expect(await store.dueEvents(999, 10)).toEqual([]);
    expect(await store.dueEvents(1_000, 10)).toEqual([{ id: 'evt_1', body: '{"n":1}', attempts: 1 }]);
  });

  it('keeps its clock offset', async () => {
    const store = await make();
    expect(await store.clockOffset()).toBe(0);
    await store.setClockOffset(86_400_000);
    expect(await store.clockOffset()).toBe(86_400_000);
  });

  it('rolls back every write of a failed transaction', async () => {
    const store = await make();
    await expect(
      store.transaction(async () => {
        await store.put({ kind: 'payment', id: 'pi_1', customerId: 'cus_1', created: 1 }, { id: 'pi_1' });
        await store.queueEvent({ id: 'evt_1', created: 1, body: '{}' });
        throw new Error('declined');
      }),
    ).rejects.toThrow('declined');
    expect(await store.get('payment', 'pi_1')).toBeNull();
    expect(await store.dueEvents(10, 10)).toEqual([]);
  });
});
