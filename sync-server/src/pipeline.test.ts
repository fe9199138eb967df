import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The request pipeline's single places (issue 36 item 1), held on the source: one code → status
// table and one refusal (errors.ts), one input parser (input.ts), one resolver style (every
// GraphQL resolver wrapped by answeringAppErrors, the one conversion to a GraphQL error).
const src = path.dirname(fileURLToPath(import.meta.url));
const modules = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts') && !/\.test(-util)?\.ts$/.test(f))
  .map((f) => ({ file: f.split(path.sep).join('/'), text: readFileSync(path.join(src, f), 'utf8') }));

const where = (pattern: RegExp): string[] => modules.filter((m) => pattern.test(m.text)).map((m) => m.file);

describe('the request pipeline', () => {
  it('has one code → status table and one refusal by code', () => {
    expect(where(/Record<string, AppErrorStatus>/)).toEqual(['errors.ts']);
    expect(where(/function (fail|refuse)\(code: string\): never/)).toEqual(['errors.ts']);
  });

  it('parses call inputs in one function', () => {
    expect(where(/function parse\w*<T extends z\.ZodType>/)).toEqual(['input.ts']);
  });

  it('turns refusals into GraphQL errors in one place (graphql/resolver-style.test.ts: every resolver goes through it)', () => {
    expect(where(/toGraphqlError\(/)).toEqual(['errors.ts']);
  });

  it('reads feature flags for the services in one place, Entitlements', () => {
    // The organisation settings (orgs/) change the stored flags and show what was stored
    // (featuresJSON); the demo seed turns its features on; every service asks Entitlements, and
    // so does the settings screen's view (issue 37: one resolver of the effective values).
    const readers = where(/\.features\(/).filter(
      (f) => !f.startsWith('orgs/') && !f.startsWith('store/') && !f.endsWith('/demo.ts'),
    );
    expect(readers).toEqual(['access/entitlements.ts']);
    expect(where(/(resolveFeatures|effectiveFeatures)\(/)).toEqual(['access/entitlements.ts']);
  });
});

/*
 * Issue 36 item 1: one caller shape and one authorization, held on the source. A request-context
 * shape is an exported interface or type named …Caller or …Session outside store/ (the
 * store's rows are records, not callers); the only one is access/caller.ts `Caller`. The shared
 * permission rules (orgAccess, featureChangeAccess, hasOrgPermission) are asked in access/index.ts
 * only, and the only function or method named authorize… is OrgAccess.authorize.
 * PENDING lists what still passes a session row: nothing since session 24; the lists may only
 * stay empty.
 */
const PENDING_SHAPES: readonly string[] = [];
const PENDING_DECIDERS: readonly string[] = [];

const CONTEXT_NAME = /(Caller|Session)$/;
const RULES = /\b(orgAccess|featureChangeAccess|hasOrgPermission)\(/;

const isExported = (node: ts.Node): boolean =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** `file: Name` of every exported request-context shape of a module. */
export function contextShapes(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest);
  return source.statements.flatMap((s) =>
    (ts.isInterfaceDeclaration(s) || ts.isTypeAliasDeclaration(s)) && isExported(s) && CONTEXT_NAME.test(s.name.text)
      ? [`${file}: ${s.name.text}`]
      : [],
  );
}

/**
 * `file: Class.method` (or `file: function`) of every access decider: a method of a class named
 * …Access that is public and not a constructor, and every function or method named authorize….
 */
export function deciders(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest);
  const out: string[] = [];
  const visit = (node: ts.Node, owner: string | null): void => {
    if (ts.isClassDeclaration(node) && node.name) {
      const cls = node.name.text;
      for (const member of node.members) {
        if (!member.name || !ts.isIdentifier(member.name)) continue;
        if (!ts.isMethodDeclaration(member) && !ts.isPropertyDeclaration(member)) continue;
        const isPrivate = (ts.getModifiers(member) ?? []).some((m) => m.kind === ts.SyntaxKind.PrivateKeyword);
        const name = member.name.text;
        if ((/Access$/.test(cls) && !isPrivate) || /^authori[sz]e/.test(name)) out.push(`${file}: ${cls}.${name}`);
      }
      return;
    }
    if (ts.isFunctionDeclaration(node) && node.name && /^authori[sz]e/.test(node.name.text)) {
      out.push(`${file}: ${node.name.text}`);
    }
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && /^authori[sz]e/.test(node.name.text)) {
      out.push(`${file}: ${node.name.text}`);
    }
    ts.forEachChild(node, (child) => visit(child, owner));
  };
  visit(source, null);
  return out;
}

const outsideStore = modules.filter((m) => !m.file.startsWith('store/'));

describe('one caller and one authorization (issue 36 item 1)', () => {
  it('declares one request-context shape, Caller (access/caller.ts)', () => {
    const shapes = outsideStore
      .filter((m) => /(Caller|Session)\b/.test(m.text))
      .flatMap((m) => contextShapes(m.file, m.text))
      .sort();
    expect(shapes).toEqual(['access/caller.ts: Caller', ...PENDING_SHAPES].sort());
  });

  it('decides access in one method, OrgAccess.authorize, the only caller of the permission rules', () => {
    const found = outsideStore
      .filter((m) => /Access\b|authori[sz]e/.test(m.text))
      .flatMap((m) => deciders(m.file, m.text))
      .sort();
    expect(found).toEqual(['access/index.ts: OrgAccess.authorize', ...PENDING_DECIDERS].sort());
    expect(where(RULES).filter((f) => !f.startsWith('store/'))).toEqual(['access/index.ts']);
  });

  it('catches a second caller shape and a second decider (self-test)', () => {
    const second = `export interface ReportCaller { userId: string }
      export type FhirSession = { orgs: string[] };
      export interface Caller {}
      interface LocalCaller {}
      export interface PageRequest {}`;
    expect(contextShapes('x.ts', second)).toEqual(['x.ts: ReportCaller', 'x.ts: FhirSession', 'x.ts: Caller']);
    const decider = `export class ReportAccess { check() {} private parents() {} }
      class Service { private async authorizeOrg() {} list() {} }
      export async function authorize(c: unknown) {}
      const authorizeReport = () => null;`;
    expect(deciders('y.ts', decider)).toEqual([
      'y.ts: ReportAccess.check',
      'y.ts: Service.authorizeOrg',
      'y.ts: authorize',
      'y.ts: authorizeReport',
    ]);
    expect(RULES.test('return orgAccess(subject, org, need);')).toBe(true);
    expect(RULES.test('const access = orgAccessible;')).toBe(false);
  });
});
