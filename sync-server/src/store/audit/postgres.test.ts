import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEvent } from '@vigil/shared';
import { AUDIT_CHAIN_GENESIS, checkAuditChain, sealAuditChain } from '../../auth/audit.js';
import { freshPostgres, runnableImplementations, settledPostgres } from '../postgres/test-database.test-util.js';
import { detachedFromPostgres, PostgresDatabase } from '../postgres/unit-of-work.js';
import { PostgresResourceStore } from '../resources/postgres.js';
import { SqliteResourceStore } from '../resources/sqlite.js';
import { openMemoryDatabase } from '../sqlite/database.js';
import { PostgresAuditStore } from './postgres.js';
import { SqliteAuditStore } from './sqlite.js';
import type { AuditRecord, UnsealedRecord } from './types.js';

/*
 * The audit chain on PostgreSQL (issue 43) beside its contract (contract.test.ts): records
 * committed out of id order on two instances are each sealed once, never skipped; sealers on two
 * instances never fork the chain; and a record's content is SQLite's to the byte, so a chain
 * copied from SQLite verifies on PostgreSQL.
 */

const drops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const drop of drops.splice(0)) await drop();
});

const suites = await runnableImplementations('PostgresAuditStore over two pools', [['postgres'] as const]);

const record = (email: string, overrides: Partial<AuditRecord> = {}): AuditRecord => ({
  at: 1000,
  userId: null,
  email,
  action: 'signIn',
  outcome: 'success',
  ip: null,
  userAgent: null,
  detail: null,
  ...overrides,
});
const auditEvent = (id: string): AuditEvent & { id: string } => ({
  resourceType: 'AuditEvent',
  id,
  type: { system: 'http://dicom.nema.org/resources/ontology/DCM', code: '110110' },
  recorded: '2026-11-21T10:00:00.000Z',
  agent: [{ who: { reference: 'Practitioner/prc-1' }, requestor: true }],
  source: { observer: { reference: 'Organization/acme' } },
});
const link = (prev: string, r: UnsealedRecord): string => `${prev}>${r.source}:${r.row}`;

/** The instances, and `settled` (settledPostgres): the server's transactions begun before it have ended. */
async function instances(n: number): Promise<{
  settled: () => Promise<void>;
  both: { db: PostgresDatabase; audit: PostgresAuditStore; resources: PostgresResourceStore }[];
}> {
  const database = await freshPostgres();
  drops.push(database.drop);
  const pools = Array.from({ length: n }, () => database.open(5));
  return {
    settled: () => settledPostgres(pools[0]!),
    both: pools.map((pool) => {
      const db = new PostgresDatabase(pool);
      return { db, audit: new PostgresAuditStore(db), resources: new PostgresResourceStore(db) };
    }),
  };
}

/** Resolves when `release` is called. */
function gate(): { wait: Promise<void>; release: () => void } {
  let release = (): void => undefined;
  const wait = new Promise<void>((r) => (release = r));
  return { wait, release };
}

