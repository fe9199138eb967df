import { startTransition, useEffect, useState } from 'react';

/** Sections rendered with the first paint of an opened case: the ones a tablet shows first. */
export const FIRST_SECTIONS = 4;

/**
 * How many sections (in screen order) are mounted. The first few come with the first render; the
 * rest follow one per task, each as a transition, so the case is usable while the sections
 * further down mount, and a tap during that time is not held up by them (a long case screen is
 * too much for one render on a throttled tablet).
 */
export function useSectionsMounted(ready: boolean, total: number): number {
  const [count, setCount] = useState(FIRST_SECTIONS);
  const done = count >= total;
  useEffect(() => {
    if (!ready || done) return;
    const timer = window.setTimeout(() => startTransition(() => setCount((c) => c + 1)), 0);
    return () => window.clearTimeout(timer);
  }, [ready, done, count]);
  return count;
}
