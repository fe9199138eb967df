import { matchesFilter } from './filter.js';
import type { Change, ChangeFilter, ChangeStore } from './types.js';

/** How many changes a consumer handles per read. */
export const CONSUME_BATCH = 500;

/**
 * One pass of a named consumer over the feed, at least once: it reads from its cursor, hands each
 * batch to `handle` and advances the cursor only after `handle` settled, so a crash or a failed
 * batch is handed over again on the next pass (a consumer must tolerate seeing a change twice).
 * Changes outside `filter` are skipped but passed by the cursor. Answers how many were handled.
 */
export async function consumeChanges(
  store: ChangeStore,
  consumer: string,
  handle: (changes: readonly Change[]) => Promise<void> | void,
  options: { filter?: ChangeFilter; now: () => number; batch?: number },
): Promise<number> {
  const batch = options.batch ?? CONSUME_BATCH;
  let handled = 0;
  for (;;) {
    const after = await store.cursor(consumer);
    const changes = await store.read(after, batch);
    if (changes.length === 0) return handled;
    const wanted = options.filter ? changes.filter((c) => matchesFilter(c, options.filter!)) : changes;
    if (wanted.length > 0) await handle(wanted);
    handled += wanted.length;
    await store.advance(consumer, changes.at(-1)!.seq, options.now());
    if (changes.length < batch) return handled;
  }
}
