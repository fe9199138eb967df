import { randomUUID } from 'node:crypto';
import { nextWriteBackAttempt, writeBackBundle } from '@vigil/shared';
import type { Logger } from '../log.js';
import { consumeChanges, type ConsumerLease } from '../store/changes/consumer.js';
import { ConsumerPasses } from '../store/changes/passes.js';
import type { ChangeBus, ChangeStore } from '../store/changes/types.js';
import type { ReportStore } from '../store/reports/types.js';
import type { ResourceStore } from '../store/resources/types.js';
import type { EmrConnectionStore, EmrWriteBack } from '../store/smart/types.js';
import { EmrTokens, WriteBackError, writeBackInput } from './write-back-source.js';

/** The change feed's cursor of the EMR write-back. */
export const EMR_WRITE_BACK_CONSUMER = 'emr-write-back';
/** How often the consumer looks for due write-backs without an announced change. */
export const EMR_WRITE_BACK_POLL_MS = 2_000;
/** How long a finalize's progress waits for the write-back's first attempt before saying it failed (it goes on). */
export const EMR_PROGRESS_WAIT_MS = 20_000;
const DUE_BATCH = 20;

/** The finalize steps of the write-back (spec 001 §8). */
export type EmrProgressStep = 'emrSaveStarted' | 'savedToEmr' | 'emrSaveFailed';

export interface EmrWriteBackDeps {
  changes: ChangeStore;
  bus?: ChangeBus;
  store: EmrConnectionStore;
  resources: ResourceStore;
  reports: Pick<ReportStore, 'pdf'>;
  now: () => number;
  /** How the EMR is called (globalThis.fetch in the server). */
  fetch?: typeof fetch;
  log: Pick<Logger, 'warn'>;
  /** Several instances on one database: a pass runs only under this lease, so one instance writes back (issue 43). */
  lease?: Pick<ConsumerLease, 'run'>;
}

interface TransactionResponse {
  resourceType?: string;
  entry?: { response?: { status?: string; location?: string } }[];
}

/**
 * The signed record written back to the office's EMR (issue 42): a change-feed consumer with a
 * durable cursor (`emr-write-back`) that records one write-back per case.finalized or
 * addendum.signed of an office with an EMR connection (at least once: the store keeps one per
 * change), then posts each due one to the EMR's FHIR base as one transaction Bundle (shared
 * EMR8) with a SMART Backend Services token. A failure is tried again per EMR5 and never touches
 * the local record. Survives restarts: the cursor and the pending write-backs are stored.
 */
export class EmrWriteBacks {
  private readonly passes: ConsumerPasses;
  private readonly stopping = new AbortController();
  private readonly tokens: EmrTokens;

  constructor(private readonly deps: EmrWriteBackDeps) {
    this.tokens = new EmrTokens({
      fetch: deps.fetch ?? ((input, init) => fetch(input, init)),
      now: deps.now,
      signal: this.stopping.signal,
    });
    const pass = async (): Promise<void> => {
      await this.consume();
      await this.attemptDue();
    };
    this.passes = new ConsumerPasses({
      pass: async () => void (await (deps.lease ? deps.lease.run(pass) : pass())),
      pollMs: EMR_WRITE_BACK_POLL_MS,
      ...(deps.bus ? { bus: deps.bus } : {}),
      failed: (err) => deps.log.warn({ err }, 'emr write-back: pass failed'),
    });
  }

  private get stopped(): boolean {
    return this.passes.stopped;
  }

  /** Records the feed's new write-backs, then attempts what is due; one pass at a time. */
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

