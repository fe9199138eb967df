import type { EmrLaunchStore, EmrNonce } from './types.js';

/** Single-use launch tokens in memory: the second implementation of the contract (issue 36). */
export class MemoryEmrLaunchStore implements EmrLaunchStore {
  private readonly nonces = new Map<string, EmrNonce>();

  claimNonce(n: EmrNonce): Promise<boolean> {
    for (const [key, kept] of this.nonces) if (kept.expiresAt <= n.usedAt) this.nonces.delete(key);
    if (this.nonces.has(n.nonce)) return Promise.resolve(false);
    this.nonces.set(n.nonce, structuredClone(n));
    return Promise.resolve(true);
  }
}
