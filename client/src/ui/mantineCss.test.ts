import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// mantine.css imports Mantine's stylesheet per component instead of the whole styles.css (295 KB).
// This test keeps that list right: every Mantine component the client imports
// must have its styles there (and the styles of the components it is built from), and
// nothing else, in the order styles.css has them.

const here = dirname(fileURLToPath(import.meta.url));
const clientSrc = join(here, '..');
const mantineRoot = dirname(fileURLToPath(import.meta.resolve('@mantine/core/styles.css')));
const esmRoot = join(mantineRoot, 'esm');
const stylesDir = join(mantineRoot, 'styles');

/** Mantine's base styles (reset, theme variables, global classes) that every screen needs. */
const BASE_FILES = ['baseline.css', 'default-css-variables.css', 'global.css'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Names the client imports as values (not types) from '@mantine/core'. */
function importedNames(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(clientSrc)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*'@mantine\/core'/g)) {
      if (m[1]) continue;
      for (const part of m[2]!.split(',')) {
        const name = part.trim();
        if (name && !name.startsWith('type ')) names.add(name.split(/\s+as\s+/)[0]!);
      }
    }
  }
  return names;
}

/** Mantine's ESM modules reachable from the given names, through relative imports. */
function reachableModules(names: Set<string>): Set<string> {
  const index = readFileSync(join(esmRoot, 'index.mjs'), 'utf8');
  const start: string[] = [];
  for (const m of index.matchAll(/import\s*\{([^}]*)\}\s*from\s*"(\.[^"]+)"/g)) {
    const exported = m[1]!.split(',').map((s) => s.trim().split(/\s+as\s+/));
    if (exported.some(([name, alias]) => names.has(alias ?? name!))) start.push(join(esmRoot, m[2]!));
  }
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:import|export)\s[^"';]*?from\s*"(\.[^"]+)"/g)) {
      queue.push(join(dirname(file), m[1]!));
    }
  }
  return seen;
}

function requiredStyleFiles(): Set<string> {
  const classes = new Set<string>();
  for (const file of reachableModules(importedNames())) {
    if (!file.endsWith('.module.mjs')) continue;
    for (const m of readFileSync(file, 'utf8').matchAll(/"(m_[0-9a-f]+)"/g)) classes.add(m[1]!);
  }
  const required = new Set(BASE_FILES);
  for (const file of readdirSync(stylesDir)) {
    if (!file.endsWith('.css') || file.endsWith('.layer.css')) continue;
    const css = readFileSync(join(stylesDir, file), 'utf8');
    const own = [...css.matchAll(/\.(m_[0-9a-f]+)\b/g)].map((m) => m[1]!);
    if (own.some((c) => classes.has(c))) required.add(file);
  }
  return required;
}

function listedStyleFiles(): string[] {
  const css = readFileSync(join(here, 'mantine.css'), 'utf8');
  return [...css.matchAll(/@import ['"]@mantine\/core\/styles\/([^'"]+)['"];/g)].map((m) => m[1]!);
}

describe('mantine.css', () => {
  it('imports the styles of exactly the Mantine components the client uses', () => {
    const required = [...requiredStyleFiles()].sort();
    expect(required).toContain('Button.css');
    expect([...listedStyleFiles()].sort()).toEqual(required);
  });

  it('keeps the order of the full stylesheet, so equal selectors override as they do there', () => {
    const full = readFileSync(join(mantineRoot, 'styles.css'), 'utf8');
    const positions = listedStyleFiles().map((file) => {
      const css = readFileSync(join(stylesDir, file), 'utf8');
      const at = full.indexOf(css.slice(0, 200));
      expect(at, `${relative(mantineRoot, join(stylesDir, file))} in styles.css`).toBeGreaterThanOrEqual(0);
      return at;
    });
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });
});