  /**
   * The finalize progress of the write-back (spec 001 §8): nothing without an EMR connection;
   * else emrSaveStarted, then savedToEmr once the case's write-back (made at or after `since`) is
   * done, or emrSaveFailed when its first attempt failed or none finished within
   * EMR_PROGRESS_WAIT_MS (it is still tried again, and shown on the integrations screen).
   */
  async follow(
    orgId: string,
    compositionId: string,
    since: number,
    emit: (step: EmrProgressStep) => void,
  ): Promise<void> {
    if (!(await this.deps.store.connection(orgId))) return;
    emit('emrSaveStarted');
    const deadline = Date.now() + EMR_PROGRESS_WAIT_MS;
    for (;;) {
      const wait = deadline - Date.now();
      const pass = this.runOnce().catch(() => undefined);
      await Promise.race([pass, new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.min(wait, 1_000))))]);
      const mine = (await this.deps.store.writeBacks(orgId, 50)).find(
        (w) => w.compositionId === compositionId && w.createdAt >= since && w.event === 'case.finalized',
      );
      if (mine?.status === 'done') return emit('savedToEmr');
      if ((mine && mine.attempts > 0) || Date.now() >= deadline || this.stopped) return emit('emrSaveFailed');
    }
  }

  private async consume(): Promise<void> {
    const { store, now } = this.deps;
    await consumeChanges(
      this.deps.changes,
      EMR_WRITE_BACK_CONSUMER,
      async (changes) => {
        const at = now();
        for (const change of changes) {
          const compositionId = change.kind === 'resource' ? null : change.payload.compositionId;
          if (typeof compositionId !== 'string') continue;
          // Only what was signed once the office was connected (a new consumer reads the whole feed).
          const connection = await store.connection(change.orgId);
          if (!connection || change.at < connection.updatedAt) continue;
          await store.addWriteBack({
            id: randomUUID(),
            orgId: change.orgId,
            compositionId,
            event: change.kind,
            seq: change.seq,
            status: 'pending',
            attempts: 0,
            firstAttemptAt: null,
            nextAttemptAt: at,
            lastError: null,
            written: [],
            createdAt: at,
            updatedAt: at,
          });
        }
      },
      { now, filter: { kinds: ['case.finalized', 'addendum.signed'] } },
    );
  }

  private async attemptDue(): Promise<void> {
    const due = await this.deps.store.dueWriteBacks(this.deps.now(), DUE_BATCH);
    for (const w of due) {
      if (this.stopped) return;
      await this.attempt(w);
    }
  }

  /** One attempt: the transaction posted to the EMR; the write-back updated with what happened. */
  private async attempt(w: EmrWriteBack): Promise<void> {
    const at = this.deps.now();
    let written: string[] | null = null;
    let error: string | null = null;
    try {
      written = await this.write(w);
    } catch (err) {
      if (!(err instanceof WriteBackError)) this.deps.log.warn({ err, id: w.id }, 'emr write-back failed');
      error = err instanceof Error ? err.message : String(err);
    }
    // Cut short by the server stopping: not an attempt; it stays due as it was.
    if (this.stopped) return;
    const attempts = w.attempts + 1;
    const first = w.firstAttemptAt ?? at;
    const next = written ? null : nextWriteBackAttempt(first, attempts, at);
    await this.deps.store.updateWriteBack({
      ...w,
      status: written ? 'done' : next === null ? 'failed' : 'pending',
      attempts,
      firstAttemptAt: first,
      nextAttemptAt: next,
      lastError: error,
      written: written ?? w.written,
      updatedAt: this.deps.now(),
    });
  }

  /** Posts the write-back's Bundle; the EMR's locations of what it wrote. */
  private async write(w: EmrWriteBack): Promise<string[]> {
    const connection = await this.deps.store.connection(w.orgId);
    if (!connection) throw new WriteBackError('The office has no EMR connection any more');
    const [change] = await this.deps.changes.read(w.seq - 1, 1);
    const pdfId = change?.seq === w.seq && change.kind !== 'resource' ? change.payload.pdfId : null;
    if (typeof pdfId !== 'string') throw new WriteBackError('The signed record is no longer in the change feed');
    const input = await writeBackInput(this.deps, connection, w, pdfId);
    const bundle = writeBackBundle(input, randomUUID);
    const token = await this.tokens.token(connection);
    const res = await this.tokens.call(connection.iss, {
      method: 'POST',
      headers: {
        'content-type': 'application/fhir+json',
        accept: 'application/fhir+json',
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify(bundle),
    });
    const text = await res.text().catch(() => '');
    if (res.status === 401) this.tokens.forget(connection);
    if (!res.ok) throw new WriteBackError(`The EMR answered HTTP ${res.status}: ${text.slice(0, 500)}`);
    let reply: TransactionResponse | null;
    try {
      reply = JSON.parse(text) as TransactionResponse;
    } catch {
      reply = null;
    }
    return (reply?.entry ?? []).flatMap((e) => (e.response?.location ? [e.response.location] : []));
  }
}
