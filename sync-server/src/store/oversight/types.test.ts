import { describe, expect, it } from 'vitest';
import { consoleKeyword, consoleStatementRefusal } from './types.js';

describe('the database console’s statement check (issue 41)', () => {
  it.each([
    ['SELECT 1', 'SELECT'],
    ['  /* why */ -- a note\n select * from orgs', 'SELECT'],
    ['(SELECT 1)', 'SELECT'],
    ['with x as (select 1) select * from x', 'WITH'],
    ['', ''],
  ])('[DB1] finds the keyword of %j: %j', (sql, keyword) => {
    expect(consoleKeyword(sql)).toBe(keyword);
  });

  it.each([
    'SELECT id FROM orgs',
    'WITH x AS (SELECT 1) SELECT * FROM x',
    'EXPLAIN QUERY PLAN SELECT 1',
    'PRAGMA user_version',
  ])('[DB1] lets %j through to SQLite’s own read-only check', (sql) => {
    expect(consoleStatementRefusal(sql)).toBeNull();
  });

  it.each([
    ["INSERT INTO orgs VALUES ('x')", 'INSERT is not a read'],
    ['update orgs set name = 1', 'UPDATE is not a read'],
    ['/* SELECT */ DELETE FROM orgs', 'DELETE is not a read'],
    ["ATTACH ':memory:' AS m", 'ATTACH is not a read'],
    ['DETACH m', 'DETACH is not a read'],
    ['PRAGMA writable_schema = 1', 'A PRAGMA that sets a value is not a read'],
    ['PRAGMA writable_schema(1)', 'A PRAGMA that sets a value is not a read'],
    ['VACUUM', 'VACUUM is not a read'],
    ['-- nothing', 'This statement is not a read'],
  ])('[DB1] refuses %j before it is prepared', (sql, reason) => {
    expect(consoleStatementRefusal(sql)).toBe(reason);
  });
});
