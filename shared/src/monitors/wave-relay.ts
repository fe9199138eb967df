import { ECG_LEADS, type WaveType } from '../case-data/entries.js';
import type { PlanEntitlement } from '../plans/tiers.js';
import type { WaveformSamples } from './waveforms.js';

/*
 * Waveforms a Vigil Bridge relays to the server (issue 38, session 30), and which strips a plan
 * lets an office capture (spec 002 §6 "ECG waveform capture if the feature is on"). Pure: the
 * bridge bounds what it sends with these numbers, the server refuses what breaks them, and the
 * case screen and the server ask the same question before an ECG strip is captured.
 */

/**
 * [MON23] What one waveform delivery of a bridge may hold, and how often it may send one. A
 * 12-lead ECG at 500 Hz is 6,000 samples a second; a delivery a second with room for two such
 * monitors and their pleth stays under 20,000 samples (about 200 KB of JSON).
 */
export const BRIDGE_WAVEFORM_LIMITS = {
  /** Segments (one wave type of one monitor as one message carried it) a delivery. */
  maxSegments: 200,
  /** Samples a segment. */
  maxSamplesPerSegment: 5000,
  /** Samples a delivery, all segments together. */
  maxSamplesPerDelivery: 20_000,
  /** The highest sample rate taken (an ECG is sampled at 250–1000 Hz). */
  maxSampleRateHz: 1000,
  /** The bridge sends at most one delivery this often; the server refuses a bridge sending faster than twice this. */
  sendEveryMs: 1000,
  /** The bridge's queue of samples not sent yet: beyond it the oldest are dropped (live data, not the record). */
  maxQueuedSamples: 60_000,
  /** How much of a monitor's stream the server keeps for the case screen (the newest seconds; a strip is 18 s). */
  keepMs: 20_000,
} as const;

/** One segment as the bridge sends it: a monitor's samples of one wave type. */
export interface BridgeWaveform extends WaveformSamples {
  readonly monitorKey: string;
}

/**
 * [MON23] The bridge's queue after adding segments: oldest first, and at most
 * `maxQueuedSamples` samples (the oldest segments dropped first, a live stream never waits on a
 * slow server); segments larger than `maxSamplesPerSegment` keep their newest samples.
 */
export function queueWaveforms(queue: readonly BridgeWaveform[], added: readonly BridgeWaveform[]): BridgeWaveform[] {
  const max = BRIDGE_WAVEFORM_LIMITS.maxSamplesPerSegment;
  const all = [...queue, ...added.map((w) => (w.values.length > max ? { ...w, values: w.values.slice(-max) } : w))];
  let total = all.reduce((n, w) => n + w.values.length, 0);
  let drop = 0;
  while (total > BRIDGE_WAVEFORM_LIMITS.maxQueuedSamples && drop < all.length) total -= all[drop++]!.values.length;
  return all.slice(drop);
}

/**
 * [MON23] The next delivery taken from the queue's front: whole segments, oldest first, while
 * within the segment and sample bounds (a first segment always fits: no segment is larger than
 * a delivery). Answers the delivery and what stays queued.
 */
export function takeWaveformBatch(queue: readonly BridgeWaveform[]): {
  batch: BridgeWaveform[];
  rest: BridgeWaveform[];
} {
  const { maxSegments, maxSamplesPerDelivery } = BRIDGE_WAVEFORM_LIMITS;
  let samples = 0;
  let n = 0;
  while (n < queue.length && n < maxSegments && samples + queue[n]!.values.length <= maxSamplesPerDelivery) {
    samples += queue[n]!.values.length;
    n++;
  }
  return { batch: queue.slice(0, n), rest: queue.slice(n) };
}

const ECG: ReadonlySet<string> = new Set(ECG_LEADS);

/** [MON22] The plan entitlement capturing a strip of this wave type needs: the ECG leads need waveform capture; others none. */
export function waveCaptureEntitlement(type: WaveType): PlanEntitlement | null {
  return ECG.has(type) ? 'waveformCapture' : null;
}

/** [MON22] The words a screen and the server's refusal give when the plan has no ECG capture. */
export const ECG_CAPTURE_NOT_IN_PLAN =
  'ECG capture is included in the Advanced plan with waveforms on. An administrator can change the plan on the Subscription page.';

/**
 * [MON22] Whether a strip of this wave type may be captured by an office whose plan does
 * (`planHasWaveforms` true, or no plan of a known tier) or does not include waveform capture.
 */
export function mayCaptureWave(type: WaveType, planHasWaveforms: boolean): boolean {
  return waveCaptureEntitlement(type) === null || planHasWaveforms;
}
