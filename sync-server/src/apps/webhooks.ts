import { randomUUID } from 'node:crypto';
import { nextAttemptAt, webhookEventOf, type WebhookEvent } from '@vigil/shared';
import type { Logger } from '../log.js';
import type { AppStore, DeliveryRecord, WebhookRecord } from '../store/apps/types.js';
import { consumeChanges, type ConsumerLease } from '../store/changes/consumer.js';
import { ConsumerPasses } from '../store/changes/passes.js';
import type { Change, ChangeBus, ChangeStore } from '../store/changes/types.js';
import { webhookHeaders } from './signing.js';

/** The change feed's cursor of the webhooks. */
export const WEBHOOKS_CONSUMER = 'webhooks';
/** How often the dispatcher looks for due deliveries without an announced change. */
export const WEBHOOKS_POLL_MS = 2_000;
/** An attempt's answer waits at most this long (a receiver should answer at once and work later). */
export const WEBHOOK_TIMEOUT_MS = 15_000;
/** How much of an answer an attempt keeps. */
export const RESPONSE_EXCERPT = 1_000;
/** Due deliveries read per step. */
const DUE_BATCH = 50;

export interface WebhookDispatcherDeps {
  changes: ChangeStore;
  bus?: ChangeBus;
  store: AppStore;
  /** The clock of deliveries, attempts and retries (injected in tests). */
  now: () => number;
  /** How a delivery is sent (globalThis.fetch in the server). */
  fetch?: typeof fetch;
  log: Pick<Logger, 'warn'>;
  /** Several instances on one database: a pass runs only under this lease, so one instance consumes and sends (issue 43). */
  lease?: Pick<ConsumerLease, 'run'>;
}

/** A delivery's subject: the resource, or the record a domain event is about (its events go out in order). */
function subjectOf(change: Change): string {
  if (change.kind === 'resource') return `${change.resourceType}/${change.resourceId}`;
  const p = change.payload;
  if (typeof p.compositionId === 'string') return `Composition/${p.compositionId}`;
  if (typeof p.inventoryId === 'string') return `Inventory/${p.inventoryId}`;
  return change.kind;
}

/**
 * The body sent (Standard Webhooks' payload shape: type, timestamp, data). Thin: ids and versions,
 * never the resource, so what an app reads of patient data goes through its token's scopes and
 * the FHIR API's audit (decision, session 28).
 */
function payloadOf(change: Change, event: WebhookEvent): string {
  const data =
    change.kind === 'resource'
      ? {
          orgId: change.orgId,
          resourceType: change.resourceType,
          id: change.resourceId,
          versionId: change.versionId,
          seq: change.seq,
        }
      : { orgId: change.orgId, ...change.payload, seq: change.seq };
  return JSON.stringify({ type: event, timestamp: new Date(change.at).toISOString(), data });
}

/**
 * Webhooks (issue 42): a change-feed consumer with a durable cursor (`webhooks`) that turns each
 * change into a delivery for every webhook of a current installation in its organisation that
 * chose it (shared APP4; made at or after the webhook was), then sends the due deliveries, signed
 * per Standard Webhooks, each attempt kept. A failed attempt is tried again with exponential
 * backoff for 24 hours (APP5); a subject's deliveries go out one after another in feed order, so
 * a receiver that was down gets everything afterwards in order per resource. At least once: a
 * receiver dedupes by `webhook-id`.
 */
export class WebhookDispatcher {
  private readonly passes: ConsumerPasses;
  /** Aborts the attempts in flight when the server stops (they are tried again after the restart). */
  private readonly stopping = new AbortController();

  constructor(private readonly deps: WebhookDispatcherDeps) {
    const pass = async (held: () => boolean): Promise<void> => {
      await this.consume();
      await this.sendDue(held);
    };
    this.passes = new ConsumerPasses({
      pass: async () => void (await (deps.lease ? deps.lease.run(pass) : pass(() => true))),
      pollMs: WEBHOOKS_POLL_MS,
      ...(deps.bus ? { bus: deps.bus } : {}),
      failed: (err) => deps.log.warn({ err }, 'webhooks: pass failed'),
    });
  }

