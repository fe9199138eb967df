import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * Issue 36 item 7: no server module over 400 lines, and no function over 150 lines on the server
 * or the client (components and hooks included). The allow-lists of modules and functions not yet
 * split emptied in session 24 and are gone: what grows past a limit is split. One counter for both
 * packages (session 25: the client and server tests had copies of it).
 */

const ROOT = path.join(import.meta.dirname, '..');
const MODULE_LIMIT = 400;
const FUNCTION_LIMIT = 150;

/** The source modules under a package's src (.ts, and .tsx where asked), tests and declarations left out. */
function moduleFiles(dir: string, tsx: boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return moduleFiles(full, tsx);
    const source = tsx ? /\.tsx?$/.test(name) : name.endsWith('.ts');
    return source && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

function lineCount(text: string): number {
  const lines = text.split('\n');
  return text.endsWith('\n') ? lines.length - 1 : lines.length;
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

/** Every function in a source longer than the limit, by name, from its first line to its last. */
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

const relative = (file: string): string => path.relative(ROOT, file).split(path.sep).join('/');

const PACKAGES = [
  { src: path.join(ROOT, 'sync-server/src'), tsx: false },
  { src: path.join(ROOT, 'client/src'), tsx: true },
];

describe('module and function sizes (issue 36 item 7)', () => {
  const files = PACKAGES.flatMap(({ src, tsx }) => moduleFiles(src, tsx));

  it(`finds no server module over ${MODULE_LIMIT} lines`, () => {
    const long = moduleFiles(path.join(ROOT, 'sync-server/src'), false)
      .map((file): [string, number] => [relative(file), lineCount(readFileSync(file, 'utf8'))])
      .filter(([, lines]) => lines > MODULE_LIMIT);
    expect(long.map(([f, n]) => `${f} (${n})`)).toEqual([]);
  });

  it(`finds no server or client function over ${FUNCTION_LIMIT} lines`, () => {
    const long = files.flatMap((file) =>
      [...longFunctions(readFileSync(file, 'utf8'), FUNCTION_LIMIT, file.endsWith('.tsx'))].map(
        ([name, lines]) => `${relative(file)}: ${name} (${lines})`,
      ),
    );
    expect(long).toEqual([]);
  });

  it('sees the modules it should: nested folders, components, no tests', () => {
    const all = files.map(relative);
    expect(all).toContain('sync-server/src/services.ts');
    expect(all).toContain('sync-server/src/store/orgs/types.ts');
    expect(all).toContain('client/src/features/cases/CasePage.tsx');
    expect(all).toContain('client/src/data/settingsCache.ts');
    expect(all.filter((f) => /\.test\.tsx?$/.test(f))).toEqual([]);
  });

  it('counts lines as an editor does', () => {
    expect(lineCount('a\nb\n')).toBe(2);
    expect(lineCount('a\nb')).toBe(2);
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
