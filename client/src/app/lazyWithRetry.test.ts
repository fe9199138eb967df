import { describe, expect, it, vi } from 'vitest';
import { importWithRetry, type RetryOptions } from './lazyWithRetry.js';

function failing(times: number): { load: () => Promise<string>; calls: () => number } {
  let calls = 0;
  return {
    load: () => {
      calls += 1;
      return calls <= times ? Promise.reject(new Error('chunk failed')) : Promise.resolve('module');
    },
    calls: () => calls,
  };
}

function options(overrides: Partial<RetryOptions> = {}): RetryOptions & { waits: number[] } {
  const waits: number[] = [];
  return {
    retries: 3,
    intervalMs: 100,
    isLocal: () => false,
    reload: vi.fn(),
    wait: (ms) => {
      waits.push(ms);
      return Promise.resolve();
    },
    waits,
    ...overrides,
  };
}

describe('lazy-loaded module retry (spec 000 §8)', () => {
  it('loads at once when the module is there', async () => {
    const m = failing(0);
    await expect(importWithRetry(m.load, options())).resolves.toBe('module');
    expect(m.calls()).toBe(1);
  });

  it('retries 3 times at 100 ms intervals and succeeds on the last try', async () => {
    const m = failing(3);
    const o = options();
    await expect(importWithRetry(m.load, o)).resolves.toBe('module');
    expect(m.calls()).toBe(4);
    expect(o.waits).toEqual([100, 100, 100]);
    expect(o.reload).not.toHaveBeenCalled();
  });

  it('reloads the page after the 3 retries fail', async () => {
    const m = failing(10);
    const o = options();
    const pending = importWithRetry(m.load, o);
    await vi.waitFor(() => expect(o.reload).toHaveBeenCalledTimes(1));
    expect(m.calls()).toBe(4);
    // The promise never settles: the page is going away.
    const settled = await Promise.race([pending.then(() => true), Promise.resolve(false)]);
    expect(settled).toBe(false);
  });

  it('throws instead of reloading when running locally', async () => {
    const m = failing(10);
    const o = options({ isLocal: () => true });
    await expect(importWithRetry(m.load, o)).rejects.toThrow('chunk failed');
    expect(m.calls()).toBe(4);
    expect(o.reload).not.toHaveBeenCalled();
  });
});
