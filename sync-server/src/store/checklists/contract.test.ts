import { describe, expect, it } from 'vitest';
import { MemoryDatabase } from '../memory/database.js';
import { memoryOrgWorld, postgresOrgWorld, seedOrgs, sqliteOrgWorld, type OrgSeed } from '../orgs/seed.test-util.js';
import { runnableImplementations, testPostgresDatabase } from '../postgres/test-database.test-util.js';
import { openMemoryDatabase } from '../sqlite/database.js';
import { MemoryOrgChecklistStore } from './memory.js';
import { PostgresOrgChecklistStore } from './postgres.js';
import { SqliteOrgChecklistStore } from './sqlite.js';
import type { OrgChecklistRecord, OrgChecklistStore } from './types.js';

const ORGS: OrgSeed[] = [
  { id: 'office', fhirId: 'o1', name: 'Office', type: 'regular' },
  { id: 'elsewhere', fhirId: 'o2', name: 'Elsewhere', type: 'regular' },
];

async function sqlite(): Promise<OrgChecklistStore> {
  const db = openMemoryDatabase();
  await seedOrgs(sqliteOrgWorld(db), ORGS);
  return new SqliteOrgChecklistStore(db);
}

async function memory(): Promise<OrgChecklistStore> {
  const db = new MemoryDatabase();
  await seedOrgs(memoryOrgWorld(db), ORGS);
  return new MemoryOrgChecklistStore(db);
}

async function postgres(): Promise<OrgChecklistStore> {
  const db = await testPostgresDatabase();
  await seedOrgs(postgresOrgWorld(db), ORGS);
  return new PostgresOrgChecklistStore(db);
}

const preOp: OrgChecklistRecord = {
  orgId: 'office',
  kind: 'preOpChecklist',
  items: ['Consent signed', 'Escort present'],
  updatedBy: 'usr-1',
  updatedAt: 1000,
};

/** Every office checklists implementation. */
const implementations = await runnableImplementations<[string, () => Promise<OrgChecklistStore>]>(
  'office checklists contract',
  [
    ['memory', memory],
    ['sqlite', sqlite],
    ['postgres', postgres],
  ],
);

describe.each(implementations)('office checklists contract (%s)', (_name, make) => {
  it('answers no list for an office that never saved one', async () => {
    expect(await (await make()).list('office')).toEqual([]);
  });

  it('keeps one list per office and kind: a second put replaces the first', async () => {
    const store = await make();
    await store.put(preOp);
    const stored = await store.put({ ...preOp, items: ['Monitors applied'], updatedAt: 2000 });
    expect(stored).toEqual({ ...preOp, items: ['Monitors applied'], updatedAt: 2000 });
    expect(await store.list('office')).toEqual([stored]);
  });

  it('keeps the two kinds apart, and one office’s lists from another’s', async () => {
    const store = await make();
    await store.put(preOp);
    await store.put({ ...preOp, kind: 'optChecks', items: ['Count sponges'] });
    await store.put({ ...preOp, orgId: 'elsewhere', items: ['Other office'] });
    const lists = await store.list('office');
    expect(lists.map((l) => [l.kind, l.items])).toEqual([
      ['optChecks', ['Count sponges']],
      ['preOpChecklist', ['Consent signed', 'Escort present']],
    ]);
    expect((await store.list('elsewhere')).map((l) => l.items)).toEqual([['Other office']]);
  });

  it('answers copies: changing what it answered changes nothing stored', async () => {
    const store = await make();
    const stored = await store.put(preOp);
    stored.items.push('Tampered');
    expect((await store.list('office'))[0]!.items).toEqual(preOp.items);
  });
});
