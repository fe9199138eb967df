import type { PatientLinkRecord, PatientLinkStore } from './types.js';

/** The patients' form links in memory: the second implementation of the contract (issue 36). */
export class MemoryPatientLinkStore implements PatientLinkStore {
  private readonly links = new Map<string, PatientLinkRecord>();

  create(link: Omit<PatientLinkRecord, 'usedAt' | 'revokedAt' | 'failedChallenges'>): Promise<void> {
    // The token hash is the key: a second link under it is refused before anything changes.
    if (this.links.has(link.tokenHash)) return Promise.reject(new Error('a patient link with this hash exists'));
    for (const l of this.links.values())
      if (l.orgId === link.orgId && l.taskId === link.taskId && l.revokedAt === null) l.revokedAt = link.createdAt;
    this.links.set(link.tokenHash, { ...structuredClone(link), usedAt: null, revokedAt: null, failedChallenges: 0 });
    return Promise.resolve();
  }

  find(tokenHash: string): Promise<PatientLinkRecord | null> {
    const link = this.links.get(tokenHash);
    return Promise.resolve(link ? structuredClone(link) : null);
  }

  failChallenge(tokenHash: string): Promise<number> {
    const link = this.links.get(tokenHash);
    if (!link) return Promise.resolve(0);
    link.failedChallenges += 1;
    return Promise.resolve(link.failedChallenges);
  }

  use(tokenHash: string, at: number): Promise<boolean> {
    const link = this.links.get(tokenHash);
    if (!link || link.usedAt !== null || link.revokedAt !== null || link.expiresAt <= at) return Promise.resolve(false);
    link.usedAt = at;
    return Promise.resolve(true);
  }

  revokeTask(orgId: string, taskId: string, at: number): Promise<void> {
    for (const l of this.links.values())
      if (l.orgId === orgId && l.taskId === taskId && l.revokedAt === null) l.revokedAt = at;
    return Promise.resolve();
  }
}
