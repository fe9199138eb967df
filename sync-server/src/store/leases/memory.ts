import { randomUUID } from 'node:crypto';
import { MemoryDatabase } from '../memory/database.js';
import type { Lease, LeaseStore } from './types.js';

/** Leases in memory: the second implementation of the contract (one process only, as the memory database is). */
export class MemoryLeaseStore implements LeaseStore {
  private readonly leases;

  constructor(
    private readonly db = new MemoryDatabase(),
    private readonly now: () => number = Date.now,
  ) {
    this.leases = db.table(new Map<string, Lease>());
  }

  acquire(key: string, holder: string, ttlMs: number): Promise<Lease | null> {
    return this.db.run(() => {
      const now = this.now();
      const held = this.leases.value.get(key);
      if (held && held.expiresAt > now && held.holder !== holder) return null;
      const next: Lease = { key, holder, token: randomUUID(), expiresAt: now + ttlMs };
      this.leases.value.set(key, next);
      return { ...next };
    });
  }

  renew(lease: Lease, ttlMs: number): Promise<Lease | null> {
    return this.db.run(() => {
      const now = this.now();
      const held = this.leases.value.get(lease.key);
      if (!held || held.token !== lease.token || held.expiresAt <= now) return null;
      held.expiresAt = now + ttlMs;
      return { ...held };
    });
  }

  release(lease: Lease): Promise<boolean> {
    return this.db.run(() => {
      const held = this.leases.value.get(lease.key);
      if (!held || held.token !== lease.token) return false;
      this.leases.value.delete(lease.key);
      return true;
    });
  }
}
