/*
 * Statements the database console's tests send (issue 41), kept in store/ where SQL text lives
 * (store/sql-boundary.test.ts): reads the console answers, and the writes, ATTACH and PRAGMA it refuses.
 */

const quoted = (ids: readonly string[]): string => ids.map((id) => `'${id}'`).join(', ');

export const CONSOLE_SQL = {
  one: 'SELECT 1',
  orgIdAndName: (id: string): string => `SELECT id, name FROM orgs WHERE id = '${id}'`,
  orgId: (id: string): string => `SELECT id FROM orgs WHERE id = '${id}'`,
  orgName: (id: string): string => `SELECT name FROM orgs WHERE id = '${id}'`,
  orgCount: (ids: readonly string[]): string => `SELECT count(*) AS n FROM orgs WHERE id IN (${quoted(ids)})`,
  deleteOrgs: 'DELETE FROM orgs',
  /** An aggregate over an endless recursive CTE: answers no row until the time limit stops it. */
  endlessCount: 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT count(*) FROM c',
  /** Counts 1, 2, 3… without end: only the console's row bound stops it. */
  endless: 'WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT x FROM n',
  /** A string of 20 × n characters built by SQLite itself (memory grows with n, no row answered until done). */
  bigConcat: (n: number): string =>
    `WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < ${n}) SELECT length(group_concat(printf('%020d', x))) FROM n`,
  /** `rows` rows of one value `chars` characters long. */
  wideRows: (rows: number, chars: number): string =>
    `WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < ${rows}) SELECT printf('%.*c', ${chars}, 'x') AS v FROM n`,
  /** Every statement the console must refuse, none of which may change anything. */
  refused: [
    "INSERT INTO orgs (id, name) VALUES ('x', 'x')",
    "UPDATE orgs SET name = 'Hacked'",
    'DELETE FROM orgs',
    "/* a comment first */ delete from orgs where id = 'annex'",
    "WITH gone AS (SELECT 1) DELETE FROM orgs WHERE id = 'annex'",
    "ATTACH DATABASE ':memory:' AS scratch",
    'PRAGMA writable_schema = 1',
    'PRAGMA writable_schema=ON',
    'SELECT 1; DELETE FROM orgs',
    'DROP TABLE orgs',
  ],
} as const;

/** PostgreSQL's statements for its console's test (console-postgres.test.ts). */
export const PG_CONSOLE_SQL = {
  /** `rows` rows of one value `chars` characters long. */
  wideRows: (rows: number, chars: number): string =>
    `SELECT repeat('x', ${chars}) AS v FROM generate_series(1, ${rows})`,
  /** Takes a session-level advisory lock: must not outlive the statement's connection. */
  sessionLock: (key: number): string => `SELECT pg_advisory_lock(${key})`,
  tryLock: 'SELECT pg_try_advisory_lock($1) AS free',
  unlock: 'SELECT pg_advisory_unlock($1)',
  bytes: "SELECT '\\x010203'::bytea AS b, NULL::text AS n, 2::bigint AS big, true AS yes",
  explain: 'EXPLAIN SELECT id FROM orgs',
  /** Writes PostgreSQL's READ ONLY transaction refuses once DB1 has let them through. */
  refusedByTransaction: [
    'WITH gone AS (DELETE FROM orgs RETURNING id) SELECT * FROM gone',
    "SELECT set_config('transaction_read_only', 'off', true)",
    'SELECT id FROM orgs FOR UPDATE',
    'EXPLAIN ANALYZE DELETE FROM orgs',
  ],
  /** A second statement after the first: the extended protocol refuses it (no COMMIT out of the transaction). */
  twoStatements: 'SELECT 1; COMMIT; DELETE FROM orgs',
  /** Rows of orgs, without the console. */
  orgCount: 'SELECT count(*) AS n FROM orgs',
} as const;
