import type { DiskBuffer } from './buffer.js';
import type { BridgeCredential, BridgeMonitor } from './types.js';

/*
 * Sends the buffer's readings to the server in order, a batch at a time, over HTTPS with the
 * bridge's credential (POST /api/bridge/readings). The cursor moves past what the server answered
 * as taken. While the server cannot be reached the readings stay on disk and the sender tries
 * again, waiting longer each time (1 s doubling to 30 s). A 401 (the bridge was revoked) stops it.
 */

export const BATCH = 200;
const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 30_000;

export type SenderState = 'idle' | 'sending' | 'offline' | 'revoked';

export class Sender {
  private timer: NodeJS.Timeout | null = null;
  private busy = false;
  private retryMs = RETRY_MIN_MS;
  state: SenderState = 'idle';

  constructor(
    private readonly deps: {
      credential: BridgeCredential;
      buffer: DiskBuffer;
      monitors: () => BridgeMonitor[];
      log: (text: string) => void;
      fetch?: typeof fetch;
    },
  ) {}

  /** Sends soon: called after each new reading. */
  kick(): void {
    if (this.state === 'revoked' || this.busy || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, 0);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Sends everything the buffer holds, in order; resolves when it is empty or the server could not take it. */
  async flush(): Promise<void> {
    if (this.busy || this.state === 'revoked') return;
    this.busy = true;
    try {
      while (this.deps.buffer.length > 0) {
        const batch = this.deps.buffer.peek(BATCH);
        const taken = await this.send(batch);
        if (taken === null) return;
        this.deps.buffer.taken(taken);
        this.retryMs = RETRY_MIN_MS;
      }
      this.state = 'idle';
    } finally {
      this.busy = false;
    }
  }

  /** One batch; the number of readings taken (a prefix of the batch), or null when it must wait. */
  private async send(batch: readonly { id: string }[]): Promise<number | null> {
    const { credential, log } = this.deps;
    const doFetch = this.deps.fetch ?? fetch;
    this.state = 'sending';
    let res: Response;
    try {
      res = await doFetch(new URL('/api/bridge/readings', credential.server), {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${credential.token}` },
        body: JSON.stringify({ monitors: this.deps.monitors(), readings: batch }),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (err) {
      return this.wait(`server unreachable (${err instanceof Error ? err.message : String(err)})`);
    }
    if (res.status === 401) {
      this.state = 'revoked';
      log('The server refused this bridge: it was revoked or never paired. Pair it again with a new code.');
      return null;
    }
    if (!res.ok) return this.wait(`server answered ${res.status}`);
    const answer = (await res.json()) as { taken: string[] };
    const ids = new Set(answer.taken);
    let n = 0;
    while (n < batch.length && ids.has(batch[n]!.id)) n++;
    return n;
  }

  private wait(reason: string): null {
    this.state = 'offline';
    this.deps.log(
      `${reason}; ${this.deps.buffer.length} readings kept on disk, trying again in ${this.retryMs / 1000} s`,
    );
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
    return null;
  }
}
