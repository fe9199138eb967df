import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import type { UnitOfWork } from '../unit-of-work.js';
import type { PgPool } from './database.js';

/*
 * The unit of work on PostgreSQL (issue 43; store/unit-of-work.ts). A unit takes one pooled
 * client from BEGIN to COMMIT and carries it in the async context (AsyncLocalStorage), as the
 * SQLite side carries its open transaction: every store method on this database called inside the
 * unit's callback (and whatever it awaits) runs its statements on that client, so they commit or
 * roll back together; a statement from anywhere else (another request, a timer the callback
 * started that outlives it) runs on a pool client of its own and never joins the unit.
 *
 * Unlike SQLite's one connection, units do not queue behind one another: each has its own client,
 * and PostgreSQL keeps them apart (READ COMMITTED). A store whose writes must be ordered across
 * concurrent units (a hash chain, the change feed, rate-limit places) takes a lock for it inside
 * its own statements: a row lock or a transaction-scoped advisory lock, released at COMMIT.
 */

/** A unit running (or a savepoint nested in one): its database's client, open until it ends, and what waits for its commit. */
interface Running {
  readonly database: PostgresDatabase;
  readonly client: pg.PoolClient;
  open: boolean;
  readonly onCommit: (() => void)[];
}

/** The units the current async context runs in. */
const running = new AsyncLocalStorage<readonly Running[]>();
let savepoints = 0;

/** A PostgreSQL database as the stores use it: statements that join the caller's unit, and units. */
export class PostgresDatabase implements UnitOfWork {
  constructor(readonly pool: PgPool) {}

  /** The innermost open unit of this database in the caller's context, if any. */
  private current(): Running | undefined {
    return (running.getStore() ?? []).filter((t) => t.database === this && t.open).at(-1);
  }

  /** Whether the caller runs inside an open unit of this database. */
  inTransaction(): boolean {
    return this.current() !== undefined;
  }

  /** One statement: on the caller's unit's client inside a unit, else on a pool client (committed at once). */
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    sql: string,
    params: readonly unknown[] = [],
  ): Promise<pg.QueryResult<R>> {
    const unit = this.current();
    return unit ? unit.client.query<R>(sql, params as unknown[]) : this.pool.query<R>(sql, params as unknown[]);
  }

  /**
   * Runs `fn` as one transaction: a new unit on a client of its own, or, called inside a running
   * unit of this database, a savepoint of it (its rejection undoes only its own writes; it
   * commits with the outer unit). Nested units of one unit run one after another, as in SQLite.
   */
  async transaction<T>(fn: () => Promise<T>): Promise<T> {
    const outer = (running.getStore() ?? []).filter((t) => t.open);
    const parent = this.current();
    if (parent) {
      const name = `vigil_sp_${(savepoints += 1)}`;
      const sp: Running = { database: this, client: parent.client, open: true, onCommit: [] };
      await parent.client.query(`SAVEPOINT ${name}`);
      try {
        const result = await running.run([...outer, sp], fn);
        sp.open = false;
        await parent.client.query(`RELEASE SAVEPOINT ${name}`);
        parent.onCommit.push(...sp.onCommit);
        return result;
      } catch (err) {
        sp.open = false;
        await parent.client.query(`ROLLBACK TO SAVEPOINT ${name}`);
        await parent.client.query(`RELEASE SAVEPOINT ${name}`);
        throw err;
      }
    }
    const client = await this.pool.connect();
    const unit: Running = { database: this, client, open: true, onCommit: [] };
    try {
      await client.query('BEGIN');
    } catch (err) {
      // A connection that fails BEGIN or COMMIT is closed rather than handed back to the pool.
      client.release(true);
      throw err;
    }
    let result: T;
    try {
      result = await running.run([...outer, unit], fn);
    } catch (err) {
      unit.open = false;
      const rolledBack = await client.query('ROLLBACK').then(
        () => true,
        () => false,
      );
      client.release(!rolledBack);
      throw err;
    }
    // Closed before COMMIT: a statement started later (a timer of the callback) goes to the pool.
    unit.open = false;
    try {
      await client.query('COMMIT');
    } catch (err) {
      client.release(true);
      throw err;
    }
    client.release();
    for (const callback of unit.onCommit) callback();
    return result;
  }

  /**
   * Runs `callback` once what the caller wrote is committed: at once outside every unit of this
   * database, after the commit of the outermost unit otherwise, never when it rolls back.
   */
  afterCommit(callback: () => void): void {
    const unit = this.current();
    if (unit) unit.onCommit.push(callback);
    else callback();
  }
}

/** Runs `fn` outside every unit of the current async context (what it starts waits for no unit and joins none). */
export function detachedFromPostgres<T>(fn: () => T): T {
  return running.exit(fn);
}
