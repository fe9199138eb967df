import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Issue 26: SQL lives in store/ only. This is the grep, run over the source tree on every
 * unit run so it stays true: no `prepare(` and no SQL statement text in a TypeScript file of the
 * server or the scripts outside sync-server/src/store/ (tests beside the code included).
 * Issue 36 item 4: nor in tests/, which read through the stores (tests/utils/stores.ts) and the
 * store's own test utilities (store/<area>/inspect.test-util.ts, tamper.test-util.ts); a file
 * there does not even import the SQLite driver.
 */

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const STORE = path.join(REPO, 'sync-server/src/store') + path.sep;
// The grep, except that a statement word must not end an identifier (`NO_HHX_TO_UPDATE = …` is no SQL).
const SQL = /prepare\(|(?<![\w$])(?:SELECT |INSERT |UPDATE |DELETE FROM)/;
/** In tests/ a connection comes from the store's test utilities only: no file there imports the driver. */
const DRIVER = /from ['"]better-sqlite3['"]/;
const ROOTS = ['sync-server/src', 'scripts', 'tests'] as const;

/**
 * How many `new Database(` calls of a file open a writable connection whose transactions stay
 * deferred: neither read-only in the call itself (up to its `;`), nor wrapped in
 * `immediateTransactions(`, nor assigned to a name (`db`, `this.db`) the file passes through it.
 * Every call counts, whatever stands before it (a `return`, an argument, a field).
 */
function deferredOpenings(text: string): number {
  return [...text.matchAll(/new Database\(([^;]*);/g)].filter((call) => {
    const before = text.slice(0, call.index);
    if (/immediateTransactions\(\s*$/.test(before) || /readonly: true/.test(call[1] ?? '')) return false;
    const name = /([\w.]+)\s*=\s*$/.exec(before)?.[1];
    return !(name && text.includes(`immediateTransactions(${name})`));
  }).length;
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'node_modules') return [];
    if (statSync(full).isDirectory()) return tsFiles(full);
    return name.endsWith('.ts') ? [full] : [];
  });
}

/** Every `file:line: text` of one file (path relative to the repository) that breaks the boundary. */
function offendingLines(file: string, text: string): string[] {
  const inTests = file.startsWith('tests/');
  return text
    .split('\n')
    .flatMap((line, i) =>
      SQL.test(line) || (inTests && DRIVER.test(line)) ? [`${file}:${i + 1}: ${line.trim()}`] : [],
    );
}

/** Every `file:line: text` where SQL appears outside store/. */
function sqlOutsideStore(roots: readonly string[]): string[] {
  return roots
    .flatMap((root) => tsFiles(path.join(REPO, root)))
    .filter((file) => !file.startsWith(STORE))
    .flatMap((file) => offendingLines(path.relative(REPO, file).split(path.sep).join('/'), readFileSync(file, 'utf8')));
}

describe('the SQL boundary (issue 26)', () => {
  it('finds no prepare( or SQL text in sync-server/src, scripts or tests outside sync-server/src/store/', () => {
    expect(sqlOutsideStore(ROOTS)).toEqual([]);
  });

  it('tells SQL from an identifier that ends in a statement word', () => {
    expect(SQL.test("const NO_HHX_TO_UPDATE = 'No HHX found to update';")).toBe(false);
    expect(SQL.test("db.exec('UPDATE orgs SET name = ?')")).toBe(true);
    expect(SQL.test('`DELETE FROM sessions`')).toBe(true);
  });

  it('catches a test under tests/ that reads SQLite rows itself, and walks the whole of tests/', () => {
    // What tests/integration/report-unfinalize.test.ts did before issue 36: every line of it is caught.
    const rowRead = [
      "import Database from 'better-sqlite3';",
      'const rows = db.prepare("SELECT detail FROM audit_events WHERE action = \'reportUnfinalized\'").all();',
    ].join('\n');
    expect(offendingLines('tests/integration/report-unfinalize.test.ts', rowRead)).toEqual([
      "tests/integration/report-unfinalize.test.ts:1: import Database from 'better-sqlite3';",
      'tests/integration/report-unfinalize.test.ts:2: const rows = db.prepare("SELECT detail FROM audit_events WHERE action = \'reportUnfinalized\'").all();',
    ]);
    // The driver itself is the store's (and the benchmark script's) to import, not a test's.
    expect(
      offendingLines('sync-server/src/store/sqlite/database.ts', "import Database from 'better-sqlite3';"),
    ).toEqual([]);
    // The scan reaches the integration, security and end-to-end tests and their utilities.
    const walked = tsFiles(path.join(REPO, 'tests')).map((f) => path.relative(REPO, f).split(path.sep).join('/'));
    expect(walked).toEqual(
      expect.arrayContaining([
        'tests/integration/report-unfinalize.test.ts',
        'tests/security/audit-chain.test.ts',
        'tests/utils/stores.ts',
      ]),
    );
    expect(walked.some((f) => f.startsWith('tests/e2e/'))).toBe(true);
  });

  it('opens a SQLite connection only read-only or with every transaction IMMEDIATE (session 36)', () => {
    // A second process writes to the same file (the admin CLI, the migration command, a test's
    // store utilities beside a server): a deferred transaction that read first fails there with
    // SQLITE_BUSY_SNAPSHOT. store/sqlite/database.ts makes every transaction IMMEDIATE.
    const opening = ROOTS.flatMap((root) => tsFiles(path.join(REPO, root)))
      .filter((file) => !file.endsWith('.test.ts'))
      .map((file) => ({ file: path.relative(REPO, file).split(path.sep).join('/'), text: readFileSync(file, 'utf8') }))
      .filter(({ text }) => text.includes('new Database('));
    expect(opening.map((o) => o.file)).toEqual(
      expect.arrayContaining([
        'sync-server/src/store/sqlite/database.ts',
        'sync-server/src/store/oversight/console-child.ts',
      ]),
    );
    expect(opening.filter(({ text }) => deferredOpenings(text) > 0).map((o) => o.file)).toEqual([]);
  });

  it('catches a writable connection that does not go through immediateTransactions', () => {
    expect(deferredOpenings('const db = new Database(file, { readonly: true, fileMustExist: true });')).toBe(0);
    expect(deferredOpenings('const db = immediateTransactions(new Database(file));')).toBe(0);
    expect(deferredOpenings('const db = new Database(file);\nreturn immediateTransactions(db);')).toBe(0);
    expect(deferredOpenings('const db = new Database(file);\nreturn db;')).toBe(1);
    // Whatever stands before the call: a return, a field, an argument.
    expect(deferredOpenings('return new Database(file);')).toBe(1);
    expect(deferredOpenings('this.db = new Database(file);')).toBe(1);
    expect(deferredOpenings('this.db = new Database(file);\nimmediateTransactions(this.db);')).toBe(0);
    expect(deferredOpenings('stores(new Database(file), log);')).toBe(1);
    // One read-only connection does not excuse a writable one beside it.
    expect(
      deferredOpenings('const r = new Database(file, { readonly: true });\nconst w = new Database(file);\nreturn w;'),
    ).toBe(1);
  });

  it('sees the SQL that is there: the store’s own files hold it', () => {
    // The check can fail: the same pattern finds the statements where they belong.
    const inStore = tsFiles(STORE).filter((file) => SQL.test(readFileSync(file, 'utf8')));
    expect(inStore.map((f) => path.relative(REPO, f))).toContain('sync-server/src/store/reports/sqlite.ts');
  });
});
