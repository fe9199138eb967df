import { MemoryDatabase } from '../memory/database.js';
import type { EmrLaunchStore, EmrNonce } from './types.js';

/** Single-use launch tokens in memory: the second implementation of the contract (issue 36). */
export class MemoryEmrLaunchStore implements EmrLaunchStore {
  private readonly nonces;

  constructor(private readonly db = new MemoryDatabase()) {
    this.nonces = db.table(new Map<string, EmrNonce>());
  }

  claimNonce(n: EmrNonce): Promise<boolean> {
    return this.db.run(() => {
      const nonces = this.nonces.value;
      for (const [key, kept] of nonces) if (kept.expiresAt <= n.usedAt) nonces.delete(key);
      if (nonces.has(n.nonce)) return false;
      nonces.set(n.nonce, structuredClone(n));
      return true;
    });
  }
}
