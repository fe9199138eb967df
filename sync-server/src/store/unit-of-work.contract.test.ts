import { describe, expect, it } from 'vitest';
import { MemoryAuditStore } from './audit/memory.js';
import { SqliteAuditStore } from './audit/sqlite.js';
import type { AuditRecord, AuditStore } from './audit/types.js';
import { MemoryDatabase } from './memory/database.js';
import { MemoryPolicyStore } from './policies/memory.js';
import { SqlitePolicyStore } from './policies/sqlite.js';
import type { PolicyRecord, PolicyStore } from './policies/types.js';
import { seedOrgs, sqliteOrgWorld } from './orgs/seed.test-util.js';
import { openMemoryDatabase } from './sqlite/database.js';
import type { UnitOfWork } from './unit-of-work.js';
import { sqliteUnitOfWork } from './unit-of-work-sqlite.js';

/** A unit of work and two stores on its database. */
interface Fixture {
  unit: UnitOfWork;
  audit: AuditStore;
  policies: PolicyStore;
}

/** Every UnitOfWork implementation, each with two stores sharing its database; a PostgreSQL one joins this list. */
const implementations: [string, () => Promise<Fixture>][] = [
  [
    'memory',
    () => {
      const db = new MemoryDatabase();
      return Promise.resolve({ unit: db, audit: new MemoryAuditStore(db), policies: new MemoryPolicyStore(db) });
    },
  ],
  [
    'sqlite',
    async () => {
      const db = openMemoryDatabase();
      // The policies' organisation, made through the organisation store (no SQL fixture).
      await seedOrgs(sqliteOrgWorld(db), [{ id: 'office', fhirId: 'o1', name: 'Office', type: 'regular' }]);
      return { unit: sqliteUnitOfWork(db), audit: new SqliteAuditStore(db), policies: new SqlitePolicyStore(db) };
    },
  ],
];

const failure = (email: string, at = 1000): AuditRecord => ({
  at,
  userId: null,
  email,
  action: 'signInFailed',
  outcome: 'failure',
  ip: null,
  userAgent: null,
  detail: null,
});
const policy = (id: string, ruleType: string): PolicyRecord => ({
  id,
  orgId: 'office',
  ruleSubject: 'anesthesiaRecord',
  ruleType,
  ruleValue: 'block',
  relevantSedationLevels: ['moderate'],
  updatedBy: 'usr-1',
  updatedAt: 1000,
});
const failures = (f: Fixture, email: string): Promise<number> => f.audit.count('signInFailed', 0, { email });
const policyIds = async (f: Fixture): Promise<string[]> =>
  (await f.policies.list(['office'], 'anesthesiaRecord')).map((p) => p.id);

describe.each(implementations)('UnitOfWork contract (%s)', (_, make) => {
  it('commits the writes of every store on its database when the unit resolves', async () => {
    const f = await make();
    const answer = await f.unit.transaction(async () => {
      await f.audit.append(failure('a@x.test'));
      await f.policies.upsert(policy('pol-1', 'SO1'));
      return 'done';
    });
    expect(answer).toBe('done');
    expect(await failures(f, 'a@x.test')).toBe(1);
    expect(await policyIds(f)).toEqual(['pol-1']);
  });

  it('rolls back the writes of every store when the unit rejects, and rejects with its error', async () => {
    const f = await make();
    await f.policies.upsert(policy('pol-0', 'SO0'));
    await expect(
      f.unit.transaction(async () => {
        await f.audit.append(failure('a@x.test'));
        await f.policies.upsert(policy('pol-1', 'SO1'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await failures(f, 'a@x.test')).toBe(0);
    // What was committed before the unit stays.
    expect(await policyIds(f)).toEqual(['pol-0']);
  });

  it('joins a nested unit to the running one: it commits with the outer unit and rolls back with it', async () => {
    const f = await make();
    await expect(
      f.unit.transaction(async () => {
        await f.unit.transaction(() => f.audit.append(failure('inner@x.test')));
        // Joined, not queued behind the outer unit (which would never end): the write is seen here.
        expect(await failures(f, 'inner@x.test')).toBe(1);
        throw new Error('outer fails');
      }),
    ).rejects.toThrow('outer fails');
    expect(await failures(f, 'inner@x.test')).toBe(0);

    await f.unit.transaction(async () => {
      await f.unit.transaction(() => f.audit.append(failure('inner@x.test')));
    });
    expect(await failures(f, 'inner@x.test')).toBe(1);
  });

  it('undoes only a nested unit’s own writes when it rejects and the outer unit goes on', async () => {
    const f = await make();
    await f.unit.transaction(async () => {
      await f.audit.append(failure('outer@x.test'));
      await expect(
        f.unit.transaction(async () => {
          await f.policies.upsert(policy('pol-inner', 'SO1'));
          throw new Error('inner fails');
        }),
      ).rejects.toThrow('inner fails');
    });
    expect(await failures(f, 'outer@x.test')).toBe(1);
    expect(await policyIds(f)).toEqual([]);
  });

  it('serialises two concurrent units: the second starts after the first committed, never in between', async () => {
    const f = await make();
    const steps: string[] = [];
    let firstEntered!: () => void;
    const entered = new Promise<void>((resolve) => (firstEntered = resolve));
    let letFirstEnd!: () => void;
    const firstMayEnd = new Promise<void>((resolve) => (letFirstEnd = resolve));
    const first = f.unit.transaction(async () => {
      steps.push('first begins');
      firstEntered();
      await f.audit.append(failure('a@x.test'));
      await firstMayEnd;
      steps.push('first ends');
    });
    await entered;
    const second = f.unit.transaction(async () => {
      steps.push('second begins');
      // It reads what the first committed: the count check and the write are one step.
      const seen = await failures(f, 'a@x.test');
      await f.audit.append(failure('a@x.test'));
      return seen;
    });
    // A few turns of the event loop (no timer): an implementation that did not queue the second
    // unit would have begun it by now.
    for (let turn = 0; turn < 3; turn += 1) await new Promise<void>((resolve) => setImmediate(resolve));
    expect(steps).toEqual(['first begins']);
    letFirstEnd();
    await first;
    expect(await second).toBe(1);
    expect(steps).toEqual(['first begins', 'first ends', 'second begins']);
    expect(await failures(f, 'a@x.test')).toBe(2);
  });
});
