import { describe, expect, it } from 'vitest';
import { MemoryDatabase } from '../memory/database.js';
import { MemoryLeaseStore } from '../leases/memory.js';
import { ConsumerLease } from './consumer.js';

/** Issue 43: a change-feed consumer's pass runs on one instance at a time. */
describe('ConsumerLease', () => {
  it('runs a pass on one instance while another holds the lease, and hands it over after', async () => {
    let now = 1_000;
    const leases = new MemoryLeaseStore(new MemoryDatabase(), () => now);
    const a = new ConsumerLease(leases, 'consumer:webhooks', 'instance-a', 30_000);
    const b = new ConsumerLease(leases, 'consumer:webhooks', 'instance-b', 30_000);
    let release!: () => void;
    const blocking = new Promise<void>((resolve) => (release = resolve));
    const onA = a.run(async (held) => {
      await blocking;
      return held() ? 'a' : 'lost';
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    // A holds it: B's pass is skipped, not run.
    let ranOnB = false;
    expect(await b.run(() => Promise.resolve((ranOnB = true)))).toBeNull();
    expect(ranOnB).toBe(false);
    release();
    expect(await onA).toBe('a');
    // Released: B's next pass runs.
    expect(await b.run(() => Promise.resolve('b'))).toBe('b');
    // A lease whose holder died (never released) is taken over once it expired.
    const dead = await leases.acquire('consumer:analytics', 'instance-dead', 30_000);
    expect(dead).not.toBeNull();
    const c = new ConsumerLease(leases, 'consumer:analytics', 'instance-c', 30_000);
    expect(await c.run(() => Promise.resolve('c'))).toBeNull();
    now += 30_001;
    expect(await c.run(() => Promise.resolve('c'))).toBe('c');
  });
});
