import { CACHE_MAX_AGE_MS, LIVE_EVENT_FAILED_REMOVE_MS, LIVE_EVENT_RECONNECT_MS } from '../constants/shell.js';

/*
 * The shell's local cache and live-event connection rules (spec 000 §4, §7, §9; issue 40).
 */

/** The version of the state the shell keeps in browser storage; bumped when its shape changes. */
export const LOCAL_CACHE_VERSION = 1;

/** What the shell keeps in browser storage, stamped with its version and when it was written. */
export interface StampedCache<T> {
  version: number;
  /** Epoch ms when it was written. */
  savedAt: number;
  value: T;
}

/** The value stamped for storage at `now`. */
export function stampCache<T>(value: T, now: number): StampedCache<T> {
  return { version: LOCAL_CACHE_VERSION, savedAt: now, value };
}

/**
 * [LC1] A cached state is restored only when it is of this build's version and younger than 5 days
 * (spec 000 §7, §9); a time ahead of `now` (the device clock moved back) is not trusted either.
 * Anything else is dropped: null.
 */
export function usableCache<T>(stored: unknown, now: number): T | null {
  if (stored === null || typeof stored !== 'object') return null;
  const s = stored as Partial<StampedCache<T>>;
  if (s.version !== LOCAL_CACHE_VERSION || typeof s.savedAt !== 'number' || !('value' in s)) return null;
  const age = now - s.savedAt;
  return age >= 0 && age < CACHE_MAX_AGE_MS ? (s.value as T) : null;
}

/** How a live-event connection ended (spec 000 §4). */
export type LiveEventEnd = { kind: 'closed' } | { kind: 'refused'; status: number };

/** What to do after a live-event connection ends: open it again after `delayMs`, as reconnecting or failed. */
export interface LiveEventRetry {
  state: 'reconnecting' | 'failed';
  delayMs: number;
}

/**
 * [LC2] A live-event connection that closed is opened again after 1 second; one refused with a 4xx
 * status is failed, and a failed one is removed and opened anew after 60 seconds (spec 000 §4, §8,
 * §9). Another refusal (5xx) is a close: reconnect after 1 second.
 */
export function liveEventRetry(end: LiveEventEnd): LiveEventRetry {
  if (end.kind === 'refused' && end.status >= 400 && end.status < 500) {
    return { state: 'failed', delayMs: LIVE_EVENT_FAILED_REMOVE_MS };
  }
  return { state: 'reconnecting', delayMs: LIVE_EVENT_RECONNECT_MS };
}
