import type { LegalDocumentName } from '@vigil/shared';
import { serialized } from '../resources/transactions.js';
import type { Db } from '../sqlite/database.js';
import type { LegalAcceptanceRecord, LegalAcceptanceStore } from './types.js';

interface AcceptanceRow {
  user_id: string;
  document: LegalDocumentName;
  version: string;
  accepted_at: number;
}

/** Acceptances of the legal documents over better-sqlite3 (table legal_acceptances). */
export class SqliteLegalAcceptanceStore implements LegalAcceptanceStore {
  constructor(private readonly db: Db) {}

  add(r: LegalAcceptanceRecord): Promise<void> {
    return serialized(this.db, () => {
      this.db
        .prepare(
          `INSERT INTO legal_acceptances (user_id, document, version, accepted_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (user_id, document, version) DO NOTHING`,
        )
        .run(r.userId, r.document, r.version, r.acceptedAt);
    });
  }

  byUser(userId: string): Promise<LegalAcceptanceRecord[]> {
    return serialized(this.db, () =>
      (
        this.db
          .prepare('SELECT * FROM legal_acceptances WHERE user_id = ? ORDER BY accepted_at, document')
          .all(userId) as AcceptanceRow[]
      ).map((r) => ({ userId: r.user_id, document: r.document, version: r.version, acceptedAt: r.accepted_at })),
    );
  }
}
