import type { FeatureValue } from '@vigil/shared';
import { camelRow } from '../sqlite/rows.js';
import type { Db } from '../sqlite/database.js';
import { serialized } from '../resources/transactions.js';
import type { OrgFeatureStore, PlanRecord } from './features.js';
import { writeOrgAudit } from './sqlite-common.js';

interface PlanRow {
  id: string;
  amount: number;
  product_id: string;
  product_name: string;
  nickname: string | null;
  interval: string;
  lookup_key: string;
  product_features_json: string;
}

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
          .all() as PlanRow[];
        return rows.map((row): PlanRecord => camelRow(row));
      });
    },

    allPlans() {
      return serialized(db, () => {
        const rows = db
          .prepare(
            `SELECT id, amount, product_id, product_name, nickname, interval, lookup_key, product_features_json, active
             FROM plans ORDER BY product_id, interval, active DESC, id`,
          )
          .all() as (PlanRow & { active: number })[];
        return rows.map(({ active, ...rest }) => ({ ...(camelRow(rest) as PlanRecord), active: active === 1 }));
      });
    },

    plan(planId) {
      return serialized(db, () => {
        const row = db
          .prepare(
            `SELECT id, amount, product_id, product_name, nickname, interval, lookup_key, product_features_json, active
             FROM plans WHERE id = ?`,
          )
          .get(planId) as (PlanRow & { active: number }) | undefined;
        if (!row) return null;
        const { active, ...rest } = row;
        return { ...(camelRow(rest) as PlanRecord), active: active === 1 };
      });
    },

    putPlans(plans) {
      return serialized(db, () => {
        const put = db.prepare(
          `INSERT INTO plans (id, amount, product_id, product_name, nickname, interval, lookup_key, product_features_json, active)
           VALUES (@id, @amount, @productId, @productName, @nickname, @interval, @lookupKey, @productFeaturesJson, @active)
           ON CONFLICT (id) DO UPDATE SET amount = excluded.amount, product_id = excluded.product_id,
             product_name = excluded.product_name, nickname = excluded.nickname, interval = excluded.interval,
             lookup_key = excluded.lookup_key, product_features_json = excluded.product_features_json,
             active = excluded.active`,
        );
        db.transaction(() => {
          for (const plan of plans) put.run({ ...plan, active: plan.active ? 1 : 0 });
        })();
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
