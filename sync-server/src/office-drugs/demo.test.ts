import { describe, expect, it } from 'vitest';
import { DEMO_ORGS, seedDemoData } from '../demo/seed.js';
import { SqliteOfficeDrugStore } from '../store/office-drugs/sqlite.js';
import { openMemoryDatabase } from '../store/sqlite/database.js';

describe('the demo drug lists (issue 39, customize-drugs)', () => {
  it('gives the demo office its drugs first in each list and one of its own, and its parent one more', async () => {
    const db = openMemoryDatabase();
    await seedDemoData(db, new Date('2026-11-26T12:00:00Z'));
    const store = new SqliteOfficeDrugStore(db);
    const [office] = await store.lists([DEMO_ORGS.office.id]);
    expect(office!.drugs.map((d) => `${d.category}:${d.id}`)).toEqual([
      'parenteral:midazolam',
      'parenteral:fentanyl',
      'parenteral:custom-remimazolam',
      'oral:triazolam',
      'local:articaine-epi100',
      'local:lidocaine-epi100',
      'inhalation:nitrous',
      'inhalation:oxygen',
    ]);
    expect(office!.drugs.find((d) => d.custom)).toMatchObject({ name: 'Remimazolam', maximum: null });
    expect((await store.lists([DEMO_ORGS.parent.id]))[0]!.drugs.map((d) => d.name)).toEqual(['Diazepam']);
    // Seeding again keeps them.
    await seedDemoData(db, new Date('2026-11-27T12:00:00Z'));
    expect((await store.lists([DEMO_ORGS.office.id]))[0]).toEqual(office);
  });
});
