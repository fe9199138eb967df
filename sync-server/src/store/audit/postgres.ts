import type { PostgresDatabase } from '../postgres/unit-of-work.js';
import type {
  AuditCountBy,
  AuditLink,
  AuditRecord,
  AuditSource,
  AuditStore,
  ChainHead,
  UnsealedRecord,
} from './types.js';

/**
 * The audit_events expression a limit counts by in PostgreSQL, and its value (auditCountColumn's
 * twin): a column, or for an organisation the `orgId` of the record's JSON detail.
 */
export function pgAuditCountColumn(by: AuditCountBy): [expression: string, value: string] {
  if ('email' in by) return ['email', by.email];
  if ('userId' in by) return ['user_id', by.userId];
  if ('orgId' in by) return ["(detail::jsonb ->> 'orgId')", by.orgId];
  return ['ip', by.ip];
}

/** A record of one source as read for sealing: its row and its columns, in the order SQLite's json_array takes them. */
interface SourceRow {
  row: string;
  columns: unknown[];
}

/** Each source's rows: the row that names a record, and the columns its content is made of. */
const SOURCES: readonly { source: AuditSource; select: string; numbers: readonly number[] }[] = [
  {
    source: 'audit_events',
    select: `SELECT id AS row, json_build_array(id, at, user_id, email, action, outcome, ip, user_agent, detail) AS columns
      FROM audit_events t WHERE true`,
    numbers: [0, 1],
  },
  {
    source: 'AuditEvent',
    select: `SELECT row_id AS row, json_build_array(org_id, id, version_id, last_updated, deleted, json) AS columns
      FROM resources t WHERE resource_type = 'AuditEvent'`,
    numbers: [2, 4],
  },
  {
    source: 'AuditEvent_history',
    select: `SELECT row_id AS row, json_build_array(org_id, id, version_id, last_updated, deleted, json) AS columns
      FROM resource_history t WHERE resource_type = 'AuditEvent'`,
    numbers: [2, 4],
  },
];

/** The row column of each source's table (what audit_chain.source_row names). */
const ROW_COLUMN: Readonly<Record<AuditSource, string>> = {
  audit_events: 'id',
  AuditEvent: 'row_id',
  AuditEvent_history: 'row_id',
};

/** Not sealed yet: no link names it. */
const UNSEALED = (source: AuditSource): string =>
  `NOT EXISTS (SELECT 1 FROM audit_chain c WHERE c.source = '${source}' AND c.source_row = t.${ROW_COLUMN[source]})`;

/** The audit chain's name in chain_heads. */
const AUDIT_CHAIN = 'audit';
/** The advisory lock key of sealing (one sealer at a time across instances; 'VIGILAUD' in ASCII). */
const SEAL_LOCK = '6289101576812434756';

/**
 * A record's sealed content: the same text SQLite's json_array makes of its columns, byte for
 * byte (JSON.stringify of the same values), so a chain copied from SQLite verifies on PostgreSQL.
 * BIGINT columns arrive as strings and are numbers again here.
 */
function contentOf(columns: unknown[], numbers: readonly number[]): string {
  return JSON.stringify(columns.map((v, i) => (numbers.includes(i) && v !== null ? Number(v) : v)));
}

/**
 * The audit trail and its hash chain in PostgreSQL (audit_events: PG migration 3; audit_chain:
 * 55; chain_heads and the seal's horizon: 94; FHIR AuditEvents in the resource tables: 20).
 * Statements join the caller's unit of work (PostgresDatabase).
 *
 * Sealing in commit order. Row ids are handed out at insert, not at commit: two instances
 * appending at once can commit id 6 before id 5, so "seal the rows after the last sealed id"
 * would seal 6 and skip 5 for good. Appends take no lock for it (every request appends; a lock
 * they shared with the sealer would queue them all behind a seal waiting for a long unit).
 * Instead each record keeps the transaction that wrote it (`xid`), and a seal takes only settled
 * records: those written by transactions older than the oldest one still running (its snapshot's
 * xmin, the horizon). Every such transaction has committed (its rows are visible) or rolled back
 * (they never will be), so nothing settled can still appear. The seal takes the settled records
 * no link names, of transactions at or after the previous seal's horizon (all older ones are
 * sealed), in source then row order, and stores the new horizon with its links. A record of a
 * transaction still running waits for a later seal, whatever its id: links follow sealing order,
 * which `verifyAuditChain` checks, not row order. Sealers on several instances take one advisory
 * lock, so the chain never forks.
 */
export class PostgresAuditStore implements AuditStore {
  constructor(private readonly db: PostgresDatabase) {}

  async append(r: AuditRecord): Promise<void> {
    await this.db.query(
      `INSERT INTO audit_events (at, user_id, email, action, outcome, ip, user_agent, detail)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [r.at, r.userId, r.email, r.action, r.outcome, r.ip, r.userAgent, r.detail],
    );
  }

  async count(action: string, since: number, by: AuditCountBy): Promise<number> {
    const [column, value] = pgAuditCountColumn(by);
    const { rows } = await this.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM audit_events WHERE action = $1 AND at > $2 AND ${column} = $3`,
      [action, since, value],
    );
    return Number(rows[0]!.n);
  }

