import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Issue 36 item 4: every store contract suite runs against a second, in-memory implementation
 * beside SQLite, so a PostgreSQL one is one more entry in its `describe.each`. Like
 * sql-boundary.test.ts, this reads the source on every unit run.
 */

const STORE = path.dirname(fileURLToPath(import.meta.url));

/** Suites still without a memory implementation: none since session 23; the list may only stay empty. */
const MISSING: string[] = [];

/** Whether a contract suite's source runs a 'memory' implementation through `describe.each`. */
function namesMemory(source: string): boolean {
  return /describe\.each\(/.test(source) && /\[\s*'memory'\s*,/.test(source);
}

function contractSuites(): string[] {
  return readdirSync(STORE)
    .filter((name) => statSync(path.join(STORE, name)).isDirectory())
    .filter((name) => {
      try {
        return statSync(path.join(STORE, name, 'contract.test.ts')).isFile();
      } catch {
        return false;
      }
    })
    .sort();
}

const withoutMemory = (): string[] =>
  contractSuites().filter((name) => !namesMemory(readFileSync(path.join(STORE, name, 'contract.test.ts'), 'utf8')));

describe('a second implementation for every store contract suite (issue 36 item 4)', () => {
  it('finds a memory implementation in every contract suite but those still listed', () => {
    // A suite that gains its memory implementation leaves the list in the same commit.
    expect(withoutMemory()).toEqual(MISSING);
  });

  it('seeds no contract suite with SQL fixtures: every implementation is seeded through store methods', () => {
    const seededBySql = contractSuites().filter((name) =>
      /sqlite\/fixtures/.test(readFileSync(path.join(STORE, name, 'contract.test.ts'), 'utf8')),
    );
    expect(seededBySql).toEqual([]);
  });

  it('tells a suite with a memory entry from one without', () => {
    expect(namesMemory("describe.each([\n  ['memory', () => new MemoryX()],\n  ['sqlite', sqlite],\n])")).toBe(true);
    expect(namesMemory("describe.each([['sqlite', sqlite]])('X contract (%s)', …)")).toBe(false);
    // The check reads real suites: resources has had its memory store since issue 26.
    expect(contractSuites()).toContain('resources');
    expect(withoutMemory()).not.toContain('resources');
  });
});
