/**
 * Resolves once every one of `loads` has settled, or after `ms`, whichever comes first: the app's
 * first render waits for what its start screen needs, but never longer than that (main.tsx).
 */
export function settledOrAfter(loads: readonly Promise<unknown>[], ms: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    void Promise.allSettled(loads).then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
