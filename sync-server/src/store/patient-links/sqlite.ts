import { serialized } from '../resources/transactions.js';
import type { Db } from '../sqlite/database.js';
import type { PatientLinkRecord, PatientLinkStore } from './types.js';

interface LinkRow {
  token_hash: string;
  org_id: string;
  task_id: string;
  appointment_id: string;
  patient_id: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  revoked_at: number | null;
  failed_challenges: number;
}

const record = (r: LinkRow): PatientLinkRecord => ({
  tokenHash: r.token_hash,
  orgId: r.org_id,
  taskId: r.task_id,
  appointmentId: r.appointment_id,
  patientId: r.patient_id,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  usedAt: r.used_at,
  revokedAt: r.revoked_at,
  failedChallenges: r.failed_challenges,
});

/** The patients' form links over better-sqlite3 (table patient_form_links). */
export class SqlitePatientLinkStore implements PatientLinkStore {
  constructor(private readonly db: Db) {}

  create(link: Omit<PatientLinkRecord, 'usedAt' | 'revokedAt' | 'failedChallenges'>): Promise<void> {
    return serialized(this.db, () => {
      this.db.transaction(() => {
        this.db
          .prepare(
            'UPDATE patient_form_links SET revoked_at = ? WHERE org_id = ? AND task_id = ? AND revoked_at IS NULL',
          )
          .run(link.createdAt, link.orgId, link.taskId);
        this.db
          .prepare(
            `INSERT INTO patient_form_links (token_hash, org_id, task_id, appointment_id, patient_id, created_at,
             expires_at)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(
            link.tokenHash,
            link.orgId,
            link.taskId,
            link.appointmentId,
            link.patientId,
            link.createdAt,
            link.expiresAt,
          );
      })();
    });
  }

  find(tokenHash: string): Promise<PatientLinkRecord | null> {
    return serialized(this.db, () => {
      const row = this.db.prepare('SELECT * FROM patient_form_links WHERE token_hash = ?').get(tokenHash) as
        LinkRow | undefined;
      return row ? record(row) : null;
    });
  }

  failChallenge(tokenHash: string): Promise<number> {
    return serialized(this.db, () => {
      const row = this.db
        .prepare(
          `UPDATE patient_form_links SET failed_challenges = failed_challenges + 1 WHERE token_hash = ?
         RETURNING failed_challenges`,
        )
        .get(tokenHash) as { failed_challenges: number } | undefined;
      return row?.failed_challenges ?? 0;
    });
  }

  use(tokenHash: string, at: number): Promise<boolean> {
    return serialized(this.db, () => {
      const result = this.db
        .prepare(
          `UPDATE patient_form_links SET used_at = ?
         WHERE token_hash = ? AND used_at IS NULL AND revoked_at IS NULL AND expires_at > ?`,
        )
        .run(at, tokenHash, at);
      return result.changes === 1;
    });
  }

  revokeTask(orgId: string, taskId: string, at: number): Promise<void> {
    return serialized(this.db, () => {
      this.db
        .prepare('UPDATE patient_form_links SET revoked_at = ? WHERE org_id = ? AND task_id = ? AND revoked_at IS NULL')
        .run(at, orgId, taskId);
    });
  }
}
