import type { PostgresDatabase } from '../postgres/unit-of-work.js';
import type { EmrLaunchStore, EmrNonce } from './types.js';

/**
 * The EMR launch repository on PostgreSQL (emr_launch_nonces, PG migration 25; issue 43). The
 * nonce's primary key makes a token single use across instances: of two claims one inserts, the
 * other waits for it and inserts nothing.
 */
export class PostgresEmrLaunchStore implements EmrLaunchStore {
  constructor(private readonly db: PostgresDatabase) {}

  claimNonce(n: EmrNonce): Promise<boolean> {
    return this.db.transaction(async () => {
      await this.db.query('DELETE FROM emr_launch_nonces WHERE expires_at <= $1', [n.usedAt]);
      const { rowCount } = await this.db.query(
        `INSERT INTO emr_launch_nonces (nonce, org_id, user_id, used_at, expires_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (nonce) DO NOTHING`,
        [n.nonce, n.orgId, n.userId, n.usedAt, n.expiresAt],
      );
      return rowCount === 1;
    });
  }
}
