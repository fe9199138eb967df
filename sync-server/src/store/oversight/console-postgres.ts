import pg from 'pg';
import { cellText, DB_CONSOLE_MAX_ANSWER_CHARS } from './console-run.js';
import { DB_CONSOLE_TIME_LIMIT_MS } from './sqlite.js';
import {
  ConsoleRefusal,
  consoleKeyword,
  consoleStatementRefusal,
  type ConsoleAnswer,
  type DbConsole,
} from './types.js';

/** Rows fetched from the console's cursor at a time: the answer's size is checked between batches. */
const FETCH_BATCH = 10;
/** PostgreSQL's type id of bytea: shown by its size, as SQLite's blobs are. */
const BYTEA = 17;
/** Every value as PostgreSQL's own text of it, bytea as bytes. */
const TEXT_TYPES = {
  getTypeParser: (oid: number): ((v: string) => unknown) =>
    oid === BYTEA ? (pg.types.getTypeParser(BYTEA) as (v: string) => Buffer) : (v: string) => v,
};
/** SQLSTATE query_canceled: statement_timeout stopped the statement. */
const QUERY_CANCELED = '57014';

/** PostgreSQL's error (a SQLSTATE of five characters), not a connection's. */
const databaseError = (err: unknown): err is Error & { code: string } => {
  const code = err instanceof Error ? (err as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
};

/**
 * The database console (issue 41, `/vigil-team/db-console`) on PostgreSQL (issue 43). Each
 * statement runs on a connection of its own (not the server's pool: nothing a statement leaves
 * on its session, an advisory lock or a setting, outlives it), inside a READ ONLY transaction
 * that PostgreSQL itself keeps from writing (nextval, temporary tables and data-modifying WITH
 * included) with a statement_timeout of the console's time limit, rolled back afterwards. Before
 * that, DB1 as on SQLite: one statement of a reading kind, sent by the extended protocol, which
 * refuses a second statement (`SELECT 1; COMMIT; DELETE …` never leaves the transaction). A
 * SELECT, WITH or VALUES is read through a cursor, a few rows at a time, so an endless one stops
 * at the row cap (`maxRows`) and the answer's size cap, as SQLite's console does; an EXPLAIN
 * answers its plan. PRAGMA is SQLite's and is refused.
 */
export class PostgresConsole implements DbConsole {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly timeLimitMs: number;

  constructor(
    private readonly config: pg.ClientConfig,
    limits: { timeLimitMs?: number } = {},
  ) {
    this.timeLimitMs = limits.timeLimitMs ?? DB_CONSOLE_TIME_LIMIT_MS;
  }

  run(sql: string, maxRows: number): Promise<ConsoleAnswer> {
    const refusal =
      consoleStatementRefusal(sql) ?? (consoleKeyword(sql) === 'PRAGMA' ? 'PRAGMA is not PostgreSQL' : null);
    if (refusal !== null) return Promise.reject(new ConsoleRefusal(refusal));
    const answer = this.queue.then(() => this.runNow(sql, maxRows));
    this.queue = answer.catch(() => undefined);
    return answer;
  }

  private async runNow(sql: string, maxRows: number): Promise<ConsoleAnswer> {
    const client = new pg.Client(this.config);
    client.on('error', () => undefined);
    await client.connect();
    const deadline = Date.now() + this.timeLimitMs;
    const timeout = (): number => Math.max(1, deadline - Date.now());
    try {
      // SELECT 1 takes the transaction's first snapshot: from then on PostgreSQL refuses to make
      // it read-write (set_config('transaction_read_only', 'off', true) in the statement).
      await client.query(`BEGIN READ ONLY; SET LOCAL statement_timeout = ${timeout()}; SELECT 1`);
      return await this.read(client, sql, maxRows, timeout);
    } catch (err) {
      if (databaseError(err)) {
        throw new ConsoleRefusal(
          err.code === QUERY_CANCELED
            ? `The statement ran longer than ${this.timeLimitMs / 1000} s and was stopped`
            : err.message,
        );
      }
      throw err;
    } finally {
      await client.query('ROLLBACK').catch(() => undefined);
      await client.end().catch(() => undefined);
    }
  }

  private async read(client: pg.Client, sql: string, maxRows: number, timeout: () => number): Promise<ConsoleAnswer> {
    const query = (text: string): Promise<pg.QueryArrayResult> => {
      // The extended protocol: PostgreSQL refuses a second statement in `text`.
      const config: pg.QueryArrayConfig & { queryMode: 'extended' } = {
        text,
        rowMode: 'array',
        types: TEXT_TYPES,
        queryMode: 'extended',
      };
      return client.query(config);
    };
    if (consoleKeyword(sql) === 'EXPLAIN') {
      const plan = await query(sql);
      return answerOf(plan.fields, plan.rows, maxRows, false);
    }
    await query(`DECLARE vigil_console NO SCROLL CURSOR FOR ${sql}`);
    const rows: unknown[][] = [];
    let chars = 0;
    for (;;) {
      await client.query(`SET LOCAL statement_timeout = ${timeout()}`);
      const batch = await query(`FETCH FORWARD ${FETCH_BATCH} FROM vigil_console`);
      for (const row of batch.rows) {
        rows.push(row);
        chars += row.reduce<number>((n, v) => n + (cellText(v)?.length ?? 0), 0);
      }
      if (batch.rows.length < FETCH_BATCH) return answerOf(batch.fields, rows, maxRows, false);
      if (rows.length > maxRows || chars > DB_CONSOLE_MAX_ANSWER_CHARS)
        return answerOf(batch.fields, rows, maxRows, true);
    }
  }

  close(): void {
    // Nothing stays open between statements.
  }
}

/** At most `maxRows` rows and 1,000,000 characters, each value as the console shows it. */
function answerOf(fields: pg.FieldDef[], raw: unknown[][], maxRows: number, more: boolean): ConsoleAnswer {
  const rows: (string | null)[][] = [];
  let chars = 0;
  for (const row of raw) {
    const cells = row.map(cellText);
    chars += cells.reduce((n, c) => n + (c?.length ?? 0), 0);
    if (rows.length === maxRows || chars > DB_CONSOLE_MAX_ANSWER_CHARS)
      return { columns: names(fields), rows, truncated: true };
    rows.push(cells);
  }
  return { columns: names(fields), rows, truncated: more };
}

const names = (fields: pg.FieldDef[]): string[] => fields.map((f) => f.name);
