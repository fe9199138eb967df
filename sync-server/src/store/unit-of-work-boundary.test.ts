import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Issue 36 item 4: services run transactions through the UnitOfWork interface
 * (store/unit-of-work.ts) and the store interfaces, never through a SQLite module, so a
 * PostgreSQL implementation plugs in at the composition root alone. Read from the source on
 * every unit run: no module of sync-server/src outside store/ imports store/sqlite/*, a
 * store/<area>/*sqlite* module or store/unit-of-work-sqlite.ts, except the places that choose the
 * implementations (the composition root, the server's start, demo seeding, test fixtures).
 */

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Where implementations are chosen, relative to sync-server/src: the composition root (services.ts and its services-*.ts parts), the server's start, demo seeding, test fixtures. */
const COMPOSITION = [
  /^services(-[a-z]+)?\.ts$/,
  /^server\.ts$/,
  /^main\.ts$/,
  /^index\.ts$/,
  /^demo\//,
  /\.test-util\.ts$/,
];
/** An import or export specifier (static or dynamic) in a module's text. */
const SPECIFIER = /(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g;

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return tsFiles(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Whether a module path (relative to sync-server/src, no extension) is a SQLite module of the store. */
function isSqliteModule(modulePath: string): boolean {
  const parts = modulePath.split('/');
  if (parts[0] !== 'store') return false;
  return parts[1] === 'sqlite' || parts.slice(1).some((p) => /sqlite/i.test(p));
}

/** Every `file: specifier` of `source` (at `file`, relative to sync-server/src) that imports a store SQLite module. */
function sqliteImports(file: string, source: string): string[] {
  if (file.startsWith('store/') || COMPOSITION.some((re) => re.test(file))) return [];
  const found: string[] = [];
  for (const match of source.matchAll(SPECIFIER)) {
    const specifier = match[1]!;
    if (!specifier.startsWith('.')) continue;
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)).replace(/\.(js|ts)$/, '');
    if (isSqliteModule(target)) found.push(`${file}: ${specifier}`);
  }
  return found;
}

describe('the unit-of-work boundary (issue 36 item 4)', () => {
  it('finds no service or route module importing a SQLite module of the store', () => {
    const offending = tsFiles(SRC).flatMap((full) => {
      const file = path.relative(SRC, full).split(path.sep).join('/');
      return sqliteImports(file, readFileSync(full, 'utf8'));
    });
    expect(offending).toEqual([]);
  });

  it('flags a service that imports store/*/sqlite*, store/sqlite/* or the SQLite unit of work', () => {
    expect(
      sqliteImports('report/service.ts', "import { SqliteReportStore } from '../store/reports/sqlite.js';"),
    ).toEqual(['report/service.ts: ../store/reports/sqlite.js']);
    expect(sqliteImports('hhx/service.ts', "import type { Db } from '../store/sqlite/database.js';")).toHaveLength(1);
    expect(sqliteImports('orgs/x.ts', "export { a } from '../store/orgs/features.sqlite.js';")).toHaveLength(1);
    expect(sqliteImports('a/b.ts', "const m = await import('../store/unit-of-work-sqlite.js');")).toHaveLength(1);
    expect(sqliteImports('a/b/c.ts', "import { x } from '../../store/sqlite/transaction.js';")).toHaveLength(1);
  });

  it('lets a service import the interfaces, and the composition root pick the implementations', () => {
    expect(sqliteImports('report/service.ts', "import type { UnitOfWork } from '../store/unit-of-work.js';")).toEqual(
      [],
    );
    expect(
      sqliteImports('fhir/service.ts', "import type { ResourceStore } from '../store/resources/types.js';"),
    ).toEqual([]);
    // A SQLite word outside store/ is no store module (a module named after the engine elsewhere).
    expect(sqliteImports('fhir/service.ts', "import x from './sqlite-notes.js';")).toEqual([]);
    expect(sqliteImports('services.ts', "import { SqliteReportStore } from './store/reports/sqlite.js';")).toEqual([]);
    expect(sqliteImports('services-rooms.ts', "import { SqliteLeaseStore } from './store/leases/sqlite.js';")).toEqual(
      [],
    );
    expect(sqliteImports('demo/seed.ts', "import { SqliteOrgStore } from '../store/orgs/sqlite.js';")).toEqual([]);
  });
});
