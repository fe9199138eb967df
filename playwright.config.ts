import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './sync-server/src/report/chromium.js';

export default defineConfig({
  testDir: 'tests/e2e',
  // Every spec file's server starts from one bundle of the server made for the run (tests/utils/server-bundle.ts).
  globalSetup: './tests/utils/server-bundle.ts',
  outputDir: 'test-results',
  fullyParallel: false,
  // Two workers by default; CI sets VIGIL_E2E_WORKERS=3 (.ci/run): one worker took the clean-clone
  // CI run over an hour on 2 cores (stop 46: 3,728 s), two 79 minutes (stop 47). The specs are
  // independent of the worker count (1, 2 and 3 pass; issue 36).
  workers: Number(process.env.VIGIL_E2E_WORKERS) || 2,
  retries: 0,
  forbidOnly: true,
  // Bounds for a failure, not pauses: every wait ends on its event (a text shown, a response, a
  // poll met) as soon as it happens. A slow or loaded machine (2 workers, each with a Chromium, a
  // server per spec file and the PDF printer, on 2 cores) needs wide bounds; a passing run is no
  // slower for them. Specs do not shorten them; only a long flow may lengthen its test's.
  timeout: 180_000,
  expect: { timeout: 30_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    serviceWorkers: 'allow',
    // A trace records every test (screencast frames, DOM snapshots) to keep the failed ones: about a
    // quarter of the suite's CPU (session 33: 60.9 against 44.1 CPU-s for two specs). CI's run
    // leaves its files on a machine no one reads; its report, the error context and the failure
    // screenshot are what a failure leaves. Locally a failed test keeps its trace.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
