import { appointmentTasks, validateResource, type Appointment } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { SqliteOrgFormStore } from '../store/forms/sqlite.js';
import { SqliteOrgStore } from '../store/orgs/sqlite.js';
import { SqliteResourceStore } from '../store/resources/sqlite.js';
import { seedDemoData } from '../demo/seed.js';
import { openMemoryDatabase } from '../store/sqlite/database.js';
import { DEMO_FORMS } from './demo.js';

describe('the demo forms (issue 28)', () => {
  it('seeds two forms, the form builder, a sent task, a signed contract and two comments, all valid, once', async () => {
    const db = openMemoryDatabase();
    await seedDemoData(db, new Date('2026-11-26T12:00:00Z'));
    const forms = await new SqliteOrgFormStore(db).list(['demo-dental']);
    expect(forms.map((f) => [f.name, f.type, f.fields.map((x) => x.type)])).toEqual([
      ['Sedation consent', 'patientContract', ['text', 'signature']],
      ['Pre-op instructions', 'textBody', []],
    ]);
    expect((await new SqliteOrgStore(db).features('demo-dental')).formBuilder).toBe(true);
    const resources = new SqliteResourceStore(db);
    const tasksOf = async (id: string) =>
      appointmentTasks((await resources.read('demo-dental', 'Appointment', id))!.resource as Appointment);
    expect(await tasksOf('apt-demo0000000001')).toEqual([expect.objectContaining({ status: 'sent' })]);
    expect(await tasksOf('apt-demo0000000002')).toEqual([
      expect.objectContaining({ status: 'completed', fhirRef: `Contract/${DEMO_FORMS.contract}` }),
    ]);
    for (const [type, id] of [
      ['Contract', DEMO_FORMS.contract],
      ['Communication', 'com-demonote00001'],
      ['Communication', 'com-demonote00002'],
      ['Appointment', 'apt-demo0000000001'],
    ] as const) {
      const stored = await resources.read('demo-dental', type, id);
      expect(stored?.resource, `${type}/${id}`).toBeTruthy();
      expect(validateResource(stored!.resource), `${type}/${id}`).toEqual([]);
    }
    // A second seed changes nothing.
    const before = (await resources.read('demo-dental', 'Appointment', 'apt-demo0000000002'))!.versionId;
    await seedDemoData(db, new Date('2026-11-27T12:00:00Z'));
    expect((await resources.read('demo-dental', 'Appointment', 'apt-demo0000000002'))!.versionId).toBe(before);
    expect(await new SqliteOrgFormStore(db).list(['demo-dental'])).toHaveLength(2);
  });
});
