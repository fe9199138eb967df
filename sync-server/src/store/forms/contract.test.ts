import { describe, expect, it } from 'vitest';
import { MemoryDatabase } from '../memory/database.js';
import { memoryOrgWorld, postgresOrgWorld, seedOrgs, sqliteOrgWorld, type OrgSeed } from '../orgs/seed.test-util.js';
import { runnableImplementations, testPostgresDatabase } from '../postgres/test-database.test-util.js';
import { openMemoryDatabase } from '../sqlite/database.js';
import { MemoryOrgFormStore } from './memory.js';
import { PostgresOrgFormStore } from './postgres.js';
import { SqliteOrgFormStore } from './sqlite.js';
import type { OrgFormContent, OrgFormStore } from './types.js';

/** The organisations the forms belong to, made through the organisation store. */
const ORGS: OrgSeed[] = [
  { id: 'office', fhirId: 'o1', name: 'Office', type: 'regular' },
  { id: 'group', fhirId: 'o2', name: 'Group', type: 'parent' },
];

async function sqlite(): Promise<OrgFormStore> {
  const db = openMemoryDatabase();
  await seedOrgs(sqliteOrgWorld(db), ORGS);
  return new SqliteOrgFormStore(db);
}

async function memory(): Promise<OrgFormStore> {
  const db = new MemoryDatabase();
  await seedOrgs(memoryOrgWorld(db), ORGS);
  return new MemoryOrgFormStore(db);
}

async function postgres(): Promise<OrgFormStore> {
  const db = await testPostgresDatabase();
  await seedOrgs(postgresOrgWorld(db), ORGS);
  return new PostgresOrgFormStore(db);
}

const content: OrgFormContent = {
  type: 'patientContract',
  name: 'Consent',
  markdown: '# Consent',
  challenge: true,
  addToAll: false,
  fields: [{ name: 'signature', label: 'Signature', type: 'signature', required: true }],
};

/** Every OrgFormStore implementation. */
const implementations = await runnableImplementations<[string, () => Promise<OrgFormStore>]>('OrgFormStore contract', [
  ['memory', memory],
  ['sqlite', sqlite],
  ['postgres', postgres],
]);

describe.each(implementations)('OrgFormStore contract (%s)', (_, make) => {
  it('creates, lists by organisation oldest first, and reads one form back as written', async () => {
    const forms = await make();
    await forms.create({ id: 'frm-a', orgId: 'office', createdBy: 'usr-1', at: 1000, ...content });
    await forms.create({ id: 'frm-b', orgId: 'group', createdBy: null, at: 2000, ...content, name: 'Pre-op' });
    await forms.create({ id: 'frm-c', orgId: 'office', createdBy: null, at: 3000, ...content, name: 'Later' });
    expect((await forms.list(['office'])).map((f) => f.id)).toEqual(['frm-a', 'frm-c']);
    expect((await forms.list(['office', 'group'])).map((f) => f.id)).toEqual(['frm-a', 'frm-b', 'frm-c']);
    expect(await forms.list([])).toEqual([]);
    expect(await forms.get('office', 'frm-a')).toEqual({
      id: 'frm-a',
      orgId: 'office',
      ...content,
      createdBy: 'usr-1',
      createdAt: 1000,
      updatedAt: 1000,
      deletedAt: null,
    });
    // A form is found only under its own organisation.
    expect(await forms.get('group', 'frm-a')).toBeNull();
  });

  it('updates only its own organisation’s forms that are not deleted', async () => {
    const forms = await make();
    await forms.create({ id: 'frm-a', orgId: 'office', createdBy: null, at: 1000, ...content });
    const changed = { ...content, type: 'textBody' as const, name: 'Renamed', fields: [], addToAll: true };
    expect(await forms.update('group', 'frm-a', changed, 2000)).toBe(false);
    expect(await forms.update('office', 'frm-a', changed, 2000)).toBe(true);
    expect(await forms.get('office', 'frm-a')).toMatchObject({ ...changed, updatedAt: 2000, createdAt: 1000 });
    expect(await forms.delete('office', 'frm-a', 3000)).toBe(true);
    expect(await forms.update('office', 'frm-a', content, 4000)).toBe(false);
  });

  it('deletes by marking: no longer listed, still readable for tasks sent before, not deleted twice', async () => {
    const forms = await make();
    await forms.create({ id: 'frm-a', orgId: 'office', createdBy: null, at: 1000, ...content });
    expect(await forms.delete('group', 'frm-a', 2000)).toBe(false);
    expect(await forms.delete('office', 'frm-a', 2000)).toBe(true);
    expect(await forms.delete('office', 'frm-a', 2500)).toBe(false);
    expect(await forms.list(['office'])).toEqual([]);
    expect(await forms.get('office', 'frm-a')).toMatchObject({ name: 'Consent', deletedAt: 2000 });
  });

  it('refuses a second form under an id another organisation holds, and changes nothing', async () => {
    const forms = await make();
    await forms.create({ id: 'frm-a', orgId: 'office', createdBy: null, at: 1000, ...content });
    await expect(
      forms.create({ id: 'frm-a', orgId: 'group', createdBy: null, at: 2000, ...content }),
    ).rejects.toThrow();
    expect(await forms.get('group', 'frm-a')).toBeNull();
    expect(await forms.list(['office', 'group'])).toHaveLength(1);
  });

  it('hands out copies and keeps none of the caller’s objects', async () => {
    const forms = await make();
    const fields = structuredClone(content.fields);
    await forms.create({ id: 'frm-a', orgId: 'office', createdBy: null, at: 1000, ...content, fields });
    fields[0]!.label = 'Changed by the caller';
    const [listed] = await forms.list(['office']);
    listed!.fields.length = 0;
    listed!.name = 'Changed';
    const read = await forms.get('office', 'frm-a');
    read!.fields.push({ name: 'x', label: 'X', type: 'text', required: false });
    expect(await forms.get('office', 'frm-a')).toMatchObject({ name: 'Consent', fields: content.fields });
  });
});
