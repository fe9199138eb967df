import { describe, expect, it } from 'vitest';
import { MemoryDatabase } from '../memory/database.js';
import { memoryOrgWorld, postgresOrgWorld, seedOrgs, sqliteOrgWorld, type OrgSeed } from '../orgs/seed.test-util.js';
import { runnableImplementations, testPostgresDatabase } from '../postgres/test-database.test-util.js';
import { openMemoryDatabase } from '../sqlite/database.js';
import { MemoryPresetStore } from './memory.js';
import { PostgresPresetStore } from './postgres.js';
import { SqlitePresetStore } from './sqlite.js';
import type { PresetRecord, PresetStore } from './types.js';

/** The organisations the presets belong to, made through the organisation store. */
const ORGS: OrgSeed[] = [
  { id: 'office', fhirId: 'o1', name: 'Office', type: 'regular' },
  { id: 'group', fhirId: 'o2', name: 'Group', type: 'parent' },
];

async function sqlite(): Promise<PresetStore> {
  const db = openMemoryDatabase();
  await seedOrgs(sqliteOrgWorld(db), ORGS);
  return new SqlitePresetStore(db);
}

async function memory(): Promise<PresetStore> {
  const db = new MemoryDatabase();
  await seedOrgs(memoryOrgWorld(db), ORGS);
  return new MemoryPresetStore(db);
}

async function postgres(): Promise<PresetStore> {
  const db = await testPostgresDatabase();
  await seedOrgs(postgresOrgWorld(db), ORGS);
  return new PostgresPresetStore(db);
}

const base: PresetRecord = {
  id: 'pre-a',
  orgId: 'office',
  name: 'Moderate extraction',
  ownerKind: 'user',
  ownerUserId: 'usr-1',
  macro: { values: { sedationLevel: 'moderate' }, parenDrugs: [{ name: 'Midazolam', dose: 2 }] },
  createdBy: 'usr-1',
  createdAt: 1000,
  updatedAt: 1000,
};

/** Every PresetStore implementation. */
const implementations = await runnableImplementations<[string, () => Promise<PresetStore>]>('PresetStore contract', [
  ['memory', memory],
  ['sqlite', sqlite],
  ['postgres', postgres],
]);

describe.each(implementations)('PresetStore contract (%s)', (_, make) => {
  it('writes a preset and reads it back under its own organisation only', async () => {
    const store = await make();
    expect(await store.create(base)).toEqual(base);
    expect(await store.get('office', 'pre-a')).toEqual(base);
    expect(await store.get('group', 'pre-a')).toBeNull();
    expect(await store.list(['office'])).toEqual([base]);
    expect(await store.list(['group'])).toEqual([]);
    expect(await store.list([])).toEqual([]);
  });

  it('lists in the order of the organisations given, then by name', async () => {
    const store = await make();
    await store.create({ ...base, id: 'g1', orgId: 'group', name: 'A', ownerKind: 'org', ownerUserId: null });
    await store.create({ ...base, id: 'o2', name: 'Zeta' });
    await store.create({ ...base, id: 'o1', name: 'Alpha', ownerKind: 'demo', ownerUserId: null });
    expect((await store.list(['office', 'group'])).map((p) => p.id)).toEqual(['o1', 'o2', 'g1']);
    expect((await store.list(['group', 'office'])).map((p) => p.id)).toEqual(['g1', 'o1', 'o2']);
  });

  it('changes the name and macro of one of its own presets only, keeping its owner', async () => {
    const store = await make();
    await store.create(base);
    const change = { name: 'Renamed', macro: { values: {} }, updatedAt: 2000 };
    expect(await store.update('group', 'pre-a', change)).toBeNull();
    expect(await store.update('office', 'nope', change)).toBeNull();
    const updated = { ...base, ...change };
    expect(await store.update('office', 'pre-a', change)).toEqual(updated);
    expect(await store.get('office', 'pre-a')).toEqual(updated);
  });

  it('gives a preset another owner, in its own organisation only, and refuses a user preset without its user', async () => {
    const store = await make();
    await store.create(base);
    const office = { ownerKind: 'org' as const, ownerUserId: null };
    expect(await store.setOwner('group', 'pre-a', office, 2000)).toBeNull();
    expect(await store.setOwner('office', 'pre-a', office, 2000)).toEqual({ ...base, ...office, updatedAt: 2000 });
    await expect(store.setOwner('office', 'pre-a', { ownerKind: 'user', ownerUserId: null }, 3000)).rejects.toThrow();
    expect(await store.get('office', 'pre-a')).toEqual({ ...base, ...office, updatedAt: 2000 });
    const other = { ownerKind: 'user' as const, ownerUserId: 'usr-2' };
    expect(await store.setOwner('office', 'pre-a', other, 4000)).toEqual({ ...base, ...other, updatedAt: 4000 });
  });

  it('deletes only its own organisation’s preset', async () => {
    const store = await make();
    await store.create(base);
    expect(await store.delete('group', 'pre-a')).toBe(false);
    expect(await store.delete('office', 'pre-a')).toBe(true);
    expect(await store.delete('office', 'pre-a')).toBe(false);
    expect(await store.list(['office'])).toEqual([]);
  });

  it('refuses an id already used and a user preset without its user, and changes nothing', async () => {
    const store = await make();
    await store.create(base);
    await expect(store.create({ ...base, name: 'Other' })).rejects.toThrow();
    await expect(store.create({ ...base, id: 'pre-b', ownerUserId: null })).rejects.toThrow();
    await expect(store.create({ ...base, id: 'pre-c', ownerKind: 'org' })).rejects.toThrow();
    expect(await store.list(['office'])).toEqual([base]);
  });

  it('hands out copies: changing a written or listed preset changes nothing stored', async () => {
    const store = await make();
    const input = structuredClone(base);
    const written = await store.create(input);
    (input.macro.values as Record<string, unknown>).sedationLevel = 'ga';
    written.name = 'x';
    const [listed] = await store.list(['office']);
    listed!.macro.values = null;
    expect(await store.get('office', 'pre-a')).toEqual(base);
  });
});
