import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { SERVICES_REQUIRED } from '../postgres/test-database.test-util.js';

/*
 * Redis for the tests (issue 43): every machine of the project runs Redis 7 on 127.0.0.1:6379.
 * Tests share it, so each names its keys and channels under a prefix of its own. Where Redis is
 * not running, a suite's Redis entries are skipped with the reason printed, unless
 * VIGIL_REQUIRE_SERVICES=1 (set by .ci/run) makes that a failure.
 */

export const TEST_REDIS_URL = process.env.VIGIL_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** null when Redis at `url` answers PING; else why not. */
async function unreachable(url: string): Promise<string | null> {
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 3000,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    return null;
  } catch (error) {
    return error instanceof Error ? error.message || error.name : String(error);
  } finally {
    client.disconnect();
  }
}

/**
 * Whether a suite's Redis tests run here: true when Redis answers; false (printing why) when it
 * does not; throws when it does not and services are required.
 */
export async function redisRunnable(
  suite: string,
  { url = TEST_REDIS_URL, required = SERVICES_REQUIRED }: { url?: string; required?: boolean } = {},
): Promise<boolean> {
  const reason = await unreachable(url);
  if (reason === null) return true;
  const message = `${suite}: Redis at ${url} is not reachable (${reason})`;
  if (required) throw new Error(`${message}; VIGIL_REQUIRE_SERVICES=1 makes this a failure`);
  console.warn(`SKIPPED ${message}: its Redis tests are skipped (VIGIL_REQUIRE_SERVICES=1 fails instead)`);
  return false;
}

/** A connection to the test Redis, and a prefix no other test uses. */
export function testRedis(): { connect: () => Redis; prefix: string; close: () => void } {
  const prefix = `vigil-test:${randomBytes(6).toString('hex')}:`;
  const connections: Redis[] = [];
  return {
    prefix,
    connect: () => {
      const client = new Redis(TEST_REDIS_URL);
      connections.push(client);
      return client;
    },
    close: () => {
      for (const c of connections) c.disconnect();
    },
  };
}
