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
    [
      'data-imports-feature.ts',
      'client/src/data/Fixture.ts',
      'sync/, data/, case/ and devices/ never import a feature',
    ],
    [
      'data-imports-feature.ts',
      'client/src/case/Fixture.ts',
      'sync/, data/, case/ and devices/ never import a feature',
    ],
    [
      'data-imports-feature.ts',
      'client/src/devices/Fixture.ts',
      'sync/, data/, case/ and devices/ never import a feature',
    ],
    ['feature-imports-yjs.ts', 'client/src/features/cases/Fixture.ts', 'A feature never imports yjs'],
    ['feature-imports-yjs.ts', 'client/src/features/health-history/Fixture.test.ts', 'A feature never imports yjs'],
    [
      'feature-imports-case-internals.ts',
      'client/src/features/report/Fixture.ts',
      'A feature uses the case document API through client/src/case/index.ts',
    ],
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

  it("passes a feature that imports session/, ui/, sync/, data/, case/, devices/ and another feature's index", async () => {
    expect(await importErrors('feature-imports-layers.ts', 'client/src/features/cases/Fixture.ts')).toEqual([]);
  }, 30_000);

  it.each([
    'client/src/features/cases/Fixture.tsx',
    'client/src/features/cases/vitals/Fixture.tsx',
    'client/src/features/cases/health-history/Fixture.tsx',
  ])(
    'fails a Mantine input imported under features/cases (%s): the case screen uses the kit',
    async (asPath) => {
      const errors = await importErrors('case-imports-mantine-input.tsx', asPath);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain("'TextInput' import from '@mantine/core' is restricted");
      expect(errors[0]).toContain('The case screen takes its inputs from the kit');
    },
    30_000,
  );

  it.each(['Checkbox', 'NativeSelect', 'Select', 'SegmentedControl', 'Switch', 'Textarea', 'NumberInput'])(
    'fails %s from Mantine under features/cases',
    async (name) => {
      const source = fixture('case-imports-mantine-input.tsx').replaceAll('TextInput', name);
      const [result] = await eslint.lintText(source, {
        filePath: `${root}client/src/features/cases/drugs/Fixture.tsx`,
      });
      const errors = (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports');
      expect(errors.map((m) => m.message)).toEqual([expect.stringContaining(`'${name}' import from '@mantine/core'`)]);
    },
    30_000,
  );

  it("passes Mantine's layout, typography and buttons with the kit's fields under features/cases", async () => {
    expect(
      await importErrors('case-imports-mantine-layout.tsx', 'client/src/features/cases/drugs/Fixture.tsx'),
    ).toEqual([]);
  }, 30_000);

  it('keeps the layers rule under features/cases alongside the kit rule', async () => {
    const both = `${fixture('feature-imports-app.ts')}\n${fixture('case-imports-mantine-input.tsx')}`;
    const [result] = await eslint.lintText(both, { filePath: `${root}client/src/features/cases/Fixture.tsx` });
    const messages = (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
    expect(messages.some((m) => m.includes('A feature never imports the app shell'))).toBe(true);
    expect(messages.some((m) => m.includes('The case screen takes its inputs from the kit'))).toBe(true);
  }, 30_000);

  it('lets other features import Mantine inputs', async () => {
    expect(await importErrors('case-imports-mantine-input.tsx', 'client/src/features/patients/Fixture.tsx')).toEqual(
      [],
    );
  }, 30_000);

  const boundaryErrors = async (name: string, asPath: string): Promise<string[]> => {
    const [result] = await eslint.lintText(fixture(name), { filePath: `${root}${asPath}` });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'vigil/feature-boundaries').map((m) => m.message);
  };

  it.each(['client/src/features/cases/Fixture.tsx', 'client/src/features/inventories/deeper/Fixture.ts'])(
    "fails a feature importing another feature's module rather than its index.ts (%s)",
    async (asPath) => {
      const source = asPath.includes('/deeper/')
        ? fixture('feature-imports-feature-module.ts').replace("'../report/", "'../../report/")
        : fixture('feature-imports-feature-module.ts');
      const [result] = await eslint.lintText(source, { filePath: `${root}${asPath}` });
      const errors = (result?.messages ?? []).filter((m) => m.ruleId === 'vigil/feature-boundaries');
      expect(errors).toHaveLength(1);
      expect(errors[0]?.message).toContain('A feature imports another feature only through its index.ts');
    },
    30_000,
  );

  it("passes a feature importing another feature's index.ts, and its own modules", async () => {
    expect(await boundaryErrors('feature-imports-layers.ts', 'client/src/features/cases/Fixture.ts')).toEqual([]);
    // The same import from inside the report feature is its own module.
    expect(await boundaryErrors('feature-imports-feature-module.ts', 'client/src/features/report/Fixture.ts')).toEqual(
      [],
    );
  }, 30_000);

  it('lets the app shell import features', async () => {
    expect(await importErrors('session-imports-feature.ts', 'client/src/app/Fixture.ts')).toEqual([]);
  }, 30_000);
});
