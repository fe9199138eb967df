import { describe, expect, it } from 'vitest';
import { SqlitePresetStore } from '../store/presets/sqlite.js';
import { DEMO_ORGS, DEMO_USER, seedDemoData } from '../demo/seed.js';
import { openMemoryDatabase } from '../store/sqlite/database.js';

describe('the demo presets (issue 39)', () => {
  it('writes two of the demo’s and one of the demo user’s own into the demo office', async () => {
    const db = openMemoryDatabase();
    await seedDemoData(db, new Date('2026-11-26T12:00:00Z'));
    const presets = await new SqlitePresetStore(db).list([DEMO_ORGS.office.id]);
    expect(presets.map((p) => [p.name, p.ownerKind, p.ownerUserId])).toEqual([
      ['Local only', 'user', DEMO_USER.id],
      ['Minimal oral sedation', 'demo', null],
      ['Moderate IV sedation', 'demo', null],
    ]);
    expect(presets[2]!.macro).toMatchObject({ values: { sedationLevel: 'moderate', userRole: 'other' } });
    // Seeding again keeps them, once each.
    await seedDemoData(db, new Date('2026-11-27T12:00:00Z'));
    expect(await new SqlitePresetStore(db).list([DEMO_ORGS.office.id])).toEqual(presets);
  });
});
