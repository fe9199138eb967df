import type { ChangeBus } from './types.js';

/** How a consumer's passes are run (ConsumerPasses). */
export interface ConsumerPassesOptions {
  /** One pass: read the feed's new changes and act on them. */
  pass: () => Promise<void>;
  /** How often a pass runs when nothing announces a change. */
  pollMs: number;
  /** Announces changes (another instance's too, through Redis): a pass runs at once. */
  bus?: ChangeBus;
  /** Told of a failed pass (the next one tries again). */
  failed: (err: unknown) => void;
}

/**
 * The schedule every change-feed consumer shares (webhooks, the EMR write-back, the analytics read
 * model): one pass at a time; a call while one runs is answered by one more pass after it (calls
 * in between share it); a pass when the bus announces a change and every `pollMs`; stop waits for
 * the pass under way, so the database is not closed beneath it.
 */
export class ConsumerPasses {
  private tail: Promise<void> = Promise.resolve();
  private queued: Promise<void> | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private unsubscribe: (() => void) | null = null;
  private halted = false;

  constructor(private readonly options: ConsumerPassesOptions) {}

  /** Whether stop() was called: a long pass checks it between steps. */
  get stopped(): boolean {
    return this.halted;
  }

  /** A pass after the one under way (the same promise to every call until it starts). */
  run(): Promise<void> {
    if (this.queued) return this.queued;
    const run = this.tail
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.options.pass();
      });
    this.queued = run;
    this.tail = run;
    return run;
  }

  start(): void {
    const wake = (): void => {
      if (this.halted) return;
      this.run().catch(this.options.failed);
    };
    this.unsubscribe = this.options.bus?.subscribe(wake) ?? null;
    this.timer = setInterval(wake, this.options.pollMs);
    this.timer.unref();
    wake();
  }

  /** Stops waking and waits for the pass under way. */
  async stop(): Promise<void> {
    this.halted = true;
    this.unsubscribe?.();
    if (this.timer) clearInterval(this.timer);
    await this.tail.catch(() => undefined);
  }
}
