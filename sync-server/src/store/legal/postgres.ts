import type { LegalDocumentName } from '@vigil/shared';
import type { PostgresDatabase } from '../postgres/unit-of-work.js';
import type { LegalAcceptanceRecord, LegalAcceptanceStore } from './types.js';

/**
 * Acceptances of the legal documents on PostgreSQL (legal_acceptances, PG migration 170; issue
 * 43). Accepting a version again, on any instance, keeps the first time (the insert does nothing).
 */
export class PostgresLegalAcceptanceStore implements LegalAcceptanceStore {
  constructor(private readonly db: PostgresDatabase) {}

  async add(r: LegalAcceptanceRecord): Promise<void> {
    await this.db.query(
      `INSERT INTO legal_acceptances (user_id, document, version, accepted_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, document, version) DO NOTHING`,
      [r.userId, r.document, r.version, r.acceptedAt],
    );
  }

  async byUser(userId: string): Promise<LegalAcceptanceRecord[]> {
    const { rows } = await this.db.query(
      'SELECT * FROM legal_acceptances WHERE user_id = $1 ORDER BY accepted_at, document COLLATE "C"',
      [userId],
    );
    return rows.map((r) => ({
      userId: r.user_id as string,
      document: r.document as LegalDocumentName,
      version: r.version as string,
      acceptedAt: Number(r.accepted_at),
    }));
  }
}
