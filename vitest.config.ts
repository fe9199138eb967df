import { defineConfig } from 'vitest/config';

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
      {
        test: {
          name: 'unit',
          // Generous: property tests and the projection worker take seconds on a loaded 2-core
          // machine; a limit is a hang guard here, never a timing check.
          testTimeout: 30_000,
          // Two files at a time: vitest's default on 2 cores is one (cores - 1), and the contract
          // suites spend most of their time waiting on PostgreSQL, not on a core.
          maxWorkers: 2,
          // testing-library's waits 5 s instead of 1 s in the files with a DOM (scripts/vitest/dom-waits.ts).
          setupFiles: ['scripts/vitest/dom-waits.ts'],
          include: [
            'shared/src/**/*.test.ts',
            'sync-server/src/**/*.test.ts',
            'client/src/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
            'bridge/src/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
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
