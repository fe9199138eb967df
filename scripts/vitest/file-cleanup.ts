import { afterAll, vi } from 'vitest';

/**
 * The unit projects' setup (vitest.config.ts), run before each file: at the file's end, whatever it
 * stubbed or spied on is put back and the clock runs again. Files of the `unit` project share a
 * worker (isolate: false), so a `fetch` stubbed in one (CreateOrgPage.test.tsx stubs it in every
 * test) or a silenced `console.error` would otherwise reach the files after it in that worker.
 */
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});