// Skipped (its reason printed) where PostgreSQL is not running: a file without a suite would fail.
describe.skipIf(suites.length === 0)('PostgresAuditStore over two pools (postgres)', () => {
  it('seals a record committed after a later id was, instead of skipping it', async () => {
    const {
      settled,
      both: [a, b],
    } = await instances(2);
    const appended = gate();
    const commit = gate();
    // Instance A appends (id 1) and keeps its unit open; instance B appends id 2 and commits.
    const slow = a!.db.transaction(async () => {
      await a!.audit.append(record('first@x.test'));
      appended.release();
      await commit.wait;
    });
    await appended.wait;
    await detachedFromPostgres(() => b!.audit.append(record('second@x.test')));
    // Id 2 is committed, id 1 not yet: sealing "after the last sealed id" now would skip id 1 for good.
    expect(await b!.audit.seal(5000, link, 'G')).toBe(0);
    expect(await b!.audit.unsealed()).toBe(1);
    commit.release();
    await slow;
    await settled();
    expect(await b!.audit.seal(6000, link, 'G')).toBe(2);
    expect((await b!.audit.links()).map((l) => l.sourceRow)).toEqual([1, 2]);
    expect(await a!.audit.unsealed()).toBe(0);
  });

  it('seals what this database committed although a transaction is open in another database (session 36)', async () => {
    const {
      both: [a],
    } = await instances(1);
    // Another database on the same server (another office's, another application's) with a
    // transaction open that was given an id: the server's oldest running transaction.
    const other = await freshPostgres({ migrate: false });
    drops.push(other.drop);
    const pool = other.open(1);
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_current_xact_id()');
      await detachedFromPostgres(() => a!.audit.append(record('here@x.test')));
      // Its snapshot's xmin is the other database's transaction: sealing below it sealed nothing.
      expect(await a!.audit.seal(5000, link, 'G')).toBe(1);
      expect(await a!.audit.unsealed()).toBe(0);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });

  it('seals every committed record once, in one unforked chain, under writers and sealers on two instances', async () => {
    const { settled, both } = await instances(2);
    let writing = true;
    const sealer = async (i: number): Promise<void> => {
      while (writing) await both[i]!.audit.seal(5000, link, 'G');
    };
    const writes = Array.from({ length: 40 }, async (_, n) => {
      const { db, audit, resources } = both[n % 2]!;
      const unit = db.transaction(async () => {
        if (n % 4 === 3)
          await resources.write({ orgId: 'acme', resource: auditEvent(`ae-${n}`) }, '2026-11-21T10:00:00.000Z');
        else await audit.append(record(`u${n}@x.test`));
        // Some units stay open a while, so ids commit out of order.
        if (n % 3 === 0) await db.query('SELECT pg_sleep(0.01)');
        if (n % 7 === 6) throw new Error('rolled back');
      });
      await unit.catch(() => undefined);
    });
    await Promise.all([Promise.all(writes).then(() => (writing = false)), sealer(0), sealer(1)]);
    await settled();
    await both[0]!.audit.seal(9000, link, 'G');
    const links = await both[1]!.audit.links();
    const committed = Array.from({ length: 40 }, (_, n) => n).filter((n) => n % 7 !== 6);
    const events = committed.filter((n) => n % 4 === 3).length;
    // Each AuditEvent is sealed twice: its current version and its history row.
    expect(links).toHaveLength(committed.length - events + 2 * events);
    expect(new Set(links.map((l) => `${l.source}:${l.sourceRow}`)).size).toBe(links.length);
    expect(links.map((l) => l.seq)).toEqual(links.map((_, i) => i + 1));
    links.forEach((l, i) => expect(l.prevHash).toBe(i === 0 ? 'G' : links[i - 1]!.hash));
    expect(await both[0]!.audit.anchor()).toEqual({ length: links.length, head: links.at(-1)!.hash });
    expect(await both[0]!.audit.unsealed()).toBe(0);
  });

  it("hands over SQLite's content to the byte, so the same records make the same chain", async () => {
    const {
      settled,
      both: [pg],
    } = await instances(1);
    const db = openMemoryDatabase();
    const stores = [
      { audit: new SqliteAuditStore(db), resources: new SqliteResourceStore(db) },
      { audit: pg!.audit, resources: pg!.resources },
    ];
    const odd = record('ä"\\\n\t\u0001😀@x.test', {
      userId: 'usr-1',
      ip: '203.0.113.9',
      userAgent: 'Mozilla/5.0 "quoted" \u2028',
      detail: JSON.stringify({ orgId: 'acme', note: 'line\nbreak' }),
      at: 1_764_000_000_123,
    });
    for (const { audit, resources } of stores) {
      await audit.append(odd);
      await audit.append(record('plain@x.test'));
      await resources.write({ orgId: 'acme', resource: auditEvent('ae-1') }, '2026-11-21T10:00:00.000Z');
      await settled();
      expect(await sealAuditChain(audit, 5000)).toBe(4);
    }
    const [sqlite, postgres] = stores.map((s) => s.audit);
    for (const [source, row] of [
      ['audit_events', 1],
      ['audit_events', 2],
      ['AuditEvent', 1],
      ['AuditEvent_history', 1],
    ] as const) {
      expect(await postgres!.content(source, row)).toBe(await sqlite!.content(source, row));
    }
    expect(await postgres!.links()).toEqual(await sqlite!.links());
    expect(await checkAuditChain(postgres!)).toMatchObject({ ok: true, links: 4, unsealed: 0 });
    expect((await postgres!.links())[0]!.prevHash).toBe(AUDIT_CHAIN_GENESIS);
  });
});
