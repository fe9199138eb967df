import Database from 'better-sqlite3';
import type { CaseFacts } from '@vigil/shared';
import type { PageRequest } from '../../pages.js';
import { assertSerialized, serialized } from '../resources/transactions.js';
import type { Db } from '../sqlite/database.js';
import {
  ConsoleRefusal,
  consoleStatementRefusal,
  type CaseDayRow,
  type ConsoleAnswer,
  type DbConsole,
  type OnboardingRow,
  type OversightStore,
} from './types.js';

/*
 * The team app's reads across organisations (issue 41; spec 000 §2 `/vigil-team/cases`,
 * `case-stats`, `db-console`): the analytics read model's case rows of every organisation, counts
 * of cases per day, and the database console's read-only connection.
 */

export class SqliteOversightStore implements OversightStore {
  constructor(private readonly db: Db) {}

  /** One page of every organisation's cases (of one when given), newest start first. */
  cases(orgId: string | null, page: PageRequest): Promise<CaseFacts[]> {
    return serialized(this.db, () => {
      const where: string[] = [];
      const params: unknown[] = [];
      if (orgId !== null) {
        where.push('org_id = ?');
        params.push(orgId);
      }
      const m = page.after === null ? null : /^(-?\d+)~([^~]+)~(.+)$/.exec(page.after);
      if (m) {
        where.push('(start_key < ? OR (start_key = ? AND (org_id > ? OR (org_id = ? AND case_id > ?))))');
        params.push(Number(m[1]), Number(m[1]), m[2], m[2], m[3]);
      }
      const rows = this.db
        .prepare(
          `SELECT facts FROM analytics_case_facts ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
           ORDER BY start_key DESC, org_id, case_id LIMIT ?`,
        )
        .all(...params, page.first) as { facts: string }[];
      return rows.map((r) => JSON.parse(r.facts) as CaseFacts);
    });
  }

  onboarding(page: PageRequest): Promise<OnboardingRow[]> {
    return serialized(this.db, () => {
      const m = page.after === null ? null : /^(\d+)~(.+)$/.exec(page.after);
      const rows = this.db
        .prepare(
          `SELECT o.id, o.name, o.created_at, o.trial_end, o.subscription_status, o.is_onboarding, o.plan_id, o.has_baa,
             (SELECT count(*) FROM org_members m WHERE m.org_id = o.id) AS members,
             (SELECT count(*) FROM analytics_case_facts f WHERE f.org_id = o.id) AS cases,
             (SELECT count(*) FROM analytics_case_facts f WHERE f.org_id = o.id AND f.status = 'finalized') AS signed
           FROM orgs o
           WHERE o.type = 'regular' AND (o.is_onboarding = 1 OR o.subscription_status IN ('trialing', 'none'))
             ${m ? 'AND (o.created_at < ? OR (o.created_at = ? AND o.id > ?))' : ''}
           ORDER BY o.created_at DESC, o.id LIMIT ?`,
        )
        .all(...(m ? [Number(m[1]), Number(m[1]), m[2]] : []), page.first) as {
        id: string;
        name: string;
        created_at: number;
        trial_end: number | null;
        subscription_status: string;
        is_onboarding: number;
        plan_id: string | null;
        has_baa: number;
        members: number;
        cases: number;
        signed: number;
      }[];
      return rows.map((r) => ({
        ...{ orgId: r.id, name: r.name, createdAt: r.created_at, trialEnd: r.trial_end },
        ...{ subscriptionStatus: r.subscription_status, isOnboarding: r.is_onboarding === 1 },
        ...{ planChosen: r.plan_id !== null, baaSigned: r.has_baa === 1, members: r.members },
        ...{ cases: r.cases, signedCases: r.signed },
      }));
    });
  }

  /** Which organisation holds a case (ids are unique across organisations), or null. */
  orgOfCase(caseId: string): Promise<string | null> {
    return serialized(this.db, () => {
      const row = this.db.prepare('SELECT org_id FROM analytics_case_facts WHERE case_id = ? LIMIT 1').get(caseId) as
        { org_id: string } | undefined;
      return row?.org_id ?? null;
    });
  }

  /** Cases per UTC day started in [from, to) (epoch ms), with the organisations they were in; days without none. */
  casesPerDay(from: number, to: number): Promise<CaseDayRow[]> {
    return serialized(
      this.db,
      () =>
        this.db
          .prepare(
            `SELECT strftime('%Y-%m-%d', start_key / 1000, 'unixepoch') AS day, count(*) AS cases,
             count(DISTINCT org_id) AS orgs
           FROM analytics_case_facts WHERE start_key >= ? AND start_key < ? GROUP BY day ORDER BY day`,
          )
          .all(from, to) as CaseDayRow[],
    );
  }

  /** Organisations with at least one case started in [from, to). */
  activeOrgs(from: number, to: number): Promise<number> {
    return serialized(this.db, () => {
      const row = this.db
        .prepare('SELECT count(DISTINCT org_id) AS n FROM analytics_case_facts WHERE start_key >= ? AND start_key < ?')
        .get(from, to) as { n: number };
      return row.n;
    });
  }
}

/**
 * The database console's connection (issue 41, `/vigil-team/db-console`): the server's database
 * file opened a second time with `readonly: true`, so SQLite itself refuses every write; before
 * that, only one statement of a reading kind (DB1) that SQLite calls read-only and that answers
 * rows is run; a PRAGMA with a value (writable_schema = 1) is refused; at most `maxRows` rows.
 */
/** A value as the console shows it: SQLite's numbers, text and bigints as text, a blob by its size, NULL as null. */
function cellText(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (Buffer.isBuffer(v)) return `<${v.length} bytes>`;
  return typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'bigint' ? v.toString() : JSON.stringify(v);
}

export class ReadOnlyConsole implements DbConsole {
  private connection: Db | null = null;

  constructor(private readonly file: string) {}

  private open(): Db {
    this.connection ??= new Database(this.file, { readonly: true, fileMustExist: true });
    return this.connection;
  }

  run(sql: string, maxRows: number): Promise<ConsoleAnswer> {
    const db = this.open();
    return serialized(db, () => this.runNow(db, sql, maxRows));
  }

  private runNow(db: Db, sql: string, maxRows: number): ConsoleAnswer {
    assertSerialized(db);
    const refusal = consoleStatementRefusal(sql);
    if (refusal !== null) throw new ConsoleRefusal(refusal);
    let stmt: Database.Statement;
    try {
      stmt = db.prepare(sql);
    } catch (err) {
      throw new ConsoleRefusal(err instanceof Error ? err.message : 'The statement could not be read');
    }
    if (!stmt.readonly || !stmt.reader) throw new ConsoleRefusal('Only a statement that reads rows may run here');
    stmt.raw(true);
    const columns = stmt.columns().map((c) => c.name);
    const rows: (string | null)[][] = [];
    let truncated = false;
    for (const row of stmt.iterate() as Iterable<unknown[]>) {
      if (rows.length === maxRows) {
        truncated = true;
        break;
      }
      rows.push(row.map(cellText));
    }
    return { columns, rows, truncated };
  }

  close(): void {
    this.connection?.close();
    this.connection = null;
  }
}
