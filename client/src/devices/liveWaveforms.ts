import { useSyncExternalStore } from 'react';
import { SECOND, type WaveformSamples } from '@vigil/shared';

/*
 * The waveform samples this tablet's monitor is streaming (issue 38), kept in memory for the
 * case screen's live wave and strip capture: the newest 20 s (a strip is at most 3 rows of 6 s,
 * spec 002 §9). Never written to the case: only a captured strip is. One monitor a tablet, so one
 * store; the serial monitor clears it when it connects and when it goes.
 */

/** How much of a stream is kept: a strip's 18 s and a little more. */
export const LIVE_WAVEFORM_KEEP_MS = 20 * SECOND;

let samples: readonly WaveformSamples[] = [];
const listeners = new Set<() => void>();
const notify = (): void => listeners.forEach((l) => l());

/** Adds samples as they arrive; samples older than the keep window behind the newest are dropped. */
export function pushLiveWaveform(more: WaveformSamples): void {
  const since = more.receivedAt - LIVE_WAVEFORM_KEEP_MS;
  const first = samples.findIndex((s) => s.receivedAt >= since);
  samples = [...(first < 0 ? [] : first === 0 ? samples : samples.slice(first)), more];
  notify();
}

/** Forgets the stream (a new connection, the monitor gone). */
export function clearLiveWaveforms(): void {
  if (samples.length === 0) return;
  samples = [];
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The samples kept, for a screen; renders again when samples arrive. */
export function useLiveWaveforms(): readonly WaveformSamples[] {
  return useSyncExternalStore(subscribe, () => samples);
}
