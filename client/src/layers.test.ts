import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The client's layers (issue 26), as the repository's own eslint.config.js enforces them: each
// fixture in client/lint-fixtures/ is linted as if it lived at the path given, so the rule is
// checked on the real folders' globs. The fixtures are left out of the normal lint run.
const root = fileURLToPath(new URL('../..', import.meta.url));
const fixture = (name: string): string =>
  readFileSync(fileURLToPath(new URL(`../lint-fixtures/${name}`, import.meta.url)), 'utf8');

// The fixtures are not part of a TypeScript project: lint them without type information.
const eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });

async function importErrors(name: string, asPath: string): Promise<string[]> {
  const [result] = await eslint.lintText(fixture(name), { filePath: `${root}${asPath}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('the client layers lint rule', () => {
  it.each([
    ['feature-imports-app.ts', 'client/src/features/orgs/Fixture.ts', 'A feature never imports the app shell'],
    ['feature-imports-app.ts', 'client/src/features/cases/Fixture.tsx', 'A feature never imports the app shell'],
    ['session-imports-feature.ts', 'client/src/session/Fixture.ts', 'session/ never imports a feature'],
    ['session-imports-app.ts', 'client/src/session/Fixture.ts', 'session/ never imports the app shell'],
    ['ui-imports-session.ts', 'client/src/ui/Fixture.tsx', 'ui/ never imports the session'],
    ['ui-imports-feature.ts', 'client/src/ui/Fixture.tsx', 'ui/ never imports a feature'],
    ['data-imports-feature.ts', 'client/src/data/Fixture.ts', 'sync/ and data/ never import a feature'],
  ])(
    'fails %s linted as %s',
    async (name, asPath, message) => {
      const errors = await importErrors(name, asPath);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain(message);
    },
    30_000,
  );

  it('fails a feature deeper in its area that imports the shell', async () => {
    const deeper = fixture('feature-imports-app.ts').replace("'../../app/App.js'", "'../../../app/App.js'");
    const [result] = await eslint.lintText(deeper, { filePath: `${root}client/src/features/cases/header/Fixture.ts` });
    expect(result?.messages.map((m) => m.ruleId)).toContain('no-restricted-imports');
  }, 30_000);

  it('passes a feature that imports session/, ui/, sync/, data/ and another feature', async () => {
    expect(await importErrors('feature-imports-layers.ts', 'client/src/features/cases/Fixture.ts')).toEqual([]);
  }, 30_000);

  it('lets the app shell import features', async () => {
    expect(await importErrors('session-imports-feature.ts', 'client/src/app/Fixture.ts')).toEqual([]);
  }, 30_000);
});