  seal(now: number, link: (prevHash: string, record: UnsealedRecord) => string, genesis: string): Promise<number> {
    return this.db.transaction(async () => {
      await this.db.query('SELECT pg_advisory_xact_lock($1)', [SEAL_LOCK]);
      const { horizon, previous } = await this.horizon();
      const { rows: heads } = await this.db.query<{ hash: string }>(
        'SELECT hash FROM audit_chain ORDER BY seq DESC LIMIT 1',
      );
      let prev = heads[0]?.hash ?? genesis;
      const links: { source: AuditSource; row: string; prevHash: string; hash: string }[] = [];
      for (const { source, select, numbers } of SOURCES) {
        const { rows } = await this.db.query<SourceRow>(
          `${select} AND t.xid >= $1::xid8 AND t.xid < $2::xid8 AND ${UNSEALED(source)} ORDER BY 1`,
          [previous, horizon],
        );
        for (const r of rows) {
          const hash = link(prev, { source, row: Number(r.row), content: contentOf(r.columns, numbers) });
          links.push({ source, row: r.row, prevHash: prev, hash });
          prev = hash;
        }
      }
      if (links.length > 0) {
        // One statement, in order: the identity gives the links their seqs as listed.
        await this.db.query(
          `INSERT INTO audit_chain (source, source_row, prev_hash, hash, sealed_at)
           SELECT source, source_row, prev_hash, hash, $5 FROM unnest($1::text[], $2::bigint[], $3::text[], $4::text[])
             WITH ORDINALITY AS l(source, source_row, prev_hash, hash, n) ORDER BY n`,
          [
            links.map((l) => l.source),
            links.map((l) => l.row),
            links.map((l) => l.prevHash),
            links.map((l) => l.hash),
            now,
          ],
        );
        await this.db.query(
          `UPDATE chain_heads SET length = (SELECT count(*) FROM audit_chain), head = $2 WHERE chain = $1`,
          [AUDIT_CHAIN, prev],
        );
      }
      await this.db.query('UPDATE audit_seal_horizon SET xid = greatest(xid, $1::xid8)', [horizon]);
      return links.length;
    });
  }

  /**
   * The seal's horizon and the previous one's. After the lock, before this unit writes (and gets a
   * transaction id of its own). The oldest transaction still running that could append here: of the
   * snapshot's running ones, those of a backend connected to this database (session 36: the
   * snapshot's xmin is the whole server's, so a transaction open in another database, another
   * test's or another application's, held every seal back, and a server's last seal at its stop
   * left its newest records for the next). The snapshot is taken first and the backends read after
   * it (their status cleared of any cached copy), so a transaction given an id in between is past
   * the snapshot's xmax, and one of the snapshot's that ended meanwhile has settled. With none
   * running, the snapshot's xmax: every transaction below it has ended.
   */
  private async horizon(): Promise<{ horizon: string; previous: string }> {
    const { rows: snapshot } = await this.db.query<{ xmax: string; running: string[]; previous: string }>(
      `SELECT pg_snapshot_xmax(s)::text AS xmax, ARRAY(SELECT x::text FROM pg_snapshot_xip(s) x) AS running,
         (SELECT xid FROM audit_seal_horizon)::text AS previous
       FROM pg_current_snapshot() s`,
    );
    const { xmax, running, previous } = snapshot[0]!;
    await this.db.query('SELECT pg_stat_clear_snapshot()');
    const { rows: backends } = await this.db.query<{ xid: string }>(
      `SELECT backend_xid::text AS xid FROM pg_stat_activity
       WHERE datname = current_database() AND backend_xid IS NOT NULL`,
    );
    // backend_xid is the 32-bit id; the snapshot's are 64-bit (epoch-extended).
    const here = new Set(backends.map((b) => BigInt(b.xid)));
    const horizon = running
      .map(BigInt)
      .filter((x) => here.has(x % 2n ** 32n))
      .reduce((min, x) => (x < min ? x : min), BigInt(xmax));
    return { horizon: horizon.toString(), previous };
  }

  async links(): Promise<AuditLink[]> {
    const { rows } = await this.db.query<{ seq: string; source: AuditSource; row: string; prev: string; hash: string }>(
      'SELECT seq, source, source_row AS row, prev_hash AS prev, hash FROM audit_chain ORDER BY seq',
    );
    return rows.map((r) => ({
      seq: Number(r.seq),
      source: r.source,
      sourceRow: Number(r.row),
      prevHash: r.prev,
      hash: r.hash,
    }));
  }

  async anchor(): Promise<ChainHead | null> {
    const { rows } = await this.db.query<{ length: string; head: string }>(
      'SELECT length, head FROM chain_heads WHERE chain = $1',
      [AUDIT_CHAIN],
    );
    return rows[0] ? { length: Number(rows[0].length), head: rows[0].head } : null;
  }

  async content(source: AuditSource, row: number): Promise<string | null> {
    const { select, numbers } = SOURCES.find((s) => s.source === source)!;
    const { rows } = await this.db.query<SourceRow>(`${select} AND t.${ROW_COLUMN[source]} = $1`, [row]);
    return rows[0] ? contentOf(rows[0].columns, numbers) : null;
  }

  async unsealed(): Promise<number> {
    // Every committed record no link names, settled or not (those below the horizon are all sealed).
    const counts = SOURCES.map(
      ({ source, select }) =>
        `(SELECT count(*) FROM (${select} AND t.xid >= (SELECT xid FROM audit_seal_horizon) AND ${UNSEALED(source)}) s)`,
    );
    const { rows } = await this.db.query<{ n: string }>(`SELECT ${counts.join(' + ')} AS n`);
    return Number(rows[0]!.n);
  }
}
