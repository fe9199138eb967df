import { validateResource, type Composition } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { SqliteResourceStore } from '../store/resources/sqlite.js';
import { seedDemoData } from '../demo/seed.js';
import { openMemoryDatabase } from '../store/sqlite/database.js';

describe('the demo health histories (issue 29)', () => {
  it('seeds an adult with hypertension, height and weight, so the L.A. tracker shows the ideal weight and the cardiac limit', async () => {
    const db = openMemoryDatabase();
    await seedDemoData(db, new Date('2026-11-26T12:00:00Z'));
    const stored = await new SqliteResourceStore(db).read('demo-dental', 'Composition', 'cmp-demohhx0000005');
    const composition = stored?.resource as Composition | undefined;
    expect(composition?.subject?.reference).toBe('Patient/pat-demo0000000010');
    expect(validateResource(composition!)).toEqual([]);
    const patient = await new SqliteResourceStore(db).read('demo-dental', 'Patient', 'pat-demo0000000010');
    expect(patient?.resource).toMatchObject({ gender: 'male' });
  });
});
