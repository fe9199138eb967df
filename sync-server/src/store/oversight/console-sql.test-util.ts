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
