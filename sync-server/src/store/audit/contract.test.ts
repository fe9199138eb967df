import { afterEach, describe, expect, it } from 'vitest';
import { openMemoryDatabase } from '../sqlite/database.js';
import type { AuditEvent } from '@vigil/shared';
import { MemoryDatabase } from '../memory/database.js';
import { MemoryResourceStore } from '../resources/memory.js';
import { SqliteResourceStore } from '../resources/sqlite.js';
import type { StoredVersion } from '../resources/types.js';
import { MemoryAuditStore } from './memory.js';
import { SqliteAuditStore } from './sqlite.js';
import { PostgresAuditStore } from './postgres.js';
import { freshPostgres, runnableImplementations, settledPostgres } from '../postgres/test-database.test-util.js';
import { PostgresDatabase } from '../postgres/unit-of-work.js';
import { PostgresResourceStore } from '../resources/postgres.js';
import type { AuditRecord, AuditStore, UnsealedRecord } from './types.js';

/** An audit store, and a way to write a FHIR AuditEvent beside it (the FHIR store's job in the server). */
interface Fixture {
  store: AuditStore;
  addFhirAuditEvent(id: string): Promise<void>;
}

/** A FHIR AuditEvent as the audit service records one (written through the resource store). */
const auditEvent = (id: string): AuditEvent & { id: string } => ({
  resourceType: 'AuditEvent',
  id,
  type: { system: 'http://dicom.nema.org/resources/ontology/DCM', code: '110110' },
  recorded: '2026-11-21T10:00:00.000Z',
  agent: [{ who: { reference: 'Practitioner/prc-1' }, requestor: true }],
  source: { observer: { reference: 'Organization/acme' } },
});
const WRITTEN_AT = '2026-11-21T10:00:00.000Z';

function sqlite(): Fixture {
  const db = openMemoryDatabase();
  const resources = new SqliteResourceStore(db);
  return {
    store: new SqliteAuditStore(db),
    // The current version and its history row, in the same database.
    addFhirAuditEvent: async (id) =>
      void (await resources.write({ orgId: 'acme', resource: auditEvent(id) }, WRITTEN_AT)),
  };
}

function memory(): Fixture {
  const resources = new MemoryResourceStore();
  // What the resource store wrote, in order: the memory audit store's view of the AuditEvents.
  const versions: StoredVersion[] = [];
  return {
    store: new MemoryAuditStore(new MemoryDatabase(), () => versions),
    addFhirAuditEvent: async (id) => {
      versions.push(await resources.write({ orgId: 'acme', resource: auditEvent(id) }, WRITTEN_AT));
    },
  };
}

const drops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const drop of drops.splice(0)) await drop();
});

async function postgres(): Promise<Fixture> {
  const database = await freshPostgres();
  drops.push(database.drop);
  const pool = database.open();
  const db = new PostgresDatabase(pool);
  const resources = new PostgresResourceStore(db);
  const store = new PostgresAuditStore(db);
  // A seal takes what every transaction of the server before it left (settledPostgres).
  const seal = store.seal.bind(store);
  store.seal = async (...args) => {
    await settledPostgres(pool);
    return seal(...args);
  };
  return {
    store,
    addFhirAuditEvent: async (id) =>
      void (await resources.write({ orgId: 'acme', resource: auditEvent(id) }, WRITTEN_AT)),
  };
}

/** Every AuditStore implementation. */
const implementations: [string, () => Fixture | Promise<Fixture>][] = [
  ['memory', memory],
  ['sqlite', sqlite],
  ['postgres', postgres],
];

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

describe.each(await runnableImplementations('AuditStore contract', implementations))(
  'AuditStore contract (%s)',
  (_, make) => {
    it('counts one action after a time by email, user or address', async () => {
      const { store } = await make();
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

    it("counts one action by the organisation its detail names (the card limit's count)", async () => {
      const { store } = await make();
      const declined = (orgId: string | null, at: number) =>
        record({ at, action: 'cardDeclined', userId: 'usr-a', detail: JSON.stringify(orgId ? { orgId } : {}) });
      await store.append(declined('office', 1000));
      await store.append(declined('office', 2000));
      await store.append(declined('other', 2000));
      await store.append(declined(null, 2000));
      expect(await store.count('cardDeclined', 0, { orgId: 'office' })).toBe(2);
      expect(await store.count('cardDeclined', 1000, { orgId: 'office' })).toBe(1);
      expect(await store.count('cardDeclined', 0, { userId: 'usr-a' })).toBe(4);
    });

    it('seals account events, FHIR AuditEvents, then their history rows in row order, each link following the last, once each', async () => {
      const f = await make();
      const { store } = f;
      await store.append(record({ email: 'a@example.com', detail: '{"reason":"x"}' }));
      await f.addFhirAuditEvent('ae-1');
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
      const { store } = await make();
      expect(await store.anchor()).toEqual({ length: 0, head: '' });
      await store.append(record({ email: 'a@example.com' }));
      await store.append(record({ email: 'b@example.com' }));
      await store.seal(5000, link, 'G');
      expect(await store.anchor()).toEqual({ length: 2, head: 'G>audit_events:1>audit_events:2' });
    });

    it("hands over a record's content as it is now, every column, and null for a record that is gone", async () => {
      const f = await make();
      await f.store.append(record({ email: 'a@example.com', userId: 'usr-a', detail: '{"k":1}' }));
      await f.addFhirAuditEvent('ae-1');
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
      expect(await f.store.content('AuditEvent_history', 2)).toBeNull();
    });

    it('hands over an AuditEvent’s content: organisation, id, version, time, deletion and its JSON', async () => {
      const f = await make();
      await f.addFhirAuditEvent('ae-1');
      for (const source of ['AuditEvent', 'AuditEvent_history'] as const) {
        const [orgId, id, version, at, deleted, json] = JSON.parse((await f.store.content(source, 1))!) as unknown[];
        expect([orgId, id, version, at, deleted]).toEqual(['acme', 'ae-1', 1, WRITTEN_AT, 0]);
        expect(JSON.parse(json as string)).toMatchObject({
          resourceType: 'AuditEvent',
          id: 'ae-1',
          meta: { versionId: '1' },
        });
      }
    });

    it('seals in one step: a link that fails leaves the chain, its anchor and what is unsealed as they were', async () => {
      const { store } = await make();
      await store.append(record({ email: 'a@example.com' }));
      await store.append(record({ email: 'b@example.com' }));
      const failing = (prev: string, r: UnsealedRecord): string => {
        if (r.row === 2) throw new Error('hash failed');
        return link(prev, r);
      };
      await expect(store.seal(5000, failing, 'G')).rejects.toThrow('hash failed');
      expect(await store.links()).toEqual([]);
      expect(await store.anchor()).toEqual({ length: 0, head: '' });
      expect(await store.unsealed()).toBe(2);
      expect(await store.seal(6000, link, 'G')).toBe(2);
    });

    it('hands out copies: changing the links read back changes nothing stored', async () => {
      const { store } = await make();
      await store.append(record({ email: 'a@example.com' }));
      await store.seal(5000, link, 'G');
      (await store.links())[0]!.hash = 'forged';
      expect((await store.links())[0]?.hash).toBe('G>audit_events:1');
    });
  },
);
