import { afterEach, describe, expect, it, vi } from 'vitest';
import { runnableImplementations } from './test-database.test-util.js';

/** Nothing listens on port 1 of this machine: a PostgreSQL that is not running. */
const DOWN = 'postgres://postgres@127.0.0.1:1/test';
const IMPLEMENTATIONS = [
  ['memory', 1],
  ['sqlite', 2],
  ['postgres', 3],
] as const;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('contract suites where PostgreSQL is not running (issue 43)', () => {
  it('skip their PostgreSQL entry and say which suite and why', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const kept = await runnableImplementations('X contract', IMPLEMENTATIONS, { url: DOWN, required: false });
    expect(kept.map(([name]) => name)).toEqual(['memory', 'sqlite']);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(
      /^SKIPPED X contract: PostgreSQL at .*:1\/test is not reachable \(.+\)/,
    );
  });

  it('fail instead when services are required (VIGIL_REQUIRE_SERVICES=1, as in CI)', async () => {
    await expect(runnableImplementations('X contract', IMPLEMENTATIONS, { url: DOWN, required: true })).rejects.toThrow(
      /X contract: PostgreSQL .* not reachable .*VIGIL_REQUIRE_SERVICES=1 makes this a failure/,
    );
  });
});
