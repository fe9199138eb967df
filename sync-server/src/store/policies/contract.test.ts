import { describe, expect, it } from 'vitest';
import { MemoryDatabase } from '../memory/database.js';
import { memoryOrgWorld, postgresOrgWorld, seedOrgs, sqliteOrgWorld, type OrgSeed } from '../orgs/seed.test-util.js';
import { runnableImplementations, testPostgresDatabase } from '../postgres/test-database.test-util.js';
import { openMemoryDatabase } from '../sqlite/database.js';
import { MemoryPolicyStore } from './memory.js';
import { PostgresPolicyStore } from './postgres.js';
import { SqlitePolicyStore } from './sqlite.js';
import type { PolicyRecord, PolicyStore } from './types.js';

/** The organisations the policies belong to, made through the organisation store. */
const ORGS: OrgSeed[] = [
  { id: 'office', fhirId: 'o1', name: 'Office', type: 'regular' },
  { id: 'group', fhirId: 'o2', name: 'Group', type: 'parent' },
];

async function sqlite(): Promise<PolicyStore> {
  const db = openMemoryDatabase();
  await seedOrgs(sqliteOrgWorld(db), ORGS);
  return new SqlitePolicyStore(db);
}

async function memory(): Promise<PolicyStore> {
  const db = new MemoryDatabase();
  await seedOrgs(memoryOrgWorld(db), ORGS);
  return new MemoryPolicyStore(db);
}

async function postgres(): Promise<PolicyStore> {
  const db = await testPostgresDatabase();
  await seedOrgs(postgresOrgWorld(db), ORGS);
  return new PostgresPolicyStore(db);
}

const base: PolicyRecord = {
  id: 'pol-a',
  orgId: 'office',
  ruleSubject: 'anesthesiaRecord',
  ruleType: 'SO1',
  ruleValue: 'block',
  relevantSedationLevels: ['moderate', 'deep'],
  updatedBy: 'usr-1',
  updatedAt: 1000,
};

/** Every PolicyStore implementation. */
const implementations = await runnableImplementations<[string, () => Promise<PolicyStore>]>('PolicyStore contract', [
  ['memory', memory],
  ['sqlite', sqlite],
  ['postgres', postgres],
]);

describe.each(implementations)('PolicyStore contract (%s)', (_, make) => {
  it('writes a policy and reads it back under its own organisation only', async () => {
    const store = await make();
    expect(await store.upsert(base)).toEqual(base);
    expect(await store.list(['office'], 'anesthesiaRecord')).toEqual([base]);
    expect(await store.list(['group'], 'anesthesiaRecord')).toEqual([]);
    expect(await store.list([], 'anesthesiaRecord')).toEqual([]);
  });

  it('keeps one policy per organisation and rule: a second write replaces it and keeps its id', async () => {
    const store = await make();
    await store.upsert(base);
    const again = await store.upsert({
      ...base,
      id: 'pol-b',
      ruleValue: 'warn',
      relevantSedationLevels: [],
      updatedAt: 2000,
    });
    expect(again).toEqual({ ...base, ruleValue: 'warn', relevantSedationLevels: [], updatedAt: 2000 });
    // The same rule in another organisation is its own policy.
    await store.upsert({ ...base, id: 'pol-c', orgId: 'group', updatedAt: 3000 });
    expect((await store.list(['office', 'group'], 'anesthesiaRecord')).map((p) => [p.id, p.orgId])).toEqual([
      ['pol-a', 'office'],
      ['pol-c', 'group'],
    ]);
  });

  it('lists in the order of the organisations given, then oldest first', async () => {
    const store = await make();
    await store.upsert({ ...base, id: 'g1', orgId: 'group', ruleType: 'SO2', updatedAt: 1 });
    await store.upsert({ ...base, id: 'o2', ruleType: 'SO3', updatedAt: 3 });
    await store.upsert({ ...base, id: 'o1', ruleType: 'SO4', updatedAt: 2 });
    expect((await store.list(['office', 'group'], 'anesthesiaRecord')).map((p) => p.id)).toEqual(['o1', 'o2', 'g1']);
    expect((await store.list(['group', 'office'], 'anesthesiaRecord')).map((p) => p.id)).toEqual(['g1', 'o1', 'o2']);
  });

  it('deletes only its own organisation’s policy', async () => {
    const store = await make();
    await store.upsert(base);
    expect(await store.delete('group', 'pol-a')).toBe(false);
    expect(await store.delete('office', 'pol-a')).toBe(true);
    expect(await store.delete('office', 'pol-a')).toBe(false);
    expect(await store.list(['office'], 'anesthesiaRecord')).toEqual([]);
  });

  it('hands out copies: changing a written or listed policy changes nothing stored', async () => {
    const store = await make();
    const input = structuredClone(base);
    const written = await store.upsert(input);
    input.relevantSedationLevels.push('minimal');
    written.relevantSedationLevels.push('ga');
    written.ruleValue = 'off';
    const [listed] = await store.list(['office'], 'anesthesiaRecord');
    listed!.relevantSedationLevels.length = 0;
    expect(await store.list(['office'], 'anesthesiaRecord')).toEqual([base]);
  });

  it('refuses a new policy under an id another rule already holds, and changes nothing', async () => {
    const store = await make();
    await store.upsert(base);
    await expect(store.upsert({ ...base, ruleType: 'SO2', ruleValue: 'warn' })).rejects.toThrow();
    expect(await store.list(['office'], 'anesthesiaRecord')).toEqual([base]);
  });
});
