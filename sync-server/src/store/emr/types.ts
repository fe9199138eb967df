/** A launch token's single-use mark. */
export interface EmrNonce {
  nonce: string;
  orgId: string;
  userId: string;
  usedAt: number;
  /** Kept until then (the token's expiry plus a margin); later ones are forgotten. */
  expiresAt: number;
}

/** The EMR launch repository (single-use launch tokens). An implementation passes contract.test.ts. */
export interface EmrLaunchStore {
  /**
   * Marks a nonce used, forgetting those expired before `nonce.usedAt`; false when it was used
   * already (a replayed token).
   */
  claimNonce(nonce: EmrNonce): Promise<boolean>;
}
