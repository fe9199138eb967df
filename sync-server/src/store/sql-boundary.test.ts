import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Issue 26: SQL lives in store/ only. This is the grep, run over the source tree on every
 * unit run so it stays true: no `prepare(` and no SQL statement text in a TypeScript file of the
 * server or the scripts outside sync-server/src/store/ (tests beside the code included).
 */

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const STORE = path.join(REPO, 'sync-server/src/store') + path.sep;
// The grep, except that a statement word must not end an identifier (`NO_HHX_TO_UPDATE = …` is no SQL).
const SQL = /prepare\(|(?<![\w$])(?:SELECT |INSERT |UPDATE |DELETE FROM)/;

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'node_modules') return [];
    if (statSync(full).isDirectory()) return tsFiles(full);
    return name.endsWith('.ts') ? [full] : [];
  });
}

/** Every `file:line: text` where SQL appears outside store/. */
function sqlOutsideStore(roots: readonly string[]): string[] {
  return roots
    .flatMap((root) => tsFiles(path.join(REPO, root)))
    .filter((file) => !file.startsWith(STORE))
    .flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (SQL.test(line) ? [`${path.relative(REPO, file)}:${i + 1}: ${line.trim()}`] : [])),
    );
}

describe('the SQL boundary (issue 26)', () => {
  it('finds no prepare( or SQL text in sync-server/src or scripts outside sync-server/src/store/', () => {
    expect(sqlOutsideStore(['sync-server/src', 'scripts'])).toEqual([]);
  });

  it('tells SQL from an identifier that ends in a statement word', () => {
    expect(SQL.test("const NO_HHX_TO_UPDATE = 'No HHX found to update';")).toBe(false);
    expect(SQL.test("db.exec('UPDATE orgs SET name = ?')")).toBe(true);
    expect(SQL.test('`DELETE FROM sessions`')).toBe(true);
  });

  it('sees the SQL that is there: the store’s own files hold it', () => {
    // The check can fail: the same pattern finds the statements where they belong.
    const inStore = tsFiles(STORE).filter((file) => SQL.test(readFileSync(file, 'utf8')));
    expect(inStore.map((f) => path.relative(REPO, f))).toContain('sync-server/src/store/reports/sqlite.ts');
  });
});
