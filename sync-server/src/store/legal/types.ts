import type { LegalDocumentName } from '@vigil/shared';

/*
 * Acceptances of the legal documents (issue 40; spec 000 §7): who accepted which document at
 * which version, and when. Every method is async and every write one atomic step, so another
 * implementation only has to implement this interface and pass contract.test.ts.
 */

export interface LegalAcceptanceRecord {
  userId: string;
  document: LegalDocumentName;
  version: string;
  /** Epoch ms of the first acceptance of this version. */
  acceptedAt: number;
}

export interface LegalAcceptanceStore {
  /** Records an acceptance; accepting a version again keeps the first time. */
  add(record: LegalAcceptanceRecord): Promise<void>;
  /** Every acceptance of a user, oldest first. */
  byUser(userId: string): Promise<LegalAcceptanceRecord[]>;
}
