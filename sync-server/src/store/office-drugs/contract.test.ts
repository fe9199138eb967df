import type { OfficeDrug } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { MemoryDatabase } from '../memory/database.js';
import { memoryOrgWorld, postgresOrgWorld, seedOrgs, sqliteOrgWorld, type OrgSeed } from '../orgs/seed.test-util.js';
import { runnableImplementations, testPostgresDatabase } from '../postgres/test-database.test-util.js';
import { openMemoryDatabase } from '../sqlite/database.js';
import { MemoryOfficeDrugStore } from './memory.js';
import { PostgresOfficeDrugStore } from './postgres.js';
import { SqliteOfficeDrugStore } from './sqlite.js';
import type { OfficeDrugListRecord, OfficeDrugStore } from './types.js';

const ORGS: OrgSeed[] = [
  { id: 'office', fhirId: 'o1', name: 'Office', type: 'regular' },
  { id: 'group', fhirId: 'o2', name: 'Group', type: 'parent' },
];

async function sqlite(): Promise<OfficeDrugStore> {
  const db = openMemoryDatabase();
  await seedOrgs(sqliteOrgWorld(db), ORGS);
  return new SqliteOfficeDrugStore(db);
}

async function memory(): Promise<OfficeDrugStore> {
  const db = new MemoryDatabase();
  await seedOrgs(memoryOrgWorld(db), ORGS);
  return new MemoryOfficeDrugStore(db);
}

async function postgres(): Promise<OfficeDrugStore> {
  const db = await testPostgresDatabase();
  await seedOrgs(postgresOrgWorld(db), ORGS);
  return new PostgresOfficeDrugStore(db);
}

const triazolam: OfficeDrug = {
  id: 'triazolam',
  category: 'oral',
  name: 'Triazolam',
  custom: false,
  unit: 'mg',
  routes: ['SL'],
  commonDoses: [0.25],
  maximum: null,
};
const list: OfficeDrugListRecord = { orgId: 'office', drugs: [triazolam], updatedBy: 'usr-1', updatedAt: 1000 };

/** Every office drug lists implementation. */
const implementations = await runnableImplementations<[string, () => Promise<OfficeDrugStore>]>(
  'office drug lists contract',
  [
    ['memory', memory],
    ['sqlite', sqlite],
    ['postgres', postgres],
  ],
);

describe.each(implementations)('office drug lists contract (%s)', (_name, make) => {
  it('answers no list for an office that never saved one', async () => {
    expect(await (await make()).lists(['office'])).toEqual([]);
  });

  it('keeps one list per office: a second put replaces the first', async () => {
    const store = await make();
    await store.put(list);
    const stored = await store.put({ ...list, drugs: [], updatedAt: 2000 });
    expect(stored).toEqual({ ...list, drugs: [], updatedAt: 2000 });
    expect(await store.lists(['office'])).toEqual([stored]);
  });

  it('answers the lists of the organisations asked, in the order asked', async () => {
    const store = await make();
    await store.put(list);
    await store.put({ ...list, orgId: 'group', drugs: [{ ...triazolam, commonDoses: [0.125] }] });
    expect((await store.lists(['group', 'office'])).map((l) => l.orgId)).toEqual(['group', 'office']);
    expect((await store.lists(['group']))[0]!.drugs[0]!.commonDoses).toEqual([0.125]);
  });

  it('answers copies: changing what it answered changes nothing stored', async () => {
    const store = await make();
    const stored = await store.put(list);
    stored.drugs.pop();
    expect((await store.lists(['office']))[0]!.drugs).toEqual([triazolam]);
  });
});
