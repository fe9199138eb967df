import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Shared's clinical layers (issue 36 item 7), one direction only: the case read model
// (case-data/read.ts) below the rules, the rules below the printable report, the sign-off flags
// (which read the report's totals) above both. A value import the wrong way is a cycle in waiting.
const src = fileURLToPath(new URL('../shared/src', import.meta.url));

/** The shared folders a module imports values from (type-only imports and re-exports left out). */
function valueImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'(\.{1,2}\/[^']+)'/gms)) {
    const target = path.relative(src, path.resolve(path.dirname(file), m[1]!));
    found.push(target.split(path.sep)[0]!);
  }
  return found;
}

function modules(folder: string): string[] {
  return readdirSync(path.join(src, folder), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test(-util)?\.tsx?$/.test(f))
    .map((f) => path.join(src, folder, f));
}

const FORBIDDEN: Record<string, string[]> = {
  rules: ['report', 'signoff'],
  report: ['signoff'],
};

describe("shared's layers", () => {
  it.each(Object.entries(FORBIDDEN))('%s/ imports no value from %j', (folder, above) => {
    const wrong = modules(folder).flatMap((file) =>
      valueImports(file)
        .filter((target) => above.includes(target))
        .map((target) => `${path.relative(src, file)} → ${target}/`),
    );
    expect(wrong).toEqual([]);
  });

  it('the case read model imports nothing of the rules, the report or the sign-off flags', () => {
    expect(valueImports(path.join(src, 'case-data/read.ts'))).toEqual([]);
  });

  it('finds a value import the wrong way, and not a type-only one', () => {
    const sample = path.join(src, 'rules/signoff-case.ts');
    expect(valueImports(sample)).toContain('case-data');
    expect(valueImports(path.join(src, 'signoff/signoff-rules.ts'))).not.toContain('rules');
  });
});
