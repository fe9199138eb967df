/*
 * The patients' form links (issue 28): one link per sent appointment task, kept by the SHA-256
 * of its token. Every method is async and every write one atomic step; another implementation
 * passes contract.test.ts.
 */

/** A stored link. Times are epoch milliseconds. */
export interface PatientLinkRecord {
  tokenHash: string;
  orgId: string;
  taskId: string;
  appointmentId: string;
  patientId: string;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
  revokedAt: number | null;
  failedChallenges: number;
}

export interface PatientLinkStore {
  /** Stores a new link; the task's earlier links are revoked in the same step (only the newest works). */
  create(link: Omit<PatientLinkRecord, 'usedAt' | 'revokedAt' | 'failedChallenges'>): Promise<void>;
  find(tokenHash: string): Promise<PatientLinkRecord | null>;
  /** Counts a failed birth-date challenge; answers the new count. */
  failChallenge(tokenHash: string): Promise<number>;
  /** Marks the link used when it is neither used nor revoked nor expired at `at`: true only for the one caller that did. */
  use(tokenHash: string, at: number): Promise<boolean>;
  /** Revokes every link of a task (the task was deleted). */
  revokeTask(orgId: string, taskId: string, at: number): Promise<void>;
}
