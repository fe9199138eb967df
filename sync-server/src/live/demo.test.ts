import { describe, expect, it } from 'vitest';
import { liveVitalsDisplay } from '@vigil/shared';
import { DEMO_ORGS, seedDemoData } from '../demo/seed.js';
import { SqliteLiveCaseStore } from '../store/live-cases/sqlite.js';
import { SqliteResourceStore } from '../store/resources/sqlite.js';
import { openMemoryDatabase } from '../store/sqlite/database.js';
import { DEMO_LIVE_CASE_ID } from './demo.js';

describe('the demo case in progress (issue 38)', () => {
  it('lists today’s arrived appointment as a case in progress, its simulated readings fresh when seeded', async () => {
    const db = openMemoryDatabase();
    const now = new Date('2026-11-26T15:20:00Z');
    await seedDemoData(db, now);
    const rows = await new SqliteLiveCaseStore(db).list([DEMO_ORGS.office.id], 0, { first: 10, after: null });
    expect(rows.map((r) => [r.caseId, r.simulated, r.monitorLabel])).toEqual([
      [DEMO_LIVE_CASE_ID, true, 'Simulated monitor'],
    ]);
    expect(liveVitalsDisplay(rows[0]!, now.getTime())).toMatchObject({ kind: 'live', delayed: null });
    // Its appointment exists and is today's arrived one.
    const appointment = await new SqliteResourceStore(db).read(DEMO_ORGS.office.id, 'Appointment', DEMO_LIVE_CASE_ID);
    expect(appointment?.resource).toMatchObject({ status: 'arrived' });
  });
});
