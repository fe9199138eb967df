import { DAY, HOUR } from '@vigil/shared';
import type { BridgeStore } from '../store/bridges/types.js';

/**
 * How long the ids of the readings a bridge delivered are kept (issue 38 follow-up;
 * docs/decisions.md, session 28 bridge follow-ups). A reading is sent again only when the bridge
 * stopped between its delivery and moving its disk cursor, and it sends that again as soon as it
 * reaches the server; a week covers a bridge switched off over a long weekend or a holiday with
 * such a delivery in its buffer, and its buffer (readings kept until taken) never holds a taken
 * reading longer than that.
 */
export const BRIDGE_READING_RETENTION_MS = 7 * DAY;
/** How often the taken ids are pruned. */
export const BRIDGE_READING_PRUNE_INTERVAL_MS = HOUR;

/**
 * Prunes the taken reading ids older than the retention at start and then every interval, by the
 * server's clock (injected); `stop` waits for a prune under way (before the database closes).
 */
export function startBridgeReadingPruner(
  store: Pick<BridgeStore, 'pruneReadings'>,
  now: () => number,
  log: { warn: (obj: object, msg: string) => void },
  options: { retentionMs?: number; intervalMs?: number } = {},
): { stop(): Promise<void> } {
  const retention = options.retentionMs ?? BRIDGE_READING_RETENTION_MS;
  let running: Promise<void> | null = null;
  const prune = (): void => {
    running ??= store
      .pruneReadings(now() - retention)
      .then(
        () => undefined,
        (err: unknown) => log.warn({ err }, 'could not prune the bridges’ taken readings'),
      )
      .finally(() => {
        running = null;
      });
  };
  prune();
  const timer = setInterval(prune, options.intervalMs ?? BRIDGE_READING_PRUNE_INTERVAL_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