  private get stopped(): boolean {
    return this.passes.stopped;
  }

  /** Turns the feed's new changes into deliveries, then sends what is due; one pass at a time. */
  runOnce(): Promise<void> {
    return this.passes.run();
  }

  start(): void {
    this.passes.start();
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await this.passes.stop();
  }

  private async consume(): Promise<void> {
    const { store, now } = this.deps;
    await consumeChanges(
      this.deps.changes,
      WEBHOOKS_CONSUMER,
      async (changes) => {
        const hooks = await store.activeWebhooks();
        if (hooks.length === 0) return;
        const byOrg = new Map<string, WebhookRecord[]>();
        for (const h of hooks) byOrg.set(h.orgId, [...(byOrg.get(h.orgId) ?? []), h]);
        const at = now();
        for (const change of changes) {
          for (const hook of byOrg.get(change.orgId) ?? []) {
            if (change.at < hook.createdAt) continue;
            const event = webhookEventOf(change, hook);
            if (!event) continue;
            await store.addDelivery({
              id: `msg_${randomUUID().replaceAll('-', '')}`,
              webhookId: hook.id,
              orgId: change.orgId,
              seq: change.seq,
              event,
              subject: subjectOf(change),
              payload: payloadOf(change, event),
              createdAt: at,
              status: 'pending',
              windowStart: at,
              nextAttemptAt: at,
              attempts: [],
            });
          }
        }
      },
      { now, filter: { kinds: ['resource', 'case.finalized', 'addendum.signed', 'history.signed', 'ledger.entry'] } },
    );
  }

  /** Sends due deliveries until none is due (each sent one lets the next of its subject become due). */
  private async sendDue(held: () => boolean): Promise<void> {
    const { store } = this.deps;
    const hooks = new Map<string, WebhookRecord | null>();
    for (;;) {
      const due = await store.due(this.deps.now(), DUE_BATCH);
      if (due.length === 0 || this.stopped || !held()) return;
      let delivered = 0;
      for (const d of due) {
        if (!held()) return;
        if (!hooks.has(d.webhookId)) hooks.set(d.webhookId, await store.webhook(d.webhookId));
        const hook = hooks.get(d.webhookId);
        if (hook && (await this.attempt(hook, d))) delivered += 1;
      }
      // Nothing went through: what is left waits for its next attempt time.
      if (delivered === 0) return;
    }
  }

  /** One attempt of a delivery, kept with what was sent and answered; true when the receiver took it (2xx). */
  private async attempt(hook: WebhookRecord, d: DeliveryRecord): Promise<boolean> {
    const at = this.deps.now();
    const headers = {
      'content-type': 'application/json',
      ...webhookHeaders(hook.secret, d.id, Math.floor(at / 1000), d.payload),
    };
    const started = performance.now();
    let status: number | null = null;
    let body: string;
    try {
      const res = await (this.deps.fetch ?? fetch)(hook.url, {
        method: 'POST',
        headers,
        body: d.payload,
        redirect: 'manual',
        signal: AbortSignal.any([AbortSignal.timeout(WEBHOOK_TIMEOUT_MS), this.stopping.signal]),
      });
      status = res.status;
      body = (await res.text().catch(() => '')).slice(0, RESPONSE_EXCERPT);
    } catch (err) {
      body =
        `Not delivered: ${err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err)}`.slice(
          0,
          RESPONSE_EXCERPT,
        );
    }
    // Cut short by the server stopping: not an attempt of the receiver's; it stays due as it was.
    if (this.stopped) return false;
    const durationMs = Math.round(performance.now() - started);
    const ok = status !== null && status >= 200 && status < 300;
    const n = d.attempts.length + 1;
    const inWindow = d.attempts.filter((a) => a.at >= d.windowStart).length + 1;
    const next = ok ? null : nextAttemptAt(d.windowStart, at, inWindow);
    await this.deps.store.addAttempt(
      d.id,
      { n, at, requestHeaders: JSON.stringify(headers), responseStatus: status, responseBody: body, durationMs },
      ok ? 'delivered' : next === null ? 'failed' : 'pending',
      next,
    );
    return ok;
  }
}
