/*
 * Leases (issue 36 item 4): exclusive, expiring holds on a key that every process over one
 * database sees, so a document is finalized or signed by one process at a time however many
 * serve it (the rooms' seal takes one under the document's room name: sync/rooms.ts). A
 * crashed holder never releases: its lease expires. Async, so a PostgreSQL implementation (one
 * upsert with a condition) or a Redis one (SET NX PX, a compare-and-delete script) implements this
 * interface and passes contract.test.ts as the memory and SQLite ones do.
 */

/** A held lease: its key, who holds it, and the token that proves this acquisition (a release of an older one does nothing). */
export interface Lease {
  key: string;
  holder: string;
  token: string;
  /** Epoch ms after which another holder may take the key. */
  expiresAt: number;
}

export interface LeaseStore {
  /**
   * Takes the key for `holder` until now + ttlMs, in one atomic step: answers the lease, or null
   * when another holder has it and it has not expired. The same holder acquiring again renews it
   * (a new token: the older lease no longer releases it).
   */
  acquire(key: string, holder: string, ttlMs: number): Promise<Lease | null>;
  /** Moves a lease still held (same token) to expire ttlMs from now; null when it was lost (expired and taken). */
  renew(lease: Lease, ttlMs: number): Promise<Lease | null>;
  /** Gives the key back when this lease still holds it; true when it did. */
  release(lease: Lease): Promise<boolean>;
}
