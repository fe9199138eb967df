import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../sqlite/database.js';
import { CONSOLE_SQL } from './console-sql.test-util.js';
import { DB_CONSOLE_MAX_CELL_CHARS } from './console-run.js';
import { ReadOnlyConsole } from './sqlite.js';
import { ConsoleRefusal } from './types.js';

/*
 * Issue 41 (session 30): the database console's child process has a memory cap, and an answer a
 * size cap. A statement that builds a huge value in SQLite is stopped once the process passes the
 * cap (its JavaScript heap is capped by V8 too) and refused with a clear text; the next statement
 * runs in a new process.
 */

describe('the database console’s memory and answer caps', () => {
  let dir = '';
  let file = '';

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'vigil-console-'));
    const opened = openDatabase(dir);
    file = opened.db.name;
    opened.db.close();
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('stops a statement whose process passes the memory cap, says so, and answers the next one', async () => {
    const console = new ReadOnlyConsole(file, { timeLimitMs: 120_000, memoryMb: 200 });
    try {
      // 20,000,000 × 20 characters: 400 MB of text in SQLite's own memory before any row comes back.
      const refused = await console.run(CONSOLE_SQL.bigConcat(20_000_000), 10).then(
        () => null,
        (err: unknown) => err,
      );
      expect(refused).toBeInstanceOf(ConsoleRefusal);
      expect((refused as Error).message).toBe('The statement used more than 200 MB of memory and was stopped');
      expect((await console.run(CONSOLE_SQL.one, 10)).rows).toEqual([['1']]);
    } finally {
      console.close();
    }
  }, 180_000);

  it('cuts a long value and leaves out the rows past the answer’s size', async () => {
    const console = new ReadOnlyConsole(file, { timeLimitMs: 120_000 });
    try {
      const answer = await console.run(CONSOLE_SQL.wideRows(150, 20_000), 200);
      // Each value is cut at 10,000 characters and says how long it was; 1,000,000 characters
      // hold 99 such rows (10,000 + the note each), so the hundredth and the rest are left out.
      expect(answer.rows[0]![0]).toBe(`${'x'.repeat(DB_CONSOLE_MAX_CELL_CHARS)}… (20000 characters)`);
      expect(answer.rows).toHaveLength(99);
      expect(answer.truncated).toBe(true);
    } finally {
      console.close();
    }
  }, 180_000);
});
