import type { LiveCaseSummary } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { MemoryDatabase } from '../memory/database.js';
import { memoryOrgWorld, postgresOrgWorld, seedOrgs, sqliteOrgWorld, type OrgSeed } from '../orgs/seed.test-util.js';
import { runnableImplementations, testPostgresDatabase } from '../postgres/test-database.test-util.js';
import { openMemoryDatabase } from '../sqlite/database.js';
import { MemoryLiveCaseStore } from './memory.js';
import { PostgresLiveCaseStore } from './postgres.js';
import { SqliteLiveCaseStore } from './sqlite.js';
import type { LiveCaseStore } from './types.js';

const ORGS: OrgSeed[] = [
  { id: 'office', fhirId: 'o1', name: 'Office', type: 'regular' },
  { id: 'other', fhirId: 'o2', name: 'Other', type: 'regular' },
  { id: 'elsewhere', fhirId: 'o3', name: 'Elsewhere', type: 'regular' },
];

async function sqlite(): Promise<LiveCaseStore> {
  const db = openMemoryDatabase();
  await seedOrgs(sqliteOrgWorld(db), ORGS);
  return new SqliteLiveCaseStore(db);
}

async function memory(): Promise<LiveCaseStore> {
  const db = new MemoryDatabase();
  await seedOrgs(memoryOrgWorld(db), ORGS);
  return new MemoryLiveCaseStore(db);
}

async function postgres(): Promise<LiveCaseStore> {
  const db = await testPostgresDatabase();
  await seedOrgs(postgresOrgWorld(db), ORGS);
  return new PostgresLiveCaseStore(db);
}

const summary = (
  orgId: string,
  caseId: string,
  updatedAt = 1000,
  lastReadingAt: number | null = null,
): LiveCaseSummary => ({
  caseId,
  orgId,
  startedAt: 500,
  lastReadingAt,
  monitorLabel: 'Operatory 2 monitor',
  simulated: false,
  vitals: [{ type: 'hr', value: 72, time: 900 }],
  updatedAt,
});

const page = (first = 100) => ({ first, after: null });

/** Every LiveCaseStore implementation. */
const implementations = await runnableImplementations<[string, () => Promise<LiveCaseStore>]>(
  'LiveCaseStore contract',
  [
    ['memory', memory],
    ['sqlite', sqlite],
    ['postgres', postgres],
  ],
);

describe.each(implementations)('live case summaries contract (%s)', (_name, make) => {
  it('keeps one summary per case: a second put replaces the first', async () => {
    const store = await make();
    await store.put(summary('office', 'c1'));
    await store.put({ ...summary('office', 'c1', 2000), vitals: [] });
    expect(await store.list(['office'], 0, page())).toEqual([{ ...summary('office', 'c1', 2000), vitals: [] }]);
  });

  it('lists only the organisations asked for, ordered by organisation then case, a page after a cursor', async () => {
    const store = await make();
    for (const [org, id] of [
      ['other', 'b'],
      ['office', 'z'],
      ['office', 'a'],
      ['elsewhere', 'x'],
    ] as const)
      await store.put(summary(org, id));
    const all = await store.list(['office', 'other'], 0, page());
    expect(all.map((s) => `${s.orgId}/${s.caseId}`)).toEqual(['office/a', 'office/z', 'other/b']);
    const second = await store.list(['office', 'other'], 0, { first: 1, after: { orgId: 'office', caseId: 'a' } });
    expect(second.map((s) => `${s.orgId}/${s.caseId}`)).toEqual(['office/z']);
    expect(await store.list([], 0, page())).toEqual([]);
  });

  it('leaves out a summary not active since the time asked: its newest reading or its making counts', async () => {
    const store = await make();
    await store.put(summary('office', 'old', 1000));
    await store.put(summary('office', 'reading', 1000, 5000));
    await store.put(summary('office', 'made', 5000));
    expect((await store.list(['office'], 5000, page())).map((s) => s.caseId)).toEqual(['made', 'reading']);
  });

  it('removes a case’s summary once, and only that organisation’s', async () => {
    const store = await make();
    await store.put(summary('office', 'c1'));
    await store.put(summary('other', 'c1'));
    expect(await store.remove('office', 'c1')).toBe(true);
    expect(await store.remove('office', 'c1')).toBe(false);
    expect((await store.list(['office', 'other'], 0, page())).map((s) => s.orgId)).toEqual(['other']);
  });
});
