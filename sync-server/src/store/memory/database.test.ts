import { describe, expect, it } from 'vitest';
import { MemoryDatabase } from './database.js';

/** A store of one counter list over a memory database, as the memory stores are built. */
function counter(db: MemoryDatabase): { add(n: number): Promise<void>; all(): Promise<number[]> } {
  const table = db.table<number[]>([]);
  return {
    add: (n) => db.run(() => void table.value.push(n)),
    all: () => db.run(() => [...table.value]),
  };
}

describe('MemoryDatabase (issue 36 item 4): one transaction over the memory stores built on it', () => {
  it('commits the writes of every store together, and a failed transaction keeps none of them', async () => {
    const db = new MemoryDatabase();
    const a = counter(db);
    const b = counter(db);
    await db.transaction(async () => {
      await a.add(1);
      await b.add(2);
    });
    await expect(
      db.transaction(async () => {
        await a.add(3);
        await b.add(4);
        throw new Error('crash before commit');
      }),
    ).rejects.toThrow('crash before commit');
    expect([await a.all(), await b.all()]).toEqual([[1], [2]]);
  });

  it('rolls a failed nested transaction back to its savepoint, and the outer one commits', async () => {
    const db = new MemoryDatabase();
    const a = counter(db);
    await db.transaction(async () => {
      await a.add(1);
      await expect(
        db.transaction(async () => {
          await a.add(2);
          throw new Error('inner');
        }),
      ).rejects.toThrow('inner');
      await a.add(3);
    });
    expect(await a.all()).toEqual([1, 3]);
  });

  it('runs a write from outside after the open transaction, so its rollback cannot erase it', async () => {
    const db = new MemoryDatabase();
    const a = counter(db);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let begun!: () => void;
    const open = new Promise<void>((r) => (begun = r));
    const failing = db.transaction(async () => {
      await a.add(1);
      begun();
      await gate;
      throw new Error('rolled back');
    });
    // The transaction has begun and holds its write: the outside write comes while it is open.
    await open;
    const outside = a.add(2);
    release();
    await expect(failing).rejects.toThrow('rolled back');
    await outside;
    expect(await a.all()).toEqual([2]);
  });
});
