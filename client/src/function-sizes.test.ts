import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * Issue 36 item 7 on the client: no function over 150 lines (components and hooks included), as
 * sync-server/src/module-sizes.test.ts holds it for the server. The allow-list of functions not
 * split yet emptied in session 24 and is gone: a function that grows past the limit is split.
 */

const SRC = path.dirname(fileURLToPath(import.meta.url));
const FUNCTION_LIMIT = 150;

/** The client's source modules (.ts and .tsx), tests left out. */
function moduleFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return moduleFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The name a function is known by: its own, its variable's or property's, else `(anonymous):line`. */
function functionName(node: ts.FunctionLikeDeclaration, file: ts.SourceFile): string {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && ts.isIdentifier(parent.name))
    return parent.name.text;
  return `(anonymous):${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}`;
}

/** `name (lines)` of every function in a source longer than the limit, from its first line to its last. */
function longFunctions(source: string, limit: number, jsx = false): Map<string, number> {
  const kind = jsx ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(jsx ? 'module.tsx' : 'module.ts', source, ts.ScriptTarget.Latest, true, kind);
  const found = new Map<string, number>();
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      const end = file.getLineAndCharacterOfPosition(node.getEnd()).line;
      if (end - start + 1 > limit) found.set(functionName(node, file), end - start + 1);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const relative = (file: string): string => path.relative(SRC, file).split(path.sep).join('/');

describe('client function sizes (issue 36 item 7)', () => {
  const functions = new Map(
    moduleFiles(SRC).flatMap((file) =>
      [...longFunctions(readFileSync(file, 'utf8'), FUNCTION_LIMIT, file.endsWith('.tsx'))].map(
        ([name, lines]): [string, number] => [`${relative(file)}: ${name}`, lines],
      ),
    ),
  );

  it(`finds no function over ${FUNCTION_LIMIT} lines`, () => {
    expect([...functions].map(([f, n]) => `${f} (${n})`)).toEqual([]);
  });

  it('sees the modules it should: components and hooks, nested folders, no tests', () => {
    const all = moduleFiles(SRC).map(relative);
    expect(all).toContain('features/cases/CasePage.tsx');
    expect(all).toContain('data/settingsCache.ts');
    expect(all).not.toContain('function-sizes.test.ts');
    expect(all).not.toContain('layers.test.ts');
  });

  it('measures a function from its first line to its last, nested ones too, by name', () => {
    const body = (n: number): string => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const source = `export function long(): void {\n${body(4)}\n}\nconst arrow = (): void => {\n${body(2)}\n  const inner = () => {\n${body(3)}\n  };\n};\n`;
    expect(longFunctions(source, 4)).toEqual(
      new Map([
        ['long', 6],
        ['inner', 5],
        ['arrow', 9],
      ]),
    );
    expect(longFunctions(source, 5).has('inner')).toBe(false);
  });

  it('reads components written in JSX, and counts their markup', () => {
    const rows = Array.from({ length: 6 }, (_, i) => `      <li key="${i}">{props.label}</li>`).join('\n');
    const source = `export function List(props: { label: string }): JSX.Element {\n  return (\n    <ul>\n${rows}\n    </ul>\n  );\n}\n`;
    // 1 signature, 2 return, 3 <ul>, 4-9 the rows, 10 </ul>, 11 );, 12 }
    expect(longFunctions(source, 11, true)).toEqual(new Map([['List', 12]]));
    expect(longFunctions(source, 12, true).size).toBe(0);
  });
});
