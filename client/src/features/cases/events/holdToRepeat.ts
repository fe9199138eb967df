import { HOLD_TO_REPEAT } from '@vigil/shared';
import { useEffect, useRef, type MouseEvent, type PointerEvent } from 'react';

/**
 * The wait before the next repeat of a held incrementor button (spec 002 §9): 90 ms, ×0.5 once
 * held for 2 s, ×0.4 once held for 4 s.
 */
export function holdRepeatInterval(heldMs: number): number {
  let factor = 1;
  for (const s of HOLD_TO_REPEAT.speedups) if (heldMs >= s.afterMs) factor = s.factor;
  return HOLD_TO_REPEAT.repeatMs * factor;
}

export interface HoldToRepeatHandlers {
  onPointerDown: (e: PointerEvent<HTMLElement>) => void;
  onPointerUp: () => void;
  onPointerLeave: () => void;
  onPointerCancel: () => void;
  onClick: (e: MouseEvent<HTMLElement>) => void;
}

/**
 * Hold-to-repeat (spec 002 §2, §9): a press acts once; held, it repeats after 180 ms, then every
 * 90 ms, faster after 2 s and 4 s. A keyboard press (Enter, Space) acts once per press.
 */
export function useHoldToRepeat(action: () => void, disabled = false): HoldToRepeatHandlers {
  const latest = useRef(action);
  latest.current = action;
  const timer = useRef<number | null>(null);
  const stop = (): void => {
    if (timer.current != null) window.clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(() => stop, []);
  return {
    onPointerDown: (e) => {
      if (disabled || e.button !== 0) return;
      stop();
      const started = Date.now();
      latest.current();
      const tick = (): void => {
        latest.current();
        timer.current = window.setTimeout(tick, holdRepeatInterval(Date.now() - started));
      };
      timer.current = window.setTimeout(tick, HOLD_TO_REPEAT.delayMs);
    },
    onPointerUp: stop,
    onPointerLeave: stop,
    onPointerCancel: stop,
    // A click with detail 0 comes from the keyboard; pointer clicks already acted on pointer down.
    onClick: (e) => {
      if (!disabled && e.detail === 0) latest.current();
    },
  };
}
