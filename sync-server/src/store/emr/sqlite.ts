import type { Db } from '../sqlite/database.js';
import { serialized } from '../resources/transactions.js';
import type { EmrLaunchStore, EmrNonce } from './types.js';

/** The EMR launch repository over better-sqlite3 (table emr_launch_nonces). */
export class SqliteEmrLaunchStore implements EmrLaunchStore {
  constructor(private readonly db: Db) {}

  claimNonce(n: EmrNonce): Promise<boolean> {
    return serialized(this.db, () => {
      const claimed = this.db.transaction(() => {
        this.db.prepare('DELETE FROM emr_launch_nonces WHERE expires_at <= ?').run(n.usedAt);
        // The nonce's primary key makes a token single use.
        const used = this.db
          .prepare(
            'INSERT OR IGNORE INTO emr_launch_nonces (nonce, org_id, user_id, used_at, expires_at) VALUES (?, ?, ?, ?, ?)',
          )
          .run(n.nonce, n.orgId, n.userId, n.usedAt, n.expiresAt);
        return used.changes === 1;
      })();
      return claimed;
    });
  }
}
