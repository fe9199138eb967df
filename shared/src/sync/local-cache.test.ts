import { describe, expect, it } from 'vitest';
import { LOCAL_CACHE_VERSION, liveEventRetry, stampCache, usableCache } from './local-cache.js';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 29, 12, 0);

describe('the local cache (spec 000 §7, §9)', () => {
  it.each([
    ['written just now', stampCache({ a: 1 }, NOW), { a: 1 }],
    // 5 days less 1 ms: still younger than 5 days.
    ['4 days 23:59:59.999 old', stampCache({ a: 1 }, NOW - 5 * DAY + 1), { a: 1 }],
    ['exactly 5 days old', stampCache({ a: 1 }, NOW - 5 * DAY), null],
    ['of another version', { ...stampCache({ a: 1 }, NOW), version: LOCAL_CACHE_VERSION + 1 }, null],
    ['written in the future (the clock moved back)', stampCache({ a: 1 }, NOW + 60_000), null],
    ['unstamped (an older build wrote it)', { user: null, session: null }, null],
    ['not an object', 'garbage', null],
  ])('[LC1] a cache %s is %j', (_name, stored, expected) => {
    expect(usableCache(stored, NOW)).toEqual(expected);
  });
});

describe('live events (spec 000 §4, §9)', () => {
  it.each([
    ['a close', { kind: 'closed' as const }, { state: 'reconnecting', delayMs: 1000 }],
    ['a 401', { kind: 'refused' as const, status: 401 }, { state: 'failed', delayMs: 60_000 }],
    ['a 403', { kind: 'refused' as const, status: 403 }, { state: 'failed', delayMs: 60_000 }],
    ['a 499', { kind: 'refused' as const, status: 499 }, { state: 'failed', delayMs: 60_000 }],
    ['a 503', { kind: 'refused' as const, status: 503 }, { state: 'reconnecting', delayMs: 1000 }],
  ])('[LC2] after %s', (_name, end, retry) => {
    expect(liveEventRetry(end)).toEqual(retry);
  });
});
