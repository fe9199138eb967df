import { describe, expect, it } from 'vitest';
import { approximateDuration, clockDrift, driftMessage, isClockOk } from './clock.js';

const MIN = 60_000;

describe('client clock check (spec 000 §2, §4, §9)', () => {
  it('measures drift against the middle of the round trip', () => {
    // Sent at 1,000, answered at 1,400: the server read its clock at about 1,200 of ours.
    expect(clockDrift({ sentAt: 1000, receivedAt: 1400, serverTime: 1200 })).toBe(0);
    // Device 5 minutes ahead: its midpoint is 300,000 ms past the server's time.
    expect(clockDrift({ sentAt: 5 * MIN, receivedAt: 5 * MIN, serverTime: 0 })).toBe(5 * MIN);
    expect(clockDrift({ sentAt: 0, receivedAt: 0, serverTime: 3 * MIN })).toBe(-3 * MIN);
  });

  it.each([
    [0, true],
    [2 * MIN, true],
    [-2 * MIN, true],
    [2 * MIN + 1, false],
    [-(2 * MIN + 1), false],
    [10 * MIN, false],
  ])('a drift of %i ms is acceptable: %s (threshold 2 minutes)', (drift, ok) => {
    expect(isClockOk(drift)).toBe(ok);
  });

  it.each([
    [5 * MIN, '5 minutes ahead'],
    [-5 * MIN, '5 minutes behind'],
    [61 * MIN, '1 hour ahead'],
    [-3 * 24 * 60 * MIN, '3 days behind'],
    [150 * 1000, '3 minutes ahead'],
    [-1 * MIN, '1 minute behind'],
  ])('words a drift of %i ms as "%s"', (drift, text) => {
    expect(driftMessage(drift)).toBe(text);
  });

  it('never says zero of a unit', () => {
    expect(approximateDuration(200)).toBe('1 second');
  });
});
