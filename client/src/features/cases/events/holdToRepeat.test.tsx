// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdRepeatInterval, useHoldToRepeat } from './holdToRepeat.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Repeater({ onStep }: { onStep: () => void }): React.ReactNode {
  const handlers = useHoldToRepeat(onStep);
  return (
    <button type="button" {...handlers}>
      step
    </button>
  );
}

describe('hold-to-repeat (spec 002 §9)', () => {
  it('repeats every 90 ms, ×0.5 after 2 s and ×0.4 after 4 s', () => {
    expect(holdRepeatInterval(0)).toBe(90);
    expect(holdRepeatInterval(1999)).toBe(90);
    expect(holdRepeatInterval(2000)).toBe(45);
    expect(holdRepeatInterval(4000)).toBeCloseTo(36);
  });

  it('acts on press, waits 180 ms, then repeats while held and stops on release', () => {
    vi.useFakeTimers();
    const onStep = vi.fn();
    render(<Repeater onStep={onStep} />);
    const button = screen.getByRole('button');
    fireEvent.pointerDown(button, { button: 0 });
    expect(onStep).toHaveBeenCalledTimes(1);
    act(() => {
      vi.advanceTimersByTime(179);
    });
    expect(onStep).toHaveBeenCalledTimes(1);
    act(() => {
      vi.advanceTimersByTime(1);
    }); // 180 ms: first repeat
    expect(onStep).toHaveBeenCalledTimes(2);
    act(() => {
      vi.advanceTimersByTime(90);
    }); // then every 90 ms
    expect(onStep).toHaveBeenCalledTimes(3);
    fireEvent.pointerUp(button);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(onStep).toHaveBeenCalledTimes(3);
  });

  it('acts once per keyboard press (a click with detail 0) and not again for a pointer click', () => {
    const onStep = vi.fn();
    render(<Repeater onStep={onStep} />);
    fireEvent.click(screen.getByRole('button'), { detail: 0 });
    expect(onStep).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button'), { detail: 1 });
    expect(onStep).toHaveBeenCalledTimes(1);
  });
});
