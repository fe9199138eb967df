import { describe, expect, it } from 'vitest';
import { openMemoryDatabase } from '../sqlite/database.js';
import { tamperWithAuditEmail } from '../sqlite/fixtures.js';
import { SqliteAuditStore } from './sqlite.js';

/*
 * The SQLite audit store beside its contract (contract.test.ts): a record changed in the database
 * file behind the store's back, triggers dropped as an attacker with the file would, is what the
 * store hands over as its content, so the chain check sees the change.
 */
describe('SqliteAuditStore: content read from the file as it is now', () => {
  it('hands over a tampered record’s changed content, not what was sealed', async () => {
    const db = openMemoryDatabase();
    const store = new SqliteAuditStore(db);
    await store.append({
      at: 1000,
      userId: 'usr-a',
      email: 'a@example.com',
      action: 'signInFailed',
      outcome: 'failure',
      ip: null,
      userAgent: null,
      detail: null,
    });
    await store.seal(2000, (prev, r) => `${prev}>${r.source}:${r.row}`, 'G');
    const before = await store.content('audit_events', 1);
    tamperWithAuditEmail(db, 1, 'someone@example.com');
    const after = await store.content('audit_events', 1);
    expect(after).not.toBe(before);
    expect(JSON.parse(after!)).toContain('someone@example.com');
  });
});
