import type { FeatureValue } from '@vigil/shared';
import { camelRow } from '../sqlite/rows.js';
import type { Db } from '../sqlite/database.js';
import { serialized } from '../resources/transactions.js';
import type { OrgFeatureStore, PlanRecord } from './features.js';
import { writeOrgAudit } from './sqlite-common.js';

/** Feature flags (org_features) and plans over the server's SQLite database. */
export function sqliteOrgFeatures(db: Db): OrgFeatureStore {
  return {
    features(orgId) {
      return serialized(db, () => {
        const out: Record<string, FeatureValue> = {};
        const rows = db.prepare('SELECT name, value FROM org_features WHERE org_id = ? ORDER BY name').all(orgId) as {
          name: string;
          value: string;
        }[];
        for (const row of rows) out[row.name] = JSON.parse(row.value) as FeatureValue;
        return out;
      });
    },

    setFeature(orgId, name, value, by, origin, audit) {
      return serialized(db, () => {
        db.transaction(() => {
          db.prepare(
            `INSERT INTO org_features (org_id, name, value, updated_by, updated_at) VALUES (?, ?, ?, ?, ?)
             ON CONFLICT (org_id, name) DO UPDATE SET value = excluded.value, updated_by = excluded.updated_by,
               updated_at = excluded.updated_at`,
          ).run(orgId, name, JSON.stringify(value), by, origin.at);
          writeOrgAudit(db, origin, audit);
        })();
      });
    },

    removeFeature(orgId, name, origin, audit) {
      return serialized(db, () => {
        db.transaction(() => {
          db.prepare('DELETE FROM org_features WHERE org_id = ? AND name = ?').run(orgId, name);
          writeOrgAudit(db, origin, audit);
        })();
      });
    },

    activePlans() {
      return serialized(db, () => {
        const rows = db
          .prepare(
            `SELECT id, amount, product_id, product_name, nickname, interval, lookup_key, product_features_json
             FROM plans WHERE active = 1 ORDER BY product_name, amount`,
          )
          .all() as {
          id: string;
          amount: number;
          product_id: string;
          product_name: string;
          nickname: string | null;
          interval: string;
          lookup_key: string;
          product_features_json: string;
        }[];
        return rows.map((row): PlanRecord => camelRow(row));
      });
    },

    isActivePlan(planId) {
      return serialized(
        db,
        () => db.prepare('SELECT 1 FROM plans WHERE id = ? AND active = 1').get(planId) !== undefined,
      );
    },
  };
}
