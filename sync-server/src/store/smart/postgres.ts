import type { PostgresDatabase } from '../postgres/unit-of-work.js';
import { writeBackParams } from './rows.js';
import type { EmrConnection, EmrConnectionStore, EmrWriteBack, SmartLaunchState } from './types.js';

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

const connectionOf = (r: Record<string, unknown>): EmrConnection => ({
  orgId: r.org_id as string,
  iss: r.iss as string,
  clientId: r.client_id as string,
  clientSecret: r.client_secret as string | null,
  updatedAt: Number(r.updated_at),
});
const launchOf = (r: Record<string, unknown>): SmartLaunchState => ({
  state: r.state as string,
  orgId: r.org_id as string,
  iss: r.iss as string,
  launch: r.launch as string,
  codeVerifier: r.code_verifier as string,
  tokenEndpoint: r.token_endpoint as string,
  redirectUri: r.redirect_uri as string,
  createdAt: Number(r.created_at),
  expiresAt: Number(r.expires_at),
});
const writeBackOf = (r: Record<string, unknown>): EmrWriteBack => ({
  id: r.id as string,
  orgId: r.org_id as string,
  compositionId: r.composition_id as string,
  event: r.event as string,
  seq: Number(r.seq),
  status: r.status as EmrWriteBack['status'],
  attempts: Number(r.attempts),
  firstAttemptAt: num(r.first_attempt_at),
  nextAttemptAt: num(r.next_attempt_at),
  lastError: r.last_error as string | null,
  written: JSON.parse(r.written as string) as string[],
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});

/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';

/**
 * EMR connections, SMART launches and write-backs on PostgreSQL (PG migration 195; issue 43).
 * One office per EMR address is the unique index on iss: of two offices claiming one address at
 * once on two instances, the second's upsert violates it and is answered false. A launch is
 * handed over once by DELETE … RETURNING (two callbacks with one state: one gets it); a
 * write-back is recorded once per change by an insert that does nothing on conflict.
 */
export class PostgresEmrConnectionStore implements EmrConnectionStore {
  constructor(private readonly db: PostgresDatabase) {}

  async setConnection(c: EmrConnection): Promise<boolean> {
    const { rowCount } = await this.db.query('SELECT 1 FROM emr_connections WHERE iss = $1 AND org_id <> $2', [
      c.iss,
      c.orgId,
    ]);
    if (rowCount !== 0) return false;
    try {
      // Its own unit (a savepoint inside the caller's): a violation undoes only this statement.
      await this.db.transaction(() =>
        this.db.query(
          `INSERT INTO emr_connections (org_id, iss, client_id, client_secret, updated_at) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (org_id) DO UPDATE SET iss = excluded.iss, client_id = excluded.client_id,
             client_secret = excluded.client_secret, updated_at = excluded.updated_at`,
          [c.orgId, c.iss, c.clientId, c.clientSecret, c.updatedAt],
        ),
      );
      return true;
    } catch (err) {
      // Another office took the address between the check and the upsert.
      if ((err as { code?: unknown }).code === UNIQUE_VIOLATION) return false;
      throw err;
    }
  }

  async removeConnection(orgId: string): Promise<void> {
    await this.db.query('DELETE FROM emr_connections WHERE org_id = $1', [orgId]);
  }

  async connection(orgId: string): Promise<EmrConnection | null> {
    const { rows } = await this.db.query('SELECT * FROM emr_connections WHERE org_id = $1', [orgId]);
    return rows[0] ? connectionOf(rows[0]) : null;
  }

  async connectionByIss(iss: string): Promise<EmrConnection | null> {
    const { rows } = await this.db.query('SELECT * FROM emr_connections WHERE iss = $1', [iss]);
    return rows[0] ? connectionOf(rows[0]) : null;
  }

  async saveLaunch(s: SmartLaunchState): Promise<void> {
    await this.db.query(
      `INSERT INTO smart_launches (state, org_id, iss, launch, code_verifier, token_endpoint, redirect_uri, created_at,
         expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [s.state, s.orgId, s.iss, s.launch, s.codeVerifier, s.tokenEndpoint, s.redirectUri, s.createdAt, s.expiresAt],
    );
  }

  async takeLaunch(state: string, now: number): Promise<SmartLaunchState | null> {
    await this.db.query('DELETE FROM smart_launches WHERE expires_at <= $1', [now]);
    const { rows } = await this.db.query(
      'DELETE FROM smart_launches WHERE state = $1 AND expires_at > $2 RETURNING *',
      [state, now],
    );
    return rows[0] ? launchOf(rows[0]) : null;
  }

  async addWriteBack(w: EmrWriteBack): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `INSERT INTO emr_write_backs (org_id, composition_id, event, seq, status, attempts, first_attempt_at,
         next_attempt_at, last_error, written, created_at, updated_at, id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT DO NOTHING`,
      writeBackParams(w),
    );
    return rowCount === 1;
  }

  async dueWriteBacks(now: number, limit: number): Promise<EmrWriteBack[]> {
    const { rows } = await this.db.query(
      `SELECT * FROM emr_write_backs WHERE status = 'pending' AND next_attempt_at <= $1
       ORDER BY seq, id COLLATE "C" LIMIT $2`,
      [now, limit],
    );
    return rows.map(writeBackOf);
  }

  async updateWriteBack(w: EmrWriteBack): Promise<void> {
    await this.db.query(
      `UPDATE emr_write_backs SET org_id = $1, composition_id = $2, event = $3, seq = $4, status = $5, attempts = $6,
         first_attempt_at = $7, next_attempt_at = $8, last_error = $9, written = $10, created_at = $11, updated_at = $12
       WHERE id = $13`,
      writeBackParams(w),
    );
  }

  async writeBacks(orgId: string, limit: number): Promise<EmrWriteBack[]> {
    const { rows } = await this.db.query(
      'SELECT * FROM emr_write_backs WHERE org_id = $1 ORDER BY seq DESC, id COLLATE "C" DESC LIMIT $2',
      [orgId, limit],
    );
    return rows.map(writeBackOf);
  }
}
