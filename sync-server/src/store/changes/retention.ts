import type { ChangeStore } from './types.js';

/**
 * How long the change feed keeps a change (issue 36 item 3): a consumer (an SSE stream's
 * Last-Event-ID, a webhook's cursor) that falls further behind misses what is older.
 */
export const CHANGE_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** How often the feed is pruned. */
export const CHANGE_PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Prunes the feed at start and then every interval, by the server's clock; `stop` waits for a
 * prune under way (before the database closes).
 */
export function startChangePruner(
  changes: Pick<ChangeStore, 'prune'>,
  now: () => number,
  log: { warn: (obj: object, msg: string) => void },
  options: { retentionMs?: number; intervalMs?: number } = {},
): { stop(): Promise<void> } {
  const retention = options.retentionMs ?? CHANGE_RETENTION_MS;
  let running: Promise<void> | null = null;
  const prune = (): void => {
    running ??= changes
      .prune(now() - retention)
      .then(
        () => undefined,
        (err: unknown) => log.warn({ err }, 'could not prune the change feed'),
      )
      .finally(() => {
        running = null;
      });
  };
  prune();
  const timer = setInterval(prune, options.intervalMs ?? CHANGE_PRUNE_INTERVAL_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
