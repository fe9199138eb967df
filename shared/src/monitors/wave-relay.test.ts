import { describe, expect, it } from 'vitest';
import { WAVE_TYPES } from '../case-data/entries.js';
import {
  BRIDGE_WAVEFORM_LIMITS,
  mayCaptureWave,
  queueWaveforms,
  takeWaveformBatch,
  waveCaptureEntitlement,
  type BridgeWaveform,
} from './wave-relay.js';

const seg = (n: number, at = 0, type: BridgeWaveform['type'] = 'pleth'): BridgeWaveform => ({
  monitorKey: 'hl7:M',
  type,
  values: Array.from({ length: n }, (_, i) => i),
  sampleRateHz: 100,
  receivedAt: at,
});

describe('[MON22] ECG capture only where the plan includes waveforms', () => {
  it('needs waveform capture for every ECG lead and for nothing else', () => {
    const needing = WAVE_TYPES.filter((t) => waveCaptureEntitlement(t) === 'waveformCapture');
    expect(needing).toEqual(['I', 'II', 'III', 'AVR', 'AVL', 'AVF', 'V1', 'V2', 'V3', 'V4', 'V5', 'V6']);
    expect(waveCaptureEntitlement('pleth')).toBeNull();
  });
  it('allows the pleth, capnogram and respirogram on any plan, an ECG lead only with waveforms', () => {
    for (const t of ['pleth', 'etco2', 'respirogram'] as const) expect(mayCaptureWave(t, false)).toBe(true);
    expect(mayCaptureWave('II', false)).toBe(false);
    expect(mayCaptureWave('II', true)).toBe(true);
  });
});

describe('[MON23] the bridge’s waveform queue and deliveries are bounded', () => {
  it('drops the oldest segments beyond the queue bound, and cuts a segment to its newest samples', () => {
    const big = seg(BRIDGE_WAVEFORM_LIMITS.maxSamplesPerSegment + 10);
    const [cut] = queueWaveforms([], [big]);
    expect(cut!.values.length).toBe(BRIDGE_WAVEFORM_LIMITS.maxSamplesPerSegment);
    expect(cut!.values[0]).toBe(10);
    let q: BridgeWaveform[] = [];
    for (let i = 0; i < 20; i++) q = queueWaveforms(q, [seg(5000, i)]);
    expect(q.reduce((n, w) => n + w.values.length, 0)).toBeLessThanOrEqual(BRIDGE_WAVEFORM_LIMITS.maxQueuedSamples);
    expect(q.at(-1)!.receivedAt).toBe(19);
    expect(q[0]!.receivedAt).toBe(8);
  });
  it('takes whole segments, oldest first, within the sample and segment bounds', () => {
    const q = [seg(5000, 1), seg(5000, 2), seg(5000, 3), seg(5000, 4), seg(10, 5)];
    const { batch, rest } = takeWaveformBatch(q);
    expect(batch.map((w) => w.receivedAt)).toEqual([1, 2, 3, 4]);
    expect(rest.map((w) => w.receivedAt)).toEqual([5]);
    const many = Array.from({ length: 300 }, (_, i) => seg(1, i));
    expect(takeWaveformBatch(many).batch.length).toBe(BRIDGE_WAVEFORM_LIMITS.maxSegments);
    expect(takeWaveformBatch([]).batch).toEqual([]);
  });
});
