import { afterEach, describe, expect, it } from 'vitest';
import { redisRunnable, testRedis } from '../redis/test-redis.test-util.js';
import { RedisChangeBus } from './redis-bus.js';
import type { Change, Committed } from './types.js';

const closes: (() => void)[] = [];
afterEach(() => {
  for (const close of closes.splice(0)) close();
});

const T0 = Date.UTC(2026, 10, 29, 10, 0);
const change = (seq: number): Change => ({
  kind: 'policy.set',
  seq,
  at: T0 + seq,
  orgId: 'o1',
  payload: { policyId: `pol-${seq}` },
});
const seqs = (heard: Committed[]): number[] => heard.map((h) => h.change.seq);

/** Two instances' buses on one channel of the test Redis, and what each one's subscriber heard. */
async function twoInstances(onError: (err: unknown) => void = () => undefined) {
  const redis = testRedis();
  closes.push(redis.close);
  const channel = `${redis.prefix}changes`;
  const a = new RedisChangeBus(redis.connect(), redis.connect(), channel, onError);
  const b = new RedisChangeBus(redis.connect(), redis.connect(), channel, onError);
  await Promise.all([a.ready(), b.ready()]);
  const heardA: Committed[] = [];
  const heardB: Committed[] = [];
  a.subscribe((c) => heardA.push(c));
  b.subscribe((c) => heardB.push(c));
  return { a, b, heardA, heardB, redis, channel };
}

const runs = await redisRunnable('RedisChangeBus');

describe.runIf(runs)('the change bus across instances (Redis, issue 43)', () => {
  it("hands this instance's subscribers each change at once with the resource, the other's in commit order without it", async () => {
    const { a, heardA, heardB } = await twoInstances();
    const resource = { resourceType: 'Patient', id: 'pat-1' } as const;
    for (let seq = 1; seq <= 5; seq += 1) a.publish({ change: change(seq), detail: { resource } });
    // Synchronously, here.
    expect(seqs(heardA)).toEqual([1, 2, 3, 4, 5]);
    expect(heardA.every((h) => h.detail.resource === resource)).toBe(true);
    await expect.poll(() => seqs(heardB)).toEqual([1, 2, 3, 4, 5]);
    expect(heardB.every((h) => h.detail.resource === undefined && h.detail.remote === true)).toBe(true);
    expect(heardA.every((h) => h.detail.remote === undefined)).toBe(true);
    expect(heardB[0]!.change).toEqual(change(1));
  });

  it('does not hand an instance its own changes twice', async () => {
    const { a, b, heardA } = await twoInstances();
    a.publish({ change: change(1), detail: {} });
    b.publish({ change: change(2), detail: {} });
    // Redis delivers in the order it received them: once A hears B's change, the echo of its own
    // (published before) has been through its subscriber, and was dropped.
    await expect.poll(() => seqs(heardA)).toEqual([1, 2]);
  });

  it('reports a message it cannot read and goes on with the next', async () => {
    const errors: unknown[] = [];
    const { heardB, redis, channel } = await twoInstances((err) => errors.push(err));
    await redis.connect().publish(channel, '{not json');
    const other = new RedisChangeBus(redis.connect(), redis.connect(), channel);
    await other.ready();
    other.publish({ change: change(7), detail: {} });
    await expect.poll(() => seqs(heardB)).toEqual([7]);
    // Both buses of twoInstances read the broken message.
    expect(errors.length).toBeGreaterThanOrEqual(1);
    expect(errors[0]).toBeInstanceOf(SyntaxError);
  });
});

describe('where Redis is not running', () => {
  it('skips the Redis tests with the reason printed, or fails when services are required', async () => {
    const down = 'redis://127.0.0.1:1';
    const warn: string[] = [];
    const original = console.warn;
    console.warn = (m: string) => void warn.push(m);
    try {
      expect(await redisRunnable('X', { url: down, required: false })).toBe(false);
    } finally {
      console.warn = original;
    }
    expect(warn).toHaveLength(1);
    expect(warn[0]).toMatch(/^SKIPPED X: Redis at redis:\/\/127\.0\.0\.1:1 is not reachable \(.+\)/);
    await expect(redisRunnable('X', { url: down, required: true })).rejects.toThrow(/VIGIL_REQUIRE_SERVICES=1/);
  });
});
