import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
    // The organisation settings (orgs/) read and change the stored flags; the demo seed turns its
    // features on; every service asks Entitlements.
    const readers = where(/\.features\(/).filter(
      (f) => !f.startsWith('orgs/') && !f.startsWith('store/') && !f.endsWith('/demo.ts'),
    );
    expect(readers).toEqual(['access/entitlements.ts']);
    expect(where(/resolveFeatures\(/).filter((f) => !f.startsWith('orgs/'))).toEqual(['access/entitlements.ts']);
  });
});
