import type { FeatureValue } from '@vigil/shared';
import type { OrgFeatureStore, PlanRecord } from './features.js';
import { appendOrgAudit, byText, requireRefs, type CataloguePlan, type MemoryOrgContext } from './memory-common.js';

/** Feature flags and plans in memory (the counterpart of features.sqlite.ts). */
export function memoryOrgFeatures(ctx: MemoryOrgContext): OrgFeatureStore {
  const { db, tables } = ctx;
  /** The given catalogue, with the plans written through this store over it (by id). */
  const catalogue = (): CataloguePlan[] => {
    const written = tables.value.plans;
    return [...ctx.plans().filter((p) => !written.some((w) => w.id === p.id)), ...written];
  };

  return {
    features(orgId) {
      return db.run(() => {
        const out: Record<string, FeatureValue> = {};
        const flags = tables.value.features.filter((f) => f.orgId === orgId).sort((a, b) => byText(a.name, b.name));
        for (const f of flags) out[f.name] = structuredClone(f.value);
        return out;
      });
    },

    setFeature(orgId, name, value, by, origin, audit) {
      return db.transaction(async () => {
        requireRefs(ctx, orgId, [by]);
        const t = tables.value;
        const stored = { orgId, name, value: structuredClone(value), updatedBy: by, updatedAt: origin.at };
        const existing = t.features.findIndex((f) => f.orgId === orgId && f.name === name);
        if (existing === -1) t.features.push(stored);
        else t.features[existing] = stored;
        await appendOrgAudit(ctx, origin, audit);
      });
    },

    removeFeature(orgId, name, origin, audit) {
      return db.transaction(async () => {
        tables.value.features = tables.value.features.filter((f) => f.orgId !== orgId || f.name !== name);
        await appendOrgAudit(ctx, origin, audit);
      });
    },

    activePlans() {
      return db.run(() =>
        catalogue()
          .filter((p) => p.active)
          .sort((a, b) => byText(a.productName, b.productName) || a.amount - b.amount)
          .map((p): PlanRecord => ({
            id: p.id,
            amount: p.amount,
            productId: p.productId,
            productName: p.productName,
            nickname: p.nickname,
            interval: p.interval,
            lookupKey: p.lookupKey,
            productFeaturesJson: p.productFeaturesJson,
          })),
      );
    },

    isActivePlan(planId) {
      return db.run(() => catalogue().some((p) => p.id === planId && p.active));
    },

    allPlans() {
      return db.run(() =>
        catalogue()
          .map((p) => ({ ...p }))
          .sort(
            (a, b) =>
              byText(a.productId, b.productId) ||
              byText(a.interval, b.interval) ||
              Number(b.active) - Number(a.active) ||
              byText(a.id, b.id),
          ),
      );
    },

    plan(planId) {
      return db.run(() => {
        const found = catalogue().find((p) => p.id === planId);
        return found ? { ...found } : null;
      });
    },

    putPlans(plans) {
      return db.transaction(() => {
        const t = tables.value;
        for (const plan of plans) {
          const i = t.plans.findIndex((p) => p.id === plan.id);
          if (i === -1) t.plans.push({ ...plan });
          else t.plans[i] = { ...plan };
        }
        return Promise.resolve();
      });
    },
  };
}
