import type { Db } from '../sqlite/database.js';
import { serialized } from '../resources/transactions.js';
import { writeBackParams } from './rows.js';
import type { EmrConnection, EmrConnectionStore, EmrWriteBack, SmartLaunchState } from './types.js';

interface ConnectionRow {
  org_id: string;
  iss: string;
  client_id: string;
  client_secret: string | null;
  updated_at: number;
}
interface LaunchRow {
  state: string;
  org_id: string;
  iss: string;
  launch: string;
  code_verifier: string;
  token_endpoint: string;
  redirect_uri: string;
  created_at: number;
  expires_at: number;
}
interface WriteBackRow {
  id: string;
  org_id: string;
  composition_id: string;
  event: string;
  seq: number;
  status: EmrWriteBack['status'];
  attempts: number;
  first_attempt_at: number | null;
  next_attempt_at: number | null;
  last_error: string | null;
  written: string;
  created_at: number;
  updated_at: number;
}

const connectionOf = (r: ConnectionRow): EmrConnection => ({
  orgId: r.org_id,
  iss: r.iss,
  clientId: r.client_id,
  clientSecret: r.client_secret,
  updatedAt: r.updated_at,
});
const writeBackOf = (r: WriteBackRow): EmrWriteBack => ({
  id: r.id,
  orgId: r.org_id,
  compositionId: r.composition_id,
  event: r.event,
  seq: r.seq,
  status: r.status,
  attempts: r.attempts,
  firstAttemptAt: r.first_attempt_at,
  nextAttemptAt: r.next_attempt_at,
  lastError: r.last_error,
  written: JSON.parse(r.written) as string[],
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** EMR connections, SMART launches and write-backs over better-sqlite3 (migration 195). */
export class SqliteEmrConnectionStore implements EmrConnectionStore {
  constructor(private readonly db: Db) {}

  setConnection(c: EmrConnection): Promise<boolean> {
    return serialized(this.db, () => {
      const taken = this.db
        .prepare('SELECT org_id FROM emr_connections WHERE iss = ? AND org_id <> ?')
        .get(c.iss, c.orgId);
      if (taken) return false;
      this.db
        .prepare(
          `INSERT INTO emr_connections (org_id, iss, client_id, client_secret, updated_at) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (org_id) DO UPDATE SET iss = excluded.iss, client_id = excluded.client_id,
             client_secret = excluded.client_secret, updated_at = excluded.updated_at`,
        )
        .run(c.orgId, c.iss, c.clientId, c.clientSecret, c.updatedAt);
      return true;
    });
  }

  removeConnection(orgId: string): Promise<void> {
    return serialized(this.db, () => void this.db.prepare('DELETE FROM emr_connections WHERE org_id = ?').run(orgId));
  }

  connection(orgId: string): Promise<EmrConnection | null> {
    return serialized(this.db, () => {
      const row = this.db.prepare('SELECT * FROM emr_connections WHERE org_id = ?').get(orgId) as
        ConnectionRow | undefined;
      return row ? connectionOf(row) : null;
    });
  }

  connectionByIss(iss: string): Promise<EmrConnection | null> {
    return serialized(this.db, () => {
      const row = this.db.prepare('SELECT * FROM emr_connections WHERE iss = ?').get(iss) as ConnectionRow | undefined;
      return row ? connectionOf(row) : null;
    });
  }

  saveLaunch(s: SmartLaunchState): Promise<void> {
    return serialized(this.db, () => {
      this.db
        .prepare(
          `INSERT INTO smart_launches (state, org_id, iss, launch, code_verifier, token_endpoint, redirect_uri, created_at, expires_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          s.state,
          s.orgId,
          s.iss,
          s.launch,
          s.codeVerifier,
          s.tokenEndpoint,
          s.redirectUri,
          s.createdAt,
          s.expiresAt,
        );
    });
  }

  takeLaunch(state: string, now: number): Promise<SmartLaunchState | null> {
    return serialized(this.db, () =>
      this.db.transaction(() => {
        this.db.prepare('DELETE FROM smart_launches WHERE expires_at <= ?').run(now);
        const row = this.db.prepare('SELECT * FROM smart_launches WHERE state = ?').get(state) as LaunchRow | undefined;
        if (!row) return null;
        this.db.prepare('DELETE FROM smart_launches WHERE state = ?').run(state);
        return {
          state: row.state,
          orgId: row.org_id,
          iss: row.iss,
          launch: row.launch,
          codeVerifier: row.code_verifier,
          tokenEndpoint: row.token_endpoint,
          redirectUri: row.redirect_uri,
          createdAt: row.created_at,
          expiresAt: row.expires_at,
        };
      })(),
    );
  }

  addWriteBack(w: EmrWriteBack): Promise<boolean> {
    return serialized(this.db, () => {
      const done = this.db
        .prepare(
          `INSERT OR IGNORE INTO emr_write_backs (org_id, composition_id, event, seq, status, attempts, first_attempt_at,
             next_attempt_at, last_error, written, created_at, updated_at, id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(...writeBackParams(w));
      return done.changes === 1;
    });
  }

  dueWriteBacks(now: number, limit: number): Promise<EmrWriteBack[]> {
    return serialized(this.db, () =>
      (
        this.db
          .prepare(
            `SELECT * FROM emr_write_backs WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY seq LIMIT ?`,
          )
          .all(now, limit) as WriteBackRow[]
      ).map(writeBackOf),
    );
  }

  updateWriteBack(w: EmrWriteBack): Promise<void> {
    return serialized(this.db, () => {
      this.db
        .prepare(
          `UPDATE emr_write_backs SET org_id = ?, composition_id = ?, event = ?, seq = ?, status = ?, attempts = ?,
             first_attempt_at = ?, next_attempt_at = ?, last_error = ?, written = ?, created_at = ?, updated_at = ?
           WHERE id = ?`,
        )
        .run(...writeBackParams(w));
    });
  }

  writeBacks(orgId: string, limit: number): Promise<EmrWriteBack[]> {
    return serialized(this.db, () =>
      (
        this.db
          .prepare('SELECT * FROM emr_write_backs WHERE org_id = ? ORDER BY seq DESC LIMIT ?')
          .all(orgId, limit) as WriteBackRow[]
      ).map(writeBackOf),
    );
  }
}
