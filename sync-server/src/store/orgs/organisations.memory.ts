import type { OrgChanges, OrganisationStore, OrgRecord } from './organisations.js';
import { appendOrgAudit, byText, grantInMemory, requireRefs, type MemoryOrgContext } from './memory-common.js';

/** `ORDER BY name, id`. */
const byNameThenId = (a: OrgRecord, b: OrgRecord): number => byText(a.name, b.name) || byText(a.id, b.id);

/** Organisations and their parents in memory (the counterpart of organisations.sqlite.ts). */
export function memoryOrganisations(ctx: MemoryOrgContext): OrganisationStore {
  const { db, tables } = ctx;
  const find = (id: string): OrgRecord | undefined => tables.value.orgs.find((o) => o.id === id);

  return {
    org(id) {
      return db.run(() => {
        const org = find(id);
        return org ? structuredClone(org) : null;
      });
    },

    allOrgs() {
      return db.run(() => structuredClone(tables.value.orgs).sort(byNameThenId));
    },

    childOrgs(parentOrgId) {
      return db.run(() => {
        const children = new Set(tables.value.parents.filter(([, p]) => p === parentOrgId).map(([o]) => o));
        return structuredClone(tables.value.orgs.filter((o) => children.has(o.id))).sort(byNameThenId);
      });
    },

    parentsOf(orgId) {
      return db.run(() =>
        tables.value.parents
          .filter(([o]) => o === orgId)
          .map(([, p]) => p)
          .sort(byText),
      );
    },

    createOrg(org, creator, origin, audit) {
      return db.transaction(async () => {
        // The primary key and the unique FHIR id, as SQLite refuses them.
        if (tables.value.orgs.some((o) => o.id === org.id || o.fhirId === org.fhirId))
          throw new Error('an organisation with this id or FHIR id exists');
        requireRefs(ctx, null, [org.createdBy]);
        tables.value.orgs.push({
          id: org.id,
          fhirId: org.fhirId,
          name: org.name,
          type: org.type,
          email: org.email,
          hasBaa: false,
          visionType: null,
          preventResourceEditing: false,
          subscriptionStatus: org.subscriptionStatus,
          trialEnd: org.trialEnd,
          isOnboarding: org.isOnboarding,
          addressLine1: null,
          addressLine2: null,
          city: null,
          state: null,
          postalCode: null,
          country: null,
          taxStatus: null,
          billingName: null,
          shippingAddress: null,
          planId: org.planId,
          referredBy: org.referredBy,
          referralType: org.referralType,
          createdBy: org.createdBy,
          createdAt: origin.at,
          updatedAt: origin.at,
        });
        await appendOrgAudit(ctx, origin, audit);
        return grantInMemory(ctx, creator, origin);
      });
    },

    updateOrg(orgId, changes, parents, origin, audit) {
      return db.transaction(async () => {
        const keys = (Object.keys(changes) as (keyof OrgChanges)[]).filter((k) => changes[k] !== undefined);
        const org = find(orgId);
        if (org && keys.length > 0) {
          for (const k of keys) Object.assign(org, { [k]: structuredClone(changes[k]) });
          org.updatedAt = origin.at;
        }
        if (parents !== null) {
          const t = tables.value;
          t.parents = t.parents.filter(([o]) => o !== orgId);
          for (const parentId of parents) {
            // Both ends must be organisations (SQLite's foreign keys); a repeated or self parent
            // is skipped (INSERT OR IGNORE).
            if (!find(orgId) || !find(parentId)) throw new Error('a parent link names no organisation');
            if (parentId === orgId || t.parents.some(([o, p]) => o === orgId && p === parentId)) continue;
            t.parents.push([orgId, parentId]);
          }
        }
        await appendOrgAudit(ctx, origin, audit);
      });
    },

    markBaaSigned(orgId, origin, audit) {
      return db.transaction(async () => {
        const org = find(orgId);
        if (org) Object.assign(org, { hasBaa: true, updatedAt: origin.at });
        await appendOrgAudit(ctx, origin, audit);
      });
    },

    audit(origin, audit) {
      return appendOrgAudit(ctx, origin, audit);
    },
  };
}
