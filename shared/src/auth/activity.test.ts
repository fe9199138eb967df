import { describe, expect, it } from 'vitest';
import { MINUTE, SECOND } from '../constants/time.js';
import { activityState, isReturnFromIdle, isUserActive } from './activity.js';

const T = 1_800_000_000_000;

describe('user activity (spec 000 §4, §9: idle timeout 30 seconds, user inactive threshold 2 minutes)', () => {
  it.each([
    [0, 'active'],
    [29 * SECOND + 999, 'active'],
    [30 * SECOND, 'idle'],
    [2 * MINUTE - 1, 'idle'],
    [2 * MINUTE, 'inactive'],
    [3 * 60 * MINUTE, 'inactive'],
  ] as const)('after %i ms without input the user is %s', (quietMs, state) => {
    expect(activityState(T, T + quietMs)).toBe(state);
  });

  it('keeps extending the session while idle but not once inactive after 2 minutes (spec 000 §4, §9)', () => {
    expect(isUserActive(T, T + 30 * SECOND)).toBe(true);
    expect(isUserActive(T, T + 2 * MINUTE - 1)).toBe(true);
    expect(isUserActive(T, T + 2 * MINUTE)).toBe(false);
  });

  it('treats input after 30 seconds of quiet as a return from idle (spec 000 §9 idle timeout)', () => {
    expect(isReturnFromIdle(T, T + 29 * SECOND)).toBe(false);
    expect(isReturnFromIdle(T, T + 30 * SECOND)).toBe(true);
    expect(isReturnFromIdle(T, T + 10 * MINUTE)).toBe(true);
  });
});
