import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Issue 36 item 3: one FHIR write path. Outside store/, a resource is written or deleted only by
 * the FhirService (validated, versioned, audited, recorded in the change feed, announced after
 * commit) and an AuditEvent only by the audit pipeline's one writer (access/audited.ts). Like store/sql-boundary.test.ts this reads the
 * source on every unit run: a ResourceStore write is a `.write({ orgId, resource }, at)` call (an
 * object first argument), a deletion a `store.delete(` / `resources.delete(` call.
 */

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where a direct store write stays, and why. */
const ALLOWED: Record<string, string> = {
  'fhir/service.ts': 'the one write path',
  'access/audited.ts': 'the one AuditEvent writer',
  // Demo data written into a new database before the server serves: seeded state, not changes.
  'fhir/demo-seed.ts': 'demo seeding',
  'hhx/demo.ts': 'demo seeding',
  'forms/demo.ts': 'demo seeding',
  'analytics/demo.ts': 'demo seeding (and the analytics test set)',
  'preop/demo.ts': 'demo seeding',
};

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'store' && dir === SRC ? [] : tsFiles(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.includes('.test-') ? [full] : [];
  });
}

/** Every `file: call` of a direct resource-store write outside store/. */
function directWrites(): string[] {
  return tsFiles(SRC).flatMap((file) => {
    const source = readFileSync(file, 'utf8');
    const rel = path.relative(SRC, file).split(path.sep).join('/');
    const calls = [...source.matchAll(/\.write\(\s*\{|\b(?:store|resources)\.delete\(/g)].map((m) => m[0]);
    return calls.map((call) => `${rel}: ${call.replace(/\s+/g, '')}`);
  });
}

describe('one FHIR write path (issue 36 item 3)', () => {
  it('writes resources outside store/ only through the FhirService and the audit pipeline', () => {
    const outside = directWrites().filter((w) => !(w.split(':')[0]! in ALLOWED));
    expect(outside).toEqual([]);
  });

  it('finds the write calls it looks for (the check cannot pass by reading nothing)', () => {
    const files = new Set(directWrites().map((w) => w.split(':')[0]));
    expect(files).toContain('fhir/service.ts');
    expect(files).toContain('access/audited.ts');
    // A listed file that no longer writes leaves the list.
    for (const allowed of Object.keys(ALLOWED)) expect(files, allowed).toContain(allowed);
  });
});
