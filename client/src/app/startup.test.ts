import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settledOrAfter } from './startup.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Whether `promise` has resolved once pending callbacks and microtasks have run. */
async function isDone(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe("the wait before the app's first render (main.tsx)", () => {
  it('ends as soon as every load has settled, failed ones included, and leaves no timer behind', async () => {
    let read = (): void => undefined;
    const caseRead = new Promise<void>((resolve) => (read = resolve));
    const wait = settledOrAfter([Promise.reject(new Error('chunk failed')), caseRead], 3_000);
    expect(await isDone(wait)).toBe(false);
    read();
    expect(await isDone(wait)).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('ends after its limit when a load never settles (storage that does not answer), and not before', async () => {
    const wait = settledOrAfter([new Promise(() => undefined)], 3_000);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(await isDone(wait)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await isDone(wait)).toBe(true);
  });
});
