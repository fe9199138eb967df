import type { AttemptStore } from '../store/attempts/types.js';
import type { AuditCountBy } from '../store/audit/types.js';

/** How long an attempt's places are held when it never gives them back (its process died). */
export const ATTEMPT_PLACE_TTL_MS = 2 * 60_000;

/** One limit of an attempt: what the audit count is by (account, user, IP) and the most allowed in the window. */
export interface Limit {
  by: AuditCountBy;
  limit: number;
}

/** Gives an attempt's places back; call it once the attempt's failure (if any) is recorded. Again does nothing. */
export type ReleasePlaces = () => Promise<void>;

/**
 * The one rate limiter (issue 36 item 1) of sign-in, password reset, MFA codes and the ledger's
 * witness check. A limit counts the failures of an action the audit trail recorded in its window
 * plus the attempts of that action still running; the count and this attempt's place are one
 * atomic step of the store (store/attempts/), so parallel attempts (in any number of processes
 * over the database) are counted one after another and never pass more than the limit. The
 * attempt records its failure before it gives its place back, so the limit never loses sight of it.
 */
export class RateLimiter {
  constructor(
    private readonly attempts: AttemptStore,
    private readonly now: () => number = Date.now,
    private readonly placeTtlMs = ATTEMPT_PLACE_TTL_MS,
  ) {}

  /**
   * Takes a place for one attempt of `action` under each limit when every one has room (failures
   * recorded after `since` plus places held below its limit); null when one is reached.
   */
  async reserve(action: string, since: number, limits: readonly Limit[]): Promise<ReleasePlaces | null> {
    const places = await this.attempts.reserve({
      action,
      since,
      now: this.now(),
      ttlMs: this.placeTtlMs,
      limits: limits.map(({ by, limit }) => ({ key: placeKey(action, by), by, limit })),
    });
    if (!places) return null;
    let released: Promise<void> | null = null;
    return () => (released ??= this.attempts.release(places));
  }
}

/** The key an action's places are held under for one account, user or IP. */
export function placeKey(action: string, by: AuditCountBy): string {
  if ('email' in by) return `${action}:email:${by.email}`;
  if ('userId' in by) return `${action}:user:${by.userId}`;
  if ('orgId' in by) return `${action}:org:${by.orgId}`;
  return `${action}:ip:${by.ip}`;
}
