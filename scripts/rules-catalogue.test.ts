import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * shared/RULES.md is the catalogue of rule ids ("[SO3]" in a comment or a test name points at it).
 * Held here: each id names one rule, and every id the sources cite is in the catalogue.
 */

const root = join(import.meta.dirname, '..');
const catalogue = readFileSync(join(root, 'shared/RULES.md'), 'utf8');
const defined = [...catalogue.matchAll(/^\| ([A-Z]{1,4}[0-9]{1,3}) +\|/gm)].map((m) => m[1]!);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('the rule catalogue (shared/RULES.md)', () => {
  it('gives each rule id one row', () => {
    const seen = new Set<string>();
    const twice = defined.filter((id) => (seen.has(id) ? true : (seen.add(id), false)));
    expect(defined.length).toBeGreaterThan(100);
    expect(twice).toEqual([]);
  });

  it('defines every rule id the sources cite as [ID]', () => {
    const ids = new Set(defined);
    const cited = new Set(
      ['shared/src', 'client/src', 'sync-server/src']
        .flatMap((dir) => sources(join(root, dir)))
        .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/\[([A-Z]{1,4}[0-9]{1,3})\]/g)].map((m) => m[1]!)),
    );
    expect([...cited].filter((id) => !ids.has(id)).sort()).toEqual([]);
  });
});
