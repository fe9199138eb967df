import { describe, expect, it } from 'vitest';
import { SqliteClientLogStore } from '../store/client-logs/sqlite.js';
import { openMemoryDatabase } from '../store/sqlite/database.js';
import { seedDemoClientLogs } from './demo-client-logs.js';

describe('the demo’s browser errors (issue 41)', () => {
  it('keeps four beacons of the demo user in the last two days, and adds none when seeded again', async () => {
    const db = openMemoryDatabase();
    const store = new SqliteClientLogStore(db);
    const now = new Date(Date.UTC(2026, 10, 29, 12));
    await seedDemoClientLogs(store, 'demo-dental', now, 'usr-demorecorder00');
    await seedDemoClientLogs(store, 'demo-dental', now, 'usr-demorecorder00');
    const kept = await store.since(now.getTime() - 2 * 24 * 3_600_000, 100);
    expect(kept.map((b) => [b.userId, b.orgId, b.code ?? b.errorName])).toEqual([
      ['usr-demorecorder00', 'demo-dental', 'NETWORK_ERROR'],
      ['usr-demorecorder00', 'demo-dental', 'TypeError'],
      ['usr-demorecorder00', 'demo-dental', 'NETWORK_ERROR'],
      ['usr-demorecorder00', 'demo-dental', 'TypeError'],
    ]);
    db.close();
  });
});
