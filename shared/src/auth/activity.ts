import { IDLE_TIMEOUT_MS, USER_INACTIVE_THRESHOLD_MS } from '../constants/shell.js';

/**
 * What the user is doing, from the time of the last mouse move, click, key press or touch
 * (spec 000 §4 "User activity"):
 * - active: input within the idle timeout (30 seconds, spec 000 §9);
 * - idle: quiet for at least 30 seconds but less than the inactive threshold;
 * - inactive: quiet for at least 2 minutes (spec 000 §9): the session is no longer extended.
 */
export type ActivityState = 'active' | 'idle' | 'inactive';

export function activityState(lastActivityAt: number, now: number): ActivityState {
  const quiet = now - lastActivityAt;
  if (quiet >= USER_INACTIVE_THRESHOLD_MS) return 'inactive';
  if (quiet >= IDLE_TIMEOUT_MS) return 'idle';
  return 'active';
}

/** "Active" for session extension (spec 000 §4): anything short of inactive. */
export function isUserActive(lastActivityAt: number, now: number): boolean {
  return activityState(lastActivityAt, now) !== 'inactive';
}

/**
 * Input that ends an idle or inactive spell (quiet for 30 seconds or more, spec 000 §9): the
 * session layer then re-reads the session, so a tablet picked up again learns at once that its
 * session was ended elsewhere instead of at its next failing call.
 */
export function isReturnFromIdle(previousActivityAt: number, now: number): boolean {
  return activityState(previousActivityAt, now) !== 'active';
}
