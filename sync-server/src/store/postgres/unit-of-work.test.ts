import { afterEach, describe, expect, it } from 'vitest';
import { PostgresAttemptStore } from '../attempts/postgres.js';
import type { AttemptRequest } from '../attempts/types.js';
import { PostgresAuditStore } from '../audit/postgres.js';
import type { AuditRecord } from '../audit/types.js';
import { freshPostgres, runnableImplementations } from './test-database.test-util.js';
import { detachedFromPostgres, PostgresDatabase } from './unit-of-work.js';

/*
 * The unit of work on PostgreSQL (issue 43): the promises of store/unit-of-work.ts that hold on
 * PostgreSQL, over two stores of one database (the audit trail and the rate-limit places). Where
 * SQLite queues concurrent units behind one another, PostgreSQL runs them side by side, each on
 * its own client, and keeps them apart: the last tests say so.
 */

const drops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const drop of drops.splice(0)) await drop();
});

const suites = await runnableImplementations('PostgreSQL unit of work', [['postgres'] as const]);

const T0 = 10_000_000;
const failure = (email: string): AuditRecord => ({
  at: T0,
  userId: null,
  email,
  action: 'signInFailed',
  outcome: 'failure',
  ip: null,
  userAgent: null,
  detail: null,
});
const reservation = (key: string): AttemptRequest => ({
  action: 'signInFailed',
  since: 0,
  now: T0,
  ttlMs: 60_000,
  limits: [{ key, by: { email: key }, limit: 5 }],
});

async function fixture(): Promise<{
  db: PostgresDatabase;
  audit: PostgresAuditStore;
  places: PostgresAttemptStore;
  failures: (email: string) => Promise<number>;
}> {
  const database = await freshPostgres();
  drops.push(database.drop);
  const db = new PostgresDatabase(database.open());
  const audit = new PostgresAuditStore(db);
  return {
    db,
    audit,
    places: new PostgresAttemptStore(db),
    // Read outside any unit: what is committed.
    failures: (email) => detachedFromPostgres(() => audit.count('signInFailed', 0, { email })),
  };
}

class Refused extends Error {}

// Skipped (its reason printed) where PostgreSQL is not running: a file without a suite would fail.
describe.skipIf(suites.length === 0)('PostgreSQL unit of work (postgres)', () => {
  it("commits every store's writes when the unit resolves, and answers its value", async () => {
    const f = await fixture();
    const answer = await f.db.transaction(async () => {
      await f.audit.append(failure('a@x.test'));
      expect(await f.places.reserve(reservation('k'))).not.toBeNull();
      return 'done';
    });
    expect(answer).toBe('done');
    expect(await f.failures('a@x.test')).toBe(1);
    expect(await f.places.held('k', T0)).toBe(1);
  });

  it("rolls back every store's writes when the unit rejects, and rejects with its error", async () => {
    const f = await fixture();
    await expect(
      f.db.transaction(async () => {
        await f.audit.append(failure('a@x.test'));
        await f.places.reserve(reservation('k'));
        // Inside the unit its own writes are seen.
        expect(await f.audit.count('signInFailed', 0, { email: 'a@x.test' })).toBe(1);
        throw new Refused('no');
      }),
    ).rejects.toThrow(Refused);
    expect(await f.failures('a@x.test')).toBe(0);
    expect(await f.places.held('k', T0)).toBe(0);
  });

  it('joins a nested unit to the running one, and undoes only its own writes when it rejects', async () => {
    const f = await fixture();
    await f.db.transaction(async () => {
      await f.audit.append(failure('outer@x.test'));
      await f.db.transaction(() => f.audit.append(failure('kept@x.test')));
      await expect(
        f.db.transaction(async () => {
          await f.audit.append(failure('undone@x.test'));
          throw new Refused('inner fails');
        }),
      ).rejects.toThrow('inner fails');
      // Nothing is committed before the outer unit resolves.
      expect(await f.failures('kept@x.test')).toBe(0);
    });
    expect(await f.failures('outer@x.test')).toBe(1);
    expect(await f.failures('kept@x.test')).toBe(1);
    expect(await f.failures('undone@x.test')).toBe(0);
  });

  it('rolls a nested unit back with the outer one', async () => {
    const f = await fixture();
    await expect(
      f.db.transaction(async () => {
        await f.db.transaction(() => f.audit.append(failure('inner@x.test')));
        throw new Refused('outer fails');
      }),
    ).rejects.toThrow('outer fails');
    expect(await f.failures('inner@x.test')).toBe(0);
  });

  it('keeps a statement from elsewhere out of a running unit: it commits on its own and survives the rollback', async () => {
    const f = await fixture();
    let outsideDone!: () => void;
    const outside = new Promise<void>((resolve) => (outsideDone = resolve));
    const unit = f.db.transaction(async () => {
      await f.audit.append(failure('inside@x.test'));
      // Another request's write, started from outside this unit's context while it is open.
      detachedFromPostgres(() => void f.audit.append(failure('outside@x.test')).then(outsideDone));
      await outside;
      // Committed already, while this unit is still open; this unit's own write is not.
      expect(await f.failures('outside@x.test')).toBe(1);
      expect(await f.failures('inside@x.test')).toBe(0);
      throw new Refused('rolled back');
    });
    await expect(unit).rejects.toThrow(Refused);
    expect(await f.failures('outside@x.test')).toBe(1);
    expect(await f.failures('inside@x.test')).toBe(0);
  });

  it('runs two concurrent units side by side, each unseen by the other until it commits', async () => {
    const f = await fixture();
    let firstWrote!: () => void;
    const wrote = new Promise<void>((resolve) => (firstWrote = resolve));
    let letFirstEnd!: () => void;
    const firstMayEnd = new Promise<void>((resolve) => (letFirstEnd = resolve));
    const first = f.db.transaction(async () => {
      await f.audit.append(failure('a@x.test'));
      firstWrote();
      await firstMayEnd;
    });
    await wrote;
    // The second begins while the first is open (no queue) and does not see its write.
    const seenBefore = await f.db.transaction(() => f.audit.count('signInFailed', 0, { email: 'a@x.test' }));
    expect(seenBefore).toBe(0);
    letFirstEnd();
    await first;
    expect(await f.db.transaction(() => f.audit.count('signInFailed', 0, { email: 'a@x.test' }))).toBe(1);
  });

  it('runs what waits for the commit after it, and never after a rollback', async () => {
    const f = await fixture();
    const heard: string[] = [];
    await f.db.transaction(async () => {
      await f.audit.append(failure('a@x.test'));
      await f.db.transaction(async () => {
        await f.audit.append(failure('nested@x.test'));
        f.db.afterCommit(() => heard.push('nested, committed'));
      });
      f.db.afterCommit(() => heard.push('committed'));
      expect(heard).toEqual([]);
    });
    await expect(
      f.db.transaction(async () => {
        await f.audit.append(failure('b@x.test'));
        f.db.afterCommit(() => heard.push('rolled back'));
        throw new Refused('no');
      }),
    ).rejects.toThrow(Refused);
    f.db.afterCommit(() => heard.push('outside'));
    expect(heard).toEqual(['nested, committed', 'committed', 'outside']);
  });
});
