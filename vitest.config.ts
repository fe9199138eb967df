import { readdirSync, readFileSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';

const UNIT_ROOTS = ['shared/src', 'sync-server/src', 'client/src', 'scripts', 'bridge/src'];

/** The unit test files that mock a module, found by their `vi.mock(` (or doMock, unmock). */
const MOCKING = UNIT_ROOTS.flatMap((root) =>
  readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.test\.tsx?$/.test(f))
    .map((f) => `${root}/${f}`),
).filter((f) => /\bvi\.(mock|doMock|unmock)\(/.test(readFileSync(f, 'utf8')));

/**
 * The unit projects' settings. Files share their worker's modules (isolate: false in 'unit')
 * instead of importing everything again per file: the imports were most of the unit run (session
 * 34: 5:54 against 10:45, with coverage at 00:30). A file that leaves state behind for the next one
 * is a defect of that file.
 */
const UNIT = {
  // Generous: property tests and the projection worker take seconds on a loaded 2-core
  // machine; a limit is a hang guard here, never a timing check.
  testTimeout: 30_000,
  // Two files at a time: vitest's default on 2 cores is one (cores - 1), and the contract
  // suites spend most of their time waiting on PostgreSQL, not on a core.
  maxWorkers: 2,
  // testing-library's waits 5 s instead of 1 s in the files with a DOM (scripts/vitest/dom-waits.ts);
  // what a file stubbed is put back at its end (scripts/vitest/file-cleanup.ts).
  setupFiles: ['scripts/vitest/dom-waits.ts', 'scripts/vitest/file-cleanup.ts'],
  include: UNIT_ROOTS.map((root) => `${root}/**/*.test.${root === 'client/src' ? '{ts,tsx}' : 'ts'}`),
  environment: 'node' as const,
};

export default defineConfig({
  test: {
    coverage: {
      provider: 'v8',
      include: ['shared/src/rules/**/*.ts', 'shared/src/signoff/**/*.ts'],
      exclude: ['**/*.test.ts'],
      reporter: ['text-summary'],
      // Issue 7: every clinical rule is exercised; below 95 % of lines the unit run fails.
      thresholds: { lines: 95 },
    },
    projects: [
      { test: { ...UNIT, name: 'unit', exclude: [...configDefaults.exclude, ...MOCKING], isolate: false } },
      // A file that mocks a module (vi.mock) gets modules of its own: in a shared worker the module it
      // mocks may already be loaded, unmocked, by an earlier file (EntryDialog.test.tsx failed so).
      { test: { ...UNIT, name: 'unit-isolated', include: MOCKING, isolate: true } },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts', 'tests/security/**/*.test.ts'],
          environment: 'node',
          // The run's server bundle (tests/utils/server-bundle.ts); on PostgreSQL
          // (VIGIL_TEST_DATABASE=postgres), the run's template and its databases' clean-up.
          globalSetup: ['tests/utils/server-bundle.ts', 'tests/utils/postgres-run.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Each file starts its own server process; two at a time suits a 2-core machine.
          maxWorkers: 2,
        },
      },
    ],
  },
});
