import type { Lease, LeaseStore } from '../leases/types.js';
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

/** How long a consumer's lease lasts unless renewed: an instance that dies mid-pass hands over within it. */
export const CONSUMER_LEASE_TTL_MS = 30_000;

/**
 * One consumer across instances (issue 43): several server processes on one database each run
 * the change-feed consumers (analytics, webhooks), but a pass runs only under the consumer's lease
 * (`consumer:{name}` in the leases table), so one instance at a time reads the feed, moves the
 * cursor and sends. An instance without the lease skips the pass: the holder handles the change,
 * and the next pass after its release may run anywhere. The lease is renewed every third of its
 * time while a pass runs; `held()` turns false once a renewal fails (a pass that outlived its
 * lease stops before its next step that others could repeat, such as a webhook attempt).
 */
export class ConsumerLease {
  constructor(
    private readonly leases: LeaseStore,
    private readonly key: string,
    private readonly holder: string,
    private readonly ttlMs = CONSUMER_LEASE_TTL_MS,
  ) {}

  /** Runs `pass` under the lease and answers its value, or null without running it when another instance holds the lease. */
  async run<T>(pass: (held: () => boolean) => Promise<T>): Promise<T | null> {
    const taken = await this.leases.acquire(this.key, this.holder, this.ttlMs);
    if (!taken) return null;
    let lease: Lease = taken;
    let held = true;
    const renewing = setInterval(() => {
      this.leases.renew(lease, this.ttlMs).then(
        (renewed) => {
          held &&= renewed !== null;
          lease = renewed ?? lease;
        },
        () => undefined,
      );
    }, this.ttlMs / 3);
    renewing.unref();
    try {
      return await pass(() => held);
    } finally {
      clearInterval(renewing);
      if (held) await this.leases.release(lease).catch(() => false);
    }
  }
}
