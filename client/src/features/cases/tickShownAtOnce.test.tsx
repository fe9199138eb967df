// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useTickShownAtOnce } from './tickShownAtOnce.js';

describe('a list entry’s tick shown at once', () => {
  it('shows the tap before the stored tick catches up, then follows the stored tick (another device too)', () => {
    const { result, rerender } = renderHook(({ stored }) => useTickShownAtOnce(stored), {
      initialProps: { stored: false },
    });
    expect(result.current[0]).toBe(false);
    act(() => result.current[1](true));
    // Tapped, the list not read again yet: the tick shows.
    expect(result.current[0]).toBe(true);
    rerender({ stored: true });
    expect(result.current[0]).toBe(true);
    // Another device unticks it: the stored tick wins.
    rerender({ stored: false });
    expect(result.current[0]).toBe(false);
  });
});
