import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * npm run test:integration (scripts/test-integration.sh) where PostgreSQL does not answer: CI
 * (VIGIL_REQUIRE_SERVICES=1) fails before running anything, naming the address and why.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
/** Nothing listens on port 1. */
const NOWHERE = 'postgres://postgres@127.0.0.1:1/test';

function run(command: string, args: string[], env: Record<string, string>): ReturnType<typeof spawnSync> {
  return spawnSync(command, args, {
    cwd: ROOT,
    env: { ...process.env, VIGIL_TEST_DATABASE_URL: NOWHERE, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('the integration suite on PostgreSQL, where PostgreSQL does not answer (issue 43)', () => {
  it('says which address does not answer and why', () => {
    const result = run(process.execPath, ['--import', 'tsx', 'scripts/postgres-unreachable.ts'], {});
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^postgres:\/\/postgres@127\.0\.0\.1:1\/test is not reachable \(.*ECONNREFUSED.*\)$/);
  });

  it('fails in CI (VIGIL_REQUIRE_SERVICES=1) before running either suite', () => {
    const result = run('bash', ['scripts/test-integration.sh'], { VIGIL_REQUIRE_SERVICES: '1' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      `the integration suite on PostgreSQL: ${NOWHERE} is not reachable (connect ECONNREFUSED 127.0.0.1:1); VIGIL_REQUIRE_SERVICES=1 makes this a failure`,
    );
    // Neither vitest run started.
    expect(result.stdout).not.toContain('RUN');
  });
});
