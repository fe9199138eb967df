import { describe, expect, it } from 'vitest';
import { SqliteOrgStore } from '../store/orgs/sqlite.js';
import { SqlitePolicyStore } from '../store/policies/sqlite.js';
import { DEMO_ORGS, seedDemoData } from '../demo/seed.js';
import { openMemoryDatabase } from '../store/sqlite/database.js';

describe('the demo policies (issue 29)', () => {
  it('turns the office’s policies flag on and writes its own and its parent’s policies', async () => {
    const db = openMemoryDatabase();
    await seedDemoData(db, new Date('2026-11-26T12:00:00Z'));
    expect((await new SqliteOrgStore(db).features(DEMO_ORGS.office.id)).policies).toBe(true);
    const store = new SqlitePolicyStore(db);
    expect((await store.list([DEMO_ORGS.office.id], 'anesthesiaRecord')).map((p) => [p.ruleType, p.ruleValue])).toEqual(
      [
        ['SO14', 'block'],
        ['SO2', 'warn'],
      ],
    );
    expect((await store.list([DEMO_ORGS.parent.id], 'anesthesiaRecord')).map((p) => p.ruleType)).toEqual(['SO17']);
  });
});
