import { describe, expect, it } from 'vitest';
import { MemoryDatabase } from '../memory/database.js';
import { memoryOrgWorld, postgresOrgWorld, seedOrgs, sqliteOrgWorld, type OrgSeed } from '../orgs/seed.test-util.js';
import { runnableImplementations, testPostgresDatabase } from '../postgres/test-database.test-util.js';
import { openMemoryDatabase } from '../sqlite/database.js';
import { MemoryPreopSettingsStore } from './memory.js';
import { PostgresPreopSettingsStore } from './postgres.js';
import { SqlitePreopSettingsStore } from './sqlite.js';
import type { PreopSettingsStore } from './types.js';

const ORGS: OrgSeed[] = [
  { id: 'office', fhirId: 'o1', name: 'Office', type: 'regular' },
  { id: 'elsewhere', fhirId: 'o2', name: 'Elsewhere', type: 'regular' },
];

async function sqlite(): Promise<PreopSettingsStore> {
  const db = openMemoryDatabase();
  await seedOrgs(sqliteOrgWorld(db), ORGS);
  return new SqlitePreopSettingsStore(db);
}

async function memory(): Promise<PreopSettingsStore> {
  const db = new MemoryDatabase();
  await seedOrgs(memoryOrgWorld(db), ORGS);
  return new MemoryPreopSettingsStore(db);
}

async function postgres(): Promise<PreopSettingsStore> {
  const db = await testPostgresDatabase();
  await seedOrgs(postgresOrgWorld(db), ORGS);
  return new PostgresPreopSettingsStore(db);
}

/** Every office pre-op settings implementation. */
const implementations = await runnableImplementations<[string, () => Promise<PreopSettingsStore>]>(
  'office pre-op settings contract',
  [
    ['memory', memory],
    ['sqlite', sqlite],
    ['postgres', postgres],
  ],
);

describe.each(implementations)('office pre-op settings contract (%s)', (_name, make) => {
  it('answers null for an office that never saved settings', async () => {
    expect(await (await make()).get('office')).toBeNull();
  });

  it('keeps one record per office: a second put replaces the first, other offices untouched', async () => {
    const store = await make();
    await store.put({ orgId: 'office', reviewDays: 14, updatedBy: 'usr-1', updatedAt: 1000 });
    const stored = await store.put({ orgId: 'office', reviewDays: 7, updatedBy: 'usr-2', updatedAt: 2000 });
    expect(stored).toEqual({ orgId: 'office', reviewDays: 7, updatedBy: 'usr-2', updatedAt: 2000 });
    expect(await store.get('office')).toEqual(stored);
    expect(await store.get('elsewhere')).toBeNull();
  });
});
