import type { Logger } from '../../log.js';
import type { LocalPaymentStore } from '../../store/payments-local/types.js';

/** How often the sender looks for events due, and the provider's clock runs what fell due. */
export const EVENT_POLL_MS = 1_000;
export const PROVIDER_TICK_MS = 60_000;
/** The first retry after a failed delivery; doubled each time, at most an hour (the real provider retries for days). */
const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 3_600_000;

/** The wait before the next try after `attempts` failed ones (attempts counts the one that just failed). */
export function retryDelay(attempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

export interface EventSenderDeps {
  store: Pick<LocalPaymentStore, 'dueEvents' | 'markDelivered' | 'markFailed'>;
  /** The signature header for a body (LocalPaymentProvider.sign). */
  sign: (rawBody: string, now: number) => string;
  /** Runs what is due at the provider's clock (LocalPaymentProvider.tick). */
  tick: () => Promise<void>;
  /** The server's own webhook URL. */
  url: string;
  now: () => number;
  log: Logger;
  fetch?: typeof fetch;
}

/**
 * Sends the local provider's events as the real provider does (issue 37): each due event posted
 * to the server's own webhook over HTTP with its signature header, in order; delivered on a 2xx,
 * else tried again later with a growing delay. The provider's clock is ticked every minute so a
 * trial ends in real time too. Started once the server listens, stopped before it closes.
 */
export function startEventSender(deps: EventSenderDeps): { send(): Promise<void>; stop(): Promise<void> } {
  const post = deps.fetch ?? fetch;
  let running: Promise<void> | null = null;
  let stopped = false;

  const sendDue = async (): Promise<void> => {
    const due = await deps.store.dueEvents(deps.now(), 20);
    for (const event of due) {
      if (stopped) return;
      let ok = false;
      try {
        const reply = await post(deps.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': deps.sign(event.body, deps.now()) },
          body: event.body,
        });
        ok = reply.ok;
        await reply.body?.cancel();
      } catch (err) {
        deps.log.warn({ err, event: event.id }, 'payment event not delivered');
      }
      if (ok) await deps.store.markDelivered(event.id, deps.now());
      else await deps.store.markFailed(event.id, deps.now() + retryDelay(event.attempts + 1));
    }
  };

  const send = (): Promise<void> => {
    running ??= sendDue()
      .catch((err: unknown) => deps.log.error({ err }, 'payment events not sent'))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const tick = (): void => {
    deps
      .tick()
      .then(send)
      .catch((err: unknown) => deps.log.error({ err }, 'payment provider tick failed'));
  };

  const poll = setInterval(() => void send(), EVENT_POLL_MS);
  const ticker = setInterval(tick, PROVIDER_TICK_MS);
  poll.unref();
  ticker.unref();
  tick();
  return {
    send,
    stop: async () => {
      stopped = true;
      clearInterval(poll);
      clearInterval(ticker);
      await running;
    },
  };
}
