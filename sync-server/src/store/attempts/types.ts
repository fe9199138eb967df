import type { AuditCountBy } from '../audit/types.js';

/*
 * Rate-limit places (issue 36 item 1): the attempts that passed a limit and are still running
 * (a sign-in hashing its password, a reset sending its mail), kept in the store so every process
 * over the database counts them. A limit lets an attempt through while the failures the audit
 * trail recorded in its window plus the places held under its key stay below it; the check and
 * the reservation are one atomic step on the database, so 200 parallel attempts across any number
 * of processes never pass more than the limit. A place expires after its ttl, so a process that
 * died mid-attempt does not hold it for good. Async, so a PostgreSQL (one transaction) or Redis
 * (a script) implementation implements this interface and passes contract.test.ts.
 */

/** One limit an attempt must pass: its key (the action's place key), what the audit count is by, and the most allowed. */
export interface AttemptLimit {
  key: string;
  by: AuditCountBy;
  limit: number;
}

export interface AttemptRequest {
  /** The audit action whose recorded failures count against the limits (signInFailed…). */
  action: string;
  /** Failures recorded after this time (epoch ms) count. */
  since: number;
  limits: readonly AttemptLimit[];
  now: number;
  /** How long the places are held when never released (a crashed process). */
  ttlMs: number;
}

/** The places one attempt holds, one under each of its limits' keys. */
export interface Places {
  id: string;
  keys: readonly string[];
}

export interface AttemptStore {
  /**
   * In one atomic step: for every limit, counts the audit records of `action` after `since` by
   * its column plus the unexpired places under its key; when each is below its limit, takes a
   * place under every key and answers them, else answers null and takes none.
   */
  reserve(request: AttemptRequest): Promise<Places | null>;
  /** Gives the places back (once the attempt's failure, if any, is recorded); again does nothing. */
  release(places: Places): Promise<void>;
  /** Unexpired places held under a key at `now`. */
  held(key: string, now: number): Promise<number>;
}
