import { describe, expect, it } from 'vitest';
import { openMemoryDatabase } from '../sqlite/database.js';
import { SqliteAuditStore } from './sqlite.js';
import type { AuditRecord, AuditStore, UnsealedRecord } from './types.js';

/** An audit store, and a way to write a FHIR AuditEvent beside it (the FHIR store's job in the server). */
interface Fixture {
  store: AuditStore;
  addFhirAuditEvent(id: string): void;
  /** Changes a sealed record behind the store's back, as an attacker with the file would (triggers off). */
  tamper(): void;
}

function sqlite(): Fixture {
  const db = openMemoryDatabase();
  return {
    store: new SqliteAuditStore(db),
    // As the FHIR store writes one: the current version and its history row.
    addFhirAuditEvent: (id) => {
      for (const table of ['resources', 'resource_history'])
        db.prepare(
          `INSERT INTO ${table} (org_id, resource_type, id, version_id, last_updated, json)
           VALUES ('acme', 'AuditEvent', ?, 1, '2026-11-21T10:00:00.000Z', ?)`,
        ).run(id, JSON.stringify({ resourceType: 'AuditEvent', id }));
    },
    tamper: () => {
      const triggers = db
        .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'audit_events'")
        .all() as { name: string; sql: string }[];
      for (const t of triggers) db.exec(`DROP TRIGGER ${t.name}`);
      db.prepare("UPDATE audit_events SET outcome = 'success' WHERE id = 1").run();
    },
  };
}

const record = (overrides: Partial<AuditRecord>): AuditRecord => ({
  at: 1000,
  userId: null,
  email: null,
  action: 'signInFailed',
  outcome: 'failure',
  ip: null,
  userAgent: null,
  detail: null,
  ...overrides,
});

/** The chain rule auth/audit.ts uses, simplified: enough to see what the store hands over and keeps. */
const link = (prev: string, r: UnsealedRecord): string => `${prev}>${r.source}:${r.row}`;

describe.each([['sqlite', sqlite]])('AuditStore contract (%s)', (_, make) => {
  it('counts one action after a time by email, user or address', async () => {
    const { store } = make();
    await store.append(record({ at: 1000, email: 'a@example.com', userId: 'usr-a', ip: '203.0.113.1' }));
    await store.append(record({ at: 2000, email: 'a@example.com', ip: '203.0.113.2' }));
    await store.append(record({ at: 3000, email: 'b@example.com', ip: '203.0.113.1' }));
    await store.append(record({ at: 3000, action: 'signIn', outcome: 'success', email: 'a@example.com' }));
    expect(await store.count('signInFailed', 0, { email: 'a@example.com' })).toBe(2);
    expect(await store.count('signInFailed', 1000, { email: 'a@example.com' })).toBe(1);
    expect(await store.count('signInFailed', 0, { userId: 'usr-a' })).toBe(1);
    expect(await store.count('signInFailed', 0, { ip: '203.0.113.1' })).toBe(2);
    expect(await store.count('signIn', 0, { email: 'a@example.com' })).toBe(1);
  });

  it('seals account events, FHIR AuditEvents, then their history rows in row order, each link following the last, once each', async () => {
    const f = make();
    const { store } = f;
    await store.append(record({ email: 'a@example.com', detail: '{"reason":"x"}' }));
    f.addFhirAuditEvent('ae-1');
    await store.append(record({ email: 'b@example.com' }));
    expect(await store.unsealed()).toBe(4);
    expect(await store.seal(5000, link, 'G')).toBe(4);
    expect(await store.unsealed()).toBe(0);
    const links = await store.links();
    const h2 = 'G>audit_events:1>audit_events:2';
    expect(links.map((l) => [l.seq, l.source, l.sourceRow, l.prevHash, l.hash])).toEqual([
      [1, 'audit_events', 1, 'G', 'G>audit_events:1'],
      [2, 'audit_events', 2, 'G>audit_events:1', h2],
      [3, 'AuditEvent', 1, h2, `${h2}>AuditEvent:1`],
      [4, 'AuditEvent_history', 1, `${h2}>AuditEvent:1`, `${h2}>AuditEvent:1>AuditEvent_history:1`],
    ]);
    expect(await store.seal(6000, link, 'G')).toBe(0);
    await store.append(record({ email: 'c@example.com' }));
    expect(await store.unsealed()).toBe(1);
    expect(await store.seal(7000, link, 'G')).toBe(1);
    expect((await store.links()).at(-1)).toMatchObject({
      source: 'audit_events',
      sourceRow: 3,
      prevHash: links[3]?.hash,
    });
  });

  it("anchors the chain's head with every seal: its length and last hash", async () => {
    const { store } = make();
    expect(await store.anchor()).toEqual({ length: 0, head: '' });
    await store.append(record({ email: 'a@example.com' }));
    await store.append(record({ email: 'b@example.com' }));
    await store.seal(5000, link, 'G');
    expect(await store.anchor()).toEqual({ length: 2, head: 'G>audit_events:1>audit_events:2' });
  });

  it("hands over a record's content as it is now, every column, and null for a record that is gone", async () => {
    const f = make();
    await f.store.append(record({ email: 'a@example.com', userId: 'usr-a', detail: '{"k":1}' }));
    f.addFhirAuditEvent('ae-1');
    const before = await f.store.content('audit_events', 1);
    expect(JSON.parse(before!)).toEqual([
      1,
      1000,
      'usr-a',
      'a@example.com',
      'signInFailed',
      'failure',
      null,
      null,
      '{"k":1}',
    ]);
    expect(await f.store.content('AuditEvent', 1)).toContain('ae-1');
    expect(await f.store.content('audit_events', 99)).toBeNull();
    f.tamper();
    expect(await f.store.content('audit_events', 1)).not.toBe(before);
  });
});
