import { SHELL_TEXTS, TIME_DIFFERENCE_THRESHOLD_MS } from '@vigil/shared';

export interface ClockSample {
  /** Client time when the request left. */
  sentAt: number;
  /** Client time when the answer arrived. */
  receivedAt: number;
  /** Server time in the answer. */
  serverTime: number;
}

/**
 * Client clock error in ms: positive when this device is ahead of the server. The server's
 * time is compared with the middle of the round trip, which cancels symmetric network delay.
 */
export function clockDrift({ sentAt, receivedAt, serverTime }: ClockSample): number {
  return Math.round((sentAt + receivedAt) / 2 - serverTime);
}

/** Whether the clock is acceptable: within the configured 2-minute threshold (spec 000 §4, §9). */
export function isClockOk(driftMs: number, thresholdMs: number = TIME_DIFFERENCE_THRESHOLD_MS): boolean {
  return Math.abs(driftMs) <= thresholdMs;
}

const UNITS = [
  { ms: 24 * 60 * 60 * 1000, name: 'day' },
  { ms: 60 * 60 * 1000, name: 'hour' },
  { ms: 60 * 1000, name: 'minute' },
  { ms: 1000, name: 'second' },
] as const;

/**
 * An approximate, human duration: the largest unit that fits at least once, rounded
 * ("3 minutes", "1 hour", "2 days").
 */
export function approximateDuration(ms: number): string {
  const abs = Math.abs(ms);
  const unit = UNITS.find((u) => abs >= u.ms) ?? UNITS[3];
  const count = Math.max(1, Math.round(abs / unit.ms));
  return `${count} ${unit.name}${count === 1 ? '' : 's'}`;
}

/** '{duration} ahead' or '{duration} behind' (spec 000 §8). */
export function driftMessage(driftMs: number): string {
  const duration = approximateDuration(driftMs);
  return driftMs > 0 ? SHELL_TEXTS.clockAhead(duration) : SHELL_TEXTS.clockBehind(duration);
}
