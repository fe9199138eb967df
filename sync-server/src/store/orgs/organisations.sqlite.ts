import type { PostalAddress } from '@vigil/shared';
import type { Db } from '../sqlite/database.js';
import { serialized } from '../resources/transactions.js';
import { grantInDb } from './memberships.sqlite.js';
import type { OrgChanges, OrganisationStore, OrgRecord } from './organisations.js';
import { writeOrgAudit } from './sqlite-common.js';

interface OrgRow {
  id: string;
  fhir_id: string;
  name: string;
  type: OrgRecord['type'];
  email: string | null;
  has_baa: number;
  vision_type: string | null;
  prevent_resource_editing: number;
  subscription_status: OrgRecord['subscriptionStatus'];
  trial_end: number | null;
  is_onboarding: number;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country: string | null;
  tax_status: string | null;
  billing_name: string | null;
  shipping_address: string | null;
  plan_id: string | null;
  referred_by: string | null;
  referral_type: string | null;
  created_by: string | null;
  created_at: number;
  updated_at: number;
}

function orgRecord(row: OrgRow): OrgRecord {
  return {
    id: row.id,
    fhirId: row.fhir_id,
    name: row.name,
    type: row.type,
    email: row.email,
    hasBaa: row.has_baa === 1,
    visionType: row.vision_type,
    preventResourceEditing: row.prevent_resource_editing === 1,
    subscriptionStatus: row.subscription_status,
    trialEnd: row.trial_end,
    isOnboarding: row.is_onboarding === 1,
    addressLine1: row.address_line1,
    addressLine2: row.address_line2,
    city: row.city,
    state: row.state,
    postalCode: row.postal_code,
    country: row.country,
    taxStatus: row.tax_status,
    billingName: row.billing_name,
    shippingAddress: row.shipping_address ? (JSON.parse(row.shipping_address) as PostalAddress) : null,
    planId: row.plan_id,
    referredBy: row.referred_by,
    referralType: row.referral_type,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** OrgChanges keys → orgs columns (and how a value is stored). */
const COLUMNS: { [K in keyof Required<OrgChanges>]: [string, (v: OrgChanges[K]) => unknown] } = {
  name: ['name', (v) => v],
  email: ['email', (v) => v],
  type: ['type', (v) => v],
  visionType: ['vision_type', (v) => v],
  preventResourceEditing: ['prevent_resource_editing', (v) => (v ? 1 : 0)],
  isOnboarding: ['is_onboarding', (v) => (v ? 1 : 0)],
  subscriptionStatus: ['subscription_status', (v) => v],
  trialEnd: ['trial_end', (v) => v],
  addressLine1: ['address_line1', (v) => v],
  addressLine2: ['address_line2', (v) => v],
  city: ['city', (v) => v],
  state: ['state', (v) => v],
  postalCode: ['postal_code', (v) => v],
  country: ['country', (v) => v],
  taxStatus: ['tax_status', (v) => v],
  billingName: ['billing_name', (v) => v],
  shippingAddress: ['shipping_address', (v) => (v ? JSON.stringify(v) : null)],
  planId: ['plan_id', (v) => v],
};

/** Organisations and their parents (orgs, org_parents) over the server's SQLite database. */
export function sqliteOrganisations(db: Db): OrganisationStore {
  return {
    org(id) {
      return serialized(db, () => {
        const row = db.prepare('SELECT * FROM orgs WHERE id = ?').get(id) as OrgRow | undefined;
        return row ? orgRecord(row) : null;
      });
    },

    allOrgs() {
      return serialized(db, () =>
        (db.prepare('SELECT * FROM orgs ORDER BY name, id').all() as OrgRow[]).map(orgRecord),
      );
    },

    childOrgs(parentOrgId) {
      return serialized(db, () => {
        const rows = db
          .prepare(
            'SELECT o.* FROM org_parents p JOIN orgs o ON o.id = p.org_id WHERE p.parent_org_id = ? ORDER BY o.name, o.id',
          )
          .all(parentOrgId) as OrgRow[];
        return rows.map(orgRecord);
      });
    },

    parentsOf(orgId) {
      return serialized(db, () => {
        const rows = db
          .prepare('SELECT parent_org_id FROM org_parents WHERE org_id = ? ORDER BY parent_org_id')
          .all(orgId) as { parent_org_id: string }[];
        return rows.map((r) => r.parent_org_id);
      });
    },

    createOrg(org, creator, origin, audit) {
      return serialized(db, () =>
        db.transaction(() => {
          db.prepare(
            `INSERT INTO orgs (id, fhir_id, name, type, email, subscription_status, trial_end, is_onboarding, plan_id,
                               referred_by, referral_type, created_by, created_at, updated_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          ).run(
            org.id,
            org.fhirId,
            org.name,
            org.type,
            org.email,
            org.subscriptionStatus,
            org.trialEnd,
            org.isOnboarding ? 1 : 0,
            org.planId,
            org.referredBy,
            org.referralType,
            org.createdBy,
            origin.at,
            origin.at,
          );
          writeOrgAudit(db, origin, audit);
          return grantInDb(db, creator, origin);
        })(),
      );
    },

    updateOrg(orgId, changes, parents, origin, audit) {
      return serialized(db, () => {
        const keys = (Object.keys(changes) as (keyof OrgChanges)[]).filter((k) => changes[k] !== undefined);
        const columns = keys.map((k) => COLUMNS[k][0]);
        const values = keys.map((k) => (COLUMNS[k][1] as (v: unknown) => unknown)(changes[k]));
        db.transaction(() => {
          if (columns.length > 0) {
            db.prepare(`UPDATE orgs SET ${columns.map((c) => `${c} = ?`).join(', ')}, updated_at = ? WHERE id = ?`).run(
              ...values,
              origin.at,
              orgId,
            );
          }
          if (parents !== null) {
            db.prepare('DELETE FROM org_parents WHERE org_id = ?').run(orgId);
            const insert = db.prepare('INSERT OR IGNORE INTO org_parents (org_id, parent_org_id) VALUES (?, ?)');
            for (const parentId of parents) insert.run(orgId, parentId);
          }
          writeOrgAudit(db, origin, audit);
        })();
      });
    },

    markBaaSigned(orgId, origin, audit) {
      return serialized(db, () => {
        db.transaction(() => {
          db.prepare('UPDATE orgs SET has_baa = 1, updated_at = ? WHERE id = ?').run(origin.at, orgId);
          writeOrgAudit(db, origin, audit);
        })();
      });
    },

    audit(origin, audit) {
      return serialized(db, () => writeOrgAudit(db, origin, audit));
    },
  };
}
