import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles } from '@vigil/shared';

// No cycle between the client's features (issue 36 item 6): the import graph of the areas under
// client/src/features/, built from the source files (tests included, type imports too), has no
// strongly connected component of more than one area. A feature that needs another's screen
// takes it through a slot the org app fills (CasePage's plugged sections, PatientPage's
// HealthHistory); shared pieces live in ui/, data/ or case/.
const FEATURES = fileURLToPath(new URL('./features', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

const SPECIFIER = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/g;

/** The areas each area imports, with one importing file per edge (to say where a cycle comes from). */
function areaGraph(root: string): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(root)) {
    const area = relative(root, file).split(sep)[0]!;
    const edges = graph.get(area) ?? new Map<string, string>();
    graph.set(area, edges);
    for (const match of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const specifier = match[1] ?? match[2]!;
      if (!specifier.startsWith('.')) continue;
      const target = relative(root, resolve(dirname(file), specifier));
      if (target.startsWith('..')) continue;
      const targetArea = target.split(sep)[0]!;
      if (targetArea !== area && !edges.has(targetArea)) edges.set(targetArea, relative(root, file));
    }
  }
  return graph;
}

/** The cycles of an area graph (shared's importCycles over its edges). */
function cycles(graph: ReadonlyMap<string, ReadonlyMap<string, string>>): string[][] {
  return importCycles([...graph].flatMap(([from, to]) => [...to.keys()].map((t): [string, string] => [from, t])));
}

describe('the client features’ import graph', () => {
  it('finds a cycle where there is one (the check can fail)', () => {
    const graph = new Map([
      ['cases', new Map([['report', 'cases/CasePage.tsx']])],
      ['report', new Map([['cases', 'report/FinalizeSection.tsx']])],
      ['org', new Map([['cases', 'org/routes.ts']])],
    ]);
    expect(cycles(graph)).toEqual([['cases', 'report']]);
  });

  it('reads the real tree: the org app imports the case screen, the case screen imports no report', () => {
    const graph = areaGraph(FEATURES);
    expect(graph.get('org')?.has('cases')).toBe(true);
    expect(graph.get('cases')?.has('report')).toBe(false);
  });

  it('has no cycle between features', () => {
    const graph = areaGraph(FEATURES);
    const found = cycles(graph).map((component) =>
      component.map((area) => {
        const via = [...(graph.get(area) ?? [])].filter(([to]) => component.includes(to));
        return `${area} → ${via.map(([to, file]) => `${to} (${file})`).join(', ')}`;
      }),
    );
    expect(found).toEqual([]);
  });
});
