import { randomUUID } from 'node:crypto';
import type { AuditStore } from '../audit/types.js';
import { MemoryDatabase } from '../memory/database.js';
import type { AttemptRequest, AttemptStore, Places } from './types.js';

interface Place {
  id: string;
  key: string;
  expiresAt: number;
}

/**
 * Rate-limit places in memory: the second implementation of the contract. A reservation is one
 * transaction of its memory database (the audit store's, which it counts from), so parallel
 * reservations are counted one after another.
 */
export class MemoryAttemptStore implements AttemptStore {
  private readonly places;

  constructor(
    private readonly audit: Pick<AuditStore, 'count'>,
    private readonly db = new MemoryDatabase(),
  ) {
    this.places = db.table<Place[]>([]);
  }

  reserve({ action, since, limits, now, ttlMs }: AttemptRequest): Promise<Places | null> {
    return this.db.transaction(async () => {
      for (const { key, by, limit } of limits) {
        const recorded = await this.audit.count(action, since, by);
        if (recorded + (await this.held(key, now)) >= limit) return null;
      }
      return this.db.run(() => {
        const id = randomUUID();
        const keys = [...new Set(limits.map((l) => l.key))];
        const live = this.places.value.filter((p) => p.expiresAt > now);
        this.places.value = [...live, ...keys.map((key) => ({ id, key, expiresAt: now + ttlMs }))];
        return { id, keys };
      });
    });
  }

  release(places: Places): Promise<void> {
    return this.db.run(() => {
      this.places.value = this.places.value.filter((p) => p.id !== places.id);
    });
  }

  held(key: string, now: number): Promise<number> {
    return this.db.run(() => this.places.value.filter((p) => p.key === key && p.expiresAt > now).length);
  }
}
