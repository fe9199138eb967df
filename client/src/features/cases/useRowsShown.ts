import { startTransition, useEffect, useState } from 'react';

/** Rows of a list rendered with its first render (the screen's first frame, for a section that comes with it). */
export const FIRST_ROWS = 5;

/**
 * How many rows of a list of `total` to render: the first FIRST_ROWS as the list mounts, every
 * row from the next task on, as a transition (a tap in between is not held up by it). A 4-hour
 * case's manual vitals table (the bench's has 24 entries, ~360 elements) was over a third of
 * the case screen's first render, below the fold of a tablet; the rows follow a moment later.
 * Once the list is whole, rows added later render at once.
 */
export function useRowsShown(total: number): number {
  const [all, setAll] = useState(false);
  const pending = !all && total > FIRST_ROWS;
  useEffect(() => {
    if (!pending) return;
    const timer = window.setTimeout(() => startTransition(() => setAll(true)), 0);
    return () => window.clearTimeout(timer);
  }, [pending]);
  return all ? total : Math.min(total, FIRST_ROWS);
}
