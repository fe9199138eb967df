import { describe, expect, it } from 'vitest';
import { SqliteOrgStore } from '../store/orgs/sqlite.js';
import { DEMO_INVITATION, DEMO_ORGS, DEMO_USER, seedDemoData } from './seed.js';
import { openMemoryDatabase } from '../store/sqlite/database.js';

const DAY = 24 * 3600 * 1000;

describe('the demo office’s pending invitation (issue 35 item 15)', () => {
  it('lists one invitation sent by the demo user when seeded, pending for its 7 days', async () => {
    const seededAt = new Date('2026-11-26T12:00:00Z');
    const db = openMemoryDatabase();
    await seedDemoData(db, seededAt);
    const store = new SqliteOrgStore(db);
    const at = seededAt.getTime();
    expect(await store.pendingInvitations(DEMO_ORGS.office.id, at + DAY, { first: 10, after: null })).toEqual([
      {
        id: DEMO_INVITATION.id,
        email: DEMO_INVITATION.email,
        kind: 'regular',
        roles: ['member'],
        invitedByName: DEMO_USER.name,
        createdAt: at,
        expiresAt: at + 7 * DAY,
      },
    ]);
    // The parent organisation has none; after the 7 days the office has none either.
    expect(await store.pendingInvitations(DEMO_ORGS.parent.id, at, { first: 10, after: null })).toEqual([]);
    expect(await store.pendingInvitations(DEMO_ORGS.office.id, at + 7 * DAY, { first: 10, after: null })).toEqual([]);
  });
});
