import type { PostgresDatabase } from '../postgres/unit-of-work.js';
import type { PatientLinkRecord, PatientLinkStore } from './types.js';

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

const record = (r: Record<string, unknown>): PatientLinkRecord => ({
  tokenHash: r.token_hash as string,
  orgId: r.org_id as string,
  taskId: r.task_id as string,
  appointmentId: r.appointment_id as string,
  patientId: r.patient_id as string,
  createdAt: Number(r.created_at),
  expiresAt: Number(r.expires_at),
  usedAt: num(r.used_at),
  revokedAt: num(r.revoked_at),
  failedChallenges: Number(r.failed_challenges),
});

/** The advisory-lock namespace of a task's links (two-int form; 70, the links' migration). */
const TASK_LOCK = 70;

/**
 * The patients' form links on PostgreSQL (patient_form_links, PG migration 70; issue 43). A use
 * and a failed challenge are each one conditional statement (one of two racing uses wins). A new
 * link revokes the task's earlier ones under a per-task advisory lock, so of two instances sending
 * one task's link at once only the later link stays open.
 */
export class PostgresPatientLinkStore implements PatientLinkStore {
  constructor(private readonly db: PostgresDatabase) {}

  create(link: Omit<PatientLinkRecord, 'usedAt' | 'revokedAt' | 'failedChallenges'>): Promise<void> {
    return this.db.transaction(async () => {
      await this.db.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [
        TASK_LOCK,
        `${link.orgId}/${link.taskId}`,
      ]);
      await this.db.query(
        'UPDATE patient_form_links SET revoked_at = $1 WHERE org_id = $2 AND task_id = $3 AND revoked_at IS NULL',
        [link.createdAt, link.orgId, link.taskId],
      );
      await this.db.query(
        `INSERT INTO patient_form_links (token_hash, org_id, task_id, appointment_id, patient_id, created_at,
           expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [link.tokenHash, link.orgId, link.taskId, link.appointmentId, link.patientId, link.createdAt, link.expiresAt],
      );
    });
  }

  async find(tokenHash: string): Promise<PatientLinkRecord | null> {
    const { rows } = await this.db.query('SELECT * FROM patient_form_links WHERE token_hash = $1', [tokenHash]);
    return rows[0] ? record(rows[0]) : null;
  }

  async failChallenge(tokenHash: string): Promise<number> {
    const { rows } = await this.db.query<{ failed_challenges: number }>(
      `UPDATE patient_form_links SET failed_challenges = failed_challenges + 1 WHERE token_hash = $1
       RETURNING failed_challenges`,
      [tokenHash],
    );
    return rows[0]?.failed_challenges ?? 0;
  }

  async use(tokenHash: string, at: number): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `UPDATE patient_form_links SET used_at = $1
       WHERE token_hash = $2 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > $1`,
      [at, tokenHash],
    );
    return rowCount === 1;
  }

  async revokeTask(orgId: string, taskId: string, at: number): Promise<void> {
    await this.db.query(
      'UPDATE patient_form_links SET revoked_at = $1 WHERE org_id = $2 AND task_id = $3 AND revoked_at IS NULL',
      [at, orgId, taskId],
    );
  }
}
