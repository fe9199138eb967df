import { afterEach, describe, expect, it } from 'vitest';
import { MemoryAuditStore } from '../audit/memory.js';
import type { AuditCountBy } from '../audit/types.js';
import { MemoryDatabase } from '../memory/database.js';
import { redisRunnable, testRedis } from '../redis/test-redis.test-util.js';
import { RedisAttemptStore } from './redis.js';
import type { AttemptRequest } from './types.js';

/*
 * What the contract cannot reach (issue 43): Redis reads the audit count outside its script, so
 * an attempt that records its failure and releases its place between the two must still count.
 */

const runs = await redisRunnable('RedisAttemptStore');
const closes: (() => void)[] = [];
afterEach(() => {
  for (const close of closes.splice(0)) close();
});

const T0 = 10_000_000;
const request: AttemptRequest = {
  action: 'signInFailed',
  since: T0 - 3_600_000,
  now: T0,
  ttlMs: 60_000,
  limits: [{ key: 'signInFailed:email:x@vigil.test', by: { email: 'x@vigil.test' }, limit: 1 }],
};

describe.runIf(runs)('RedisAttemptStore', () => {
  it('counts an attempt that recorded its failure and released its place while the audit count was read', async () => {
    const redis = testRedis();
    closes.push(() => redis.close());
    const audit = new MemoryAuditStore(new MemoryDatabase());
    const other = new RedisAttemptStore(redis.connect(), audit, redis.prefix);
    const first = await other.reserve(request);
    expect(first).not.toBeNull();
    let interleaved = false;
    // The second reservation's first audit count answers what was recorded before the first
    // attempt ended; the first attempt then records its failure and releases its place.
    const racing = {
      count: async (action: string, since: number, by: AuditCountBy): Promise<number> => {
        const before = await audit.count(action, since, by);
        if (!interleaved) {
          interleaved = true;
          await audit.append({
            at: T0,
            userId: null,
            email: 'x@vigil.test',
            action: 'signInFailed',
            outcome: 'failure',
            ip: null,
            userAgent: null,
            detail: null,
          });
          await other.release(first!);
        }
        return before;
      },
    };
    const store = new RedisAttemptStore(redis.connect(), racing, redis.prefix);
    // Counted neither as a place (released) nor in the stale count: the store starts again and refuses.
    expect(await store.reserve(request)).toBeNull();
    expect(interleaved).toBe(true);
    expect(await store.held('signInFailed:email:x@vigil.test', T0)).toBe(0);
  });
});
