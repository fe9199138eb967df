import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { importCycles } from '@vigil/shared';

/*
 * Issue 36 item 7: the server's areas are not one knot. An area is the first folder under
 * sync-server/src (a file directly in it is an area of its own: services.ts, errors.ts…). This
 * reads the source on every unit run, as sql-boundary.test.ts does, and builds the graph of value
 * imports between areas (`import type` and `export type` are erased and do not count; an
 * `import { type A }` still loads its module under verbatimModuleSyntax and counts). It holds:
 *  - no cycle between areas, except the ones listed below, which may only shrink;
 *  - store/ imports no domain area (only store/ itself and the leaf modules errors.ts, log.ts,
 *    pages.ts, config.ts), except the imports listed below, which may only shrink.
 * Both lists must match what is there exactly: a cycle or an import that is gone fails until it
 * leaves its list, so the lists never hold more than the tree does.
 */

const SRC = path.dirname(fileURLToPath(import.meta.url));

/** Cycles not untied yet, each as its areas sorted (none left: the list may only stay empty). */
const ALLOWED_CYCLES: readonly (readonly string[])[] = [];

/** store/ → domain imports not moved yet (`from -> to`, paths from sync-server/src). */
const ALLOWED_STORE_IMPORTS: readonly string[] = [];

/** What store/ may import besides itself: modules that import no area. */
const STORE_MAY_IMPORT = new Set(['store', 'errors.ts', 'log.ts', 'pages.ts', 'config.ts']);

function moduleFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return moduleFiles(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.test-util.ts') ? [full] : [];
  });
}

/** The relative modules a source loads at run time: value imports and re-exports, side-effect imports. */
function valueImports(source: string): string[] {
  const file = ts.createSourceFile('module.ts', source, ts.ScriptTarget.Latest);
  const out: string[] = [];
  for (const statement of file.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      if (statement.importClause?.isTypeOnly) continue;
      out.push(statement.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(statement) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      if (statement.isTypeOnly) continue;
      const clause = statement.exportClause;
      // `export { type A } from` is erased whole when every name is a type.
      if (
        clause &&
        ts.isNamedExports(clause) &&
        clause.elements.length > 0 &&
        clause.elements.every((e) => e.isTypeOnly)
      )
        continue;
      out.push(statement.moduleSpecifier.text);
    }
  }
  return out.filter((spec) => spec.startsWith('.'));
}

const rel = (file: string): string => path.relative(SRC, file).split(path.sep).join('/');
const areaOf = (relative: string): string => relative.split('/')[0]!;

/** Every value import between two areas, as `from -> to` file pairs (paths from sync-server/src). */
function crossAreaImports(): { from: string; to: string }[] {
  return moduleFiles(SRC).flatMap((file) =>
    valueImports(readFileSync(file, 'utf8'))
      .map((spec) => path.resolve(path.dirname(file), spec.replace(/\.js$/, '.ts')))
      .filter((target) => target.startsWith(SRC + path.sep))
      .map((target) => ({ from: rel(file), to: rel(target) }))
      .filter(({ from, to }) => areaOf(from) !== areaOf(to)),
  );
}

describe('server areas (issue 36 item 7)', () => {
  const imports = crossAreaImports();

  it('finds no value-import cycle between areas but the listed ones', () => {
    const edges = imports.map(({ from, to }): [string, string] => [areaOf(from), areaOf(to)]);
    expect(importCycles(edges)).toEqual(ALLOWED_CYCLES);
  });

  it('finds store/ importing no domain area but the listed imports', () => {
    const fromStore = imports
      .filter(({ from, to }) => areaOf(from) === 'store' && !STORE_MAY_IMPORT.has(areaOf(to)))
      .map(({ from, to }) => `${from} -> ${to}`);
    expect([...new Set(fromStore)].sort()).toEqual(ALLOWED_STORE_IMPORTS);
  });

  it('counts value imports and re-exports, not the ones erased as types', () => {
    const source = [
      "import type { A } from './a.js';",
      "import { b } from './b.js';",
      "import { type C } from './c.js';",
      "import './d.js';",
      "export type { E } from './e.js';",
      "export { type F } from './f.js';",
      "export { g } from './g.js';",
      "export * from './h.js';",
      "import { z } from 'zod';",
    ].join('\n');
    expect(valueImports(source)).toEqual(['./b.js', './c.js', './d.js', './g.js', './h.js']);
  });

  it('sees a cycle, however long, and not a chain', () => {
    expect(
      importCycles([
        ['a', 'b'],
        ['b', 'c'],
        ['c', 'a'],
        ['c', 'd'],
      ]),
    ).toEqual([['a', 'b', 'c']]);
    expect(
      importCycles([
        ['a', 'b'],
        ['b', 'c'],
      ]),
    ).toEqual([]);
    // The real graph is read: the composition root imports the areas it builds.
    expect(imports).toContainEqual({ from: 'services.ts', to: 'orgs/index.ts' });
  });
});
