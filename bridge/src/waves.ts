import { BRIDGE_WAVEFORM_LIMITS, queueWaveforms, takeWaveformBatch, type BridgeWaveform } from '@vigil/shared';
import type { BridgeCredential, BridgeMonitor } from './types.js';

/*
 * The waveform relay (issue 38, session 30): the samples the monitors stream (HL7 NA/MA OBX) go
 * to the server over the same authenticated channel as the readings (HTTPS with the bridge's
 * credential, POST /api/bridge/waveforms), at most one delivery a second (MON23), each within
 * the segment and sample bounds. Unlike readings they are not kept on disk: a waveform is live
 * (the server keeps a monitor's newest 20 s for the case screen to draw and capture), and the
 * record is the strip a provider captures. So while the server cannot be reached the queue keeps
 * its newest samples only, and a delivery the server refused is dropped.
 */

export type WaveSenderState = 'idle' | 'sending' | 'offline' | 'revoked';

export class WaveSender {
  private queue: BridgeWaveform[] = [];
  private timer: NodeJS.Timeout | null = null;
  private lastSentAt = -Infinity;
  private busy = false;
  state: WaveSenderState = 'idle';

  constructor(
    private readonly deps: {
      credential: BridgeCredential;
      monitors: () => BridgeMonitor[];
      log: (text: string) => void;
      fetch?: typeof fetch;
      now?: () => number;
      /** Between deliveries (MON23's one a second; a test may shorten it). */
      everyMs?: number;
    },
  ) {}

  /** Samples waiting to be sent. */
  get queued(): number {
    return this.queue.reduce((n, w) => n + w.values.length, 0);
  }

  /** Queues a monitor's samples (the oldest dropped beyond the bound) and sends when due. */
  add(waveforms: readonly BridgeWaveform[]): void {
    if (this.state === 'revoked' || waveforms.length === 0) return;
    this.queue = queueWaveforms(this.queue, waveforms);
    this.schedule();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(): void {
    if (this.timer || this.busy || this.queue.length === 0) return;
    const every = this.deps.everyMs ?? BRIDGE_WAVEFORM_LIMITS.sendEveryMs;
    const wait = Math.max(0, this.lastSentAt + every - (this.deps.now ?? Date.now)());
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.send();
    }, wait);
  }

  /** One delivery of the queue's oldest segments; resolves when the server answered (or could not be reached). */
  async send(): Promise<void> {
    if (this.busy || this.state === 'revoked' || this.queue.length === 0) return;
    this.busy = true;
    const { batch, rest } = takeWaveformBatch(this.queue);
    this.queue = rest;
    this.lastSentAt = (this.deps.now ?? Date.now)();
    const { credential, log } = this.deps;
    try {
      this.state = 'sending';
      const res = await (this.deps.fetch ?? fetch)(new URL('/api/bridge/waveforms', credential.server), {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${credential.token}` },
        body: JSON.stringify({ orgId: credential.orgId, monitors: this.deps.monitors(), waveforms: batch }),
        signal: AbortSignal.timeout(15_000),
      });
      if (res.status === 401) {
        this.state = 'revoked';
        this.queue = [];
        log('The server refused this bridge’s waveforms: it was revoked or never paired.');
        return;
      }
      this.state = res.ok ? 'idle' : 'offline';
      if (!res.ok) log(`waveforms not taken: the server answered ${res.status}`);
    } catch (err) {
      this.state = 'offline';
      log(`waveforms not sent (${err instanceof Error ? err.message : String(err)}); the newest are kept`);
    } finally {
      this.busy = false;
      this.schedule();
    }
  }
}
