import type { Db } from '../sqlite/database.js';
import { assertSerialized, serialized } from '../resources/transactions.js';
import type {
  AuditCountBy,
  AuditLink,
  AuditRecord,
  AuditSource,
  AuditStore,
  ChainHead,
  UnsealedRecord,
} from './types.js';

/** The sealed content of an account/organisation audit row: every column, in order. */
const ACCOUNT_CONTENT_SQL = `SELECT id AS row, json_array(id, at, user_id, email, action, outcome, ip, user_agent, detail) AS content
  FROM audit_events`;
/** The sealed content of a FHIR AuditEvent: its keys, version and JSON (the row is the table's rowid). */
const FHIR_CONTENT_SQL = `SELECT rowid AS row, json_array(org_id, id, version_id, last_updated, deleted, json) AS content
  FROM resources WHERE resource_type = 'AuditEvent'`;
/** The sealed content of an AuditEvent's history row (the same columns; the row is resource_history's rowid). */
const HISTORY_CONTENT_SQL = `SELECT rowid AS row, json_array(org_id, id, version_id, last_updated, deleted, json) AS content
  FROM resource_history WHERE resource_type = 'AuditEvent'`;
/** Each source's records and how one is found by its row. */
const SOURCES: readonly { source: AuditSource; all: string; one: string }[] = [
  {
    source: 'audit_events',
    all: `${ACCOUNT_CONTENT_SQL} WHERE id > ? ORDER BY id`,
    one: `${ACCOUNT_CONTENT_SQL} WHERE id = ?`,
  },
  {
    source: 'AuditEvent',
    all: `${FHIR_CONTENT_SQL} AND rowid > ? ORDER BY rowid`,
    one: `${FHIR_CONTENT_SQL} AND rowid = ?`,
  },
  {
    source: 'AuditEvent_history',
    all: `${HISTORY_CONTENT_SQL} AND rowid > ? ORDER BY rowid`,
    one: `${HISTORY_CONTENT_SQL} AND rowid = ?`,
  },
];
/** The audit chain's name in chain_heads. */
const AUDIT_CHAIN = 'audit';

/**
 * The audit_events expression a limit counts by, and its value: a column, or for an organisation
 * the `orgId` of the record's JSON detail (the rows already narrowed by action and time).
 */
export function auditCountColumn(by: AuditCountBy): [expression: string, value: string] {
  if ('email' in by) return ['email', by.email];
  if ('userId' in by) return ['user_id', by.userId];
  if ('orgId' in by) return ["json_extract(detail, '$.orgId')", by.orgId];
  return ['ip', by.ip];
}

/** The audit repository over better-sqlite3 (tables audit_events and audit_chain, FHIR AuditEvents in resources). */
export class SqliteAuditStore implements AuditStore {
  constructor(private readonly db: Db) {}

  /** The last row of a source sealed into the chain (inside a method's serialized work). */
  private lastSealed(source: AuditSource): number {
    assertSerialized(this.db);
    const row = this.db.prepare('SELECT max(source_row) AS n FROM audit_chain WHERE source = ?').get(source) as {
      n: number | null;
    };
    return row.n ?? 0;
  }

  append(r: AuditRecord): Promise<void> {
    return serialized(this.db, () => {
      this.db
        .prepare(
          `INSERT INTO audit_events (at, user_id, email, action, outcome, ip, user_agent, detail)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(r.at, r.userId, r.email, r.action, r.outcome, r.ip, r.userAgent, r.detail);
      return;
    });
  }

  count(action: string, since: number, by: AuditCountBy): Promise<number> {
    return serialized(this.db, () => {
      const [column, value] = auditCountColumn(by);
      const row = this.db
        .prepare(`SELECT COUNT(*) AS n FROM audit_events WHERE action = ? AND at > ? AND ${column} = ?`)
        .get(action, since, value) as { n: number };
      return row.n;
    });
  }

  seal(now: number, link: (prevHash: string, record: UnsealedRecord) => string, genesis: string): Promise<number> {
    return serialized(this.db, () => {
      const sealed = this.db.transaction(() => {
        const head = this.db.prepare('SELECT hash FROM audit_chain ORDER BY seq DESC LIMIT 1').get() as
          { hash: string } | undefined;
        let prev = head?.hash ?? genesis;
        const insert = this.db.prepare(
          'INSERT INTO audit_chain (source, source_row, prev_hash, hash, sealed_at) VALUES (?, ?, ?, ?, ?)',
        );
        let count = 0;
        for (const { source, all } of SOURCES) {
          const rows = this.db.prepare(all).all(this.lastSealed(source)) as { row: number; content: string }[];
          for (const r of rows) {
            const hash = link(prev, { source, row: r.row, content: r.content });
            insert.run(source, r.row, prev, hash, now);
            prev = hash;
            count += 1;
          }
        }
        if (count > 0) {
          const length = (this.db.prepare('SELECT count(*) AS n FROM audit_chain').get() as { n: number }).n;
          this.db
            .prepare(
              `INSERT INTO chain_heads (chain, length, head) VALUES (?, ?, ?)
               ON CONFLICT (chain) DO UPDATE SET length = excluded.length, head = excluded.head`,
            )
            .run(AUDIT_CHAIN, length, prev);
        }
        return count;
      })();
      return sealed;
    });
  }

  links(): Promise<AuditLink[]> {
    return serialized(this.db, () => {
      const rows = this.db
        .prepare(
          'SELECT seq, source, source_row AS sourceRow, prev_hash AS prevHash, hash FROM audit_chain ORDER BY seq',
        )
        .all() as AuditLink[];
      return rows;
    });
  }

  anchor(): Promise<ChainHead | null> {
    return serialized(this.db, () => {
      const row = this.db.prepare('SELECT length, head FROM chain_heads WHERE chain = ?').get(AUDIT_CHAIN) as
        ChainHead | undefined;
      return row ?? null;
    });
  }

  content(source: AuditSource, row: number): Promise<string | null> {
    return serialized(this.db, () => {
      const sql = SOURCES.find((s) => s.source === source)!.one;
      const record = this.db.prepare(sql).get(row) as { content: string } | undefined;
      return record?.content ?? null;
    });
  }

  unsealed(): Promise<number> {
    return serialized(this.db, () =>
      SOURCES.reduce((n, { source, all }) => n + this.db.prepare(all).all(this.lastSealed(source)).length, 0),
    );
  }
}
