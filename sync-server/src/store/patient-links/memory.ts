import { MemoryDatabase } from '../memory/database.js';
import type { PatientLinkRecord, PatientLinkStore } from './types.js';

/** The patients' form links in memory: the second implementation of the contract (issue 36). */
export class MemoryPatientLinkStore implements PatientLinkStore {
  private readonly links;

  constructor(private readonly db = new MemoryDatabase()) {
    this.links = db.table(new Map<string, PatientLinkRecord>());
  }

  create(link: Omit<PatientLinkRecord, 'usedAt' | 'revokedAt' | 'failedChallenges'>): Promise<void> {
    return this.db.run(() => {
      const links = this.links.value;
      // The token hash is the key: a second link under it is refused before anything changes.
      if (links.has(link.tokenHash)) throw new Error('a patient link with this hash exists');
      for (const l of links.values())
        if (l.orgId === link.orgId && l.taskId === link.taskId && l.revokedAt === null) l.revokedAt = link.createdAt;
      links.set(link.tokenHash, { ...structuredClone(link), usedAt: null, revokedAt: null, failedChallenges: 0 });
    });
  }

  find(tokenHash: string): Promise<PatientLinkRecord | null> {
    return this.db.run(() => {
      const link = this.links.value.get(tokenHash);
      return link ? structuredClone(link) : null;
    });
  }

  failChallenge(tokenHash: string): Promise<number> {
    return this.db.run(() => {
      const link = this.links.value.get(tokenHash);
      if (!link) return 0;
      link.failedChallenges += 1;
      return link.failedChallenges;
    });
  }

  use(tokenHash: string, at: number): Promise<boolean> {
    return this.db.run(() => {
      const link = this.links.value.get(tokenHash);
      if (!link || link.usedAt !== null || link.revokedAt !== null || link.expiresAt <= at) return false;
      link.usedAt = at;
      return true;
    });
  }

  revokeTask(orgId: string, taskId: string, at: number): Promise<void> {
    return this.db.run(() => {
      for (const l of this.links.value.values())
        if (l.orgId === orgId && l.taskId === taskId && l.revokedAt === null) l.revokedAt = at;
    });
  }
}
