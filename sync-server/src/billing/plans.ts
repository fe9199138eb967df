import {
  newId,
  newPlanInputSchema,
  parsePlanLookupKey,
  planChangeInputSchema,
  planProductId,
  productFeaturesJson,
  type PlanChangeInput,
  type PlanKey,
} from '@vigil/shared';
import { z } from 'zod';
import { recorded, type AuditTrail } from '../access/audited.js';
import { internalStaff, type Caller, type SignedIn } from '../access/caller.js';
import type { Logger } from '../log.js';
import { parse, refuse } from '../orgs/common.js';
import type { LeaseStore } from '../store/leases/types.js';
import type { OrgFeatureStore, PlanRecord } from '../store/orgs/features.js';
import type { PaymentProvider } from './provider.js';

/** A plan of the catalogue with whether it is still offered. */
export type CataloguePlan = PlanRecord & { active: boolean };

export interface PlanCatalogueDeps {
  provider: Pick<PaymentProvider, 'createPrice' | 'archivePrice'>;
  plans: Pick<OrgFeatureStore, 'allPlans' | 'plan' | 'putPlans'>;
  /** Held while a tier's interval is changed, across processes: one change of it at a time. */
  leases: LeaseStore;
  /** The organisation audit trail, its writes in one unit of work with the plans table's. */
  trail: AuditTrail;
  log?: Pick<Logger, 'warn'>;
}

/** How long a change may hold its tier and interval (a crashed one frees it after this). */
const CHANGE_LEASE_MS = 60_000;

const planId = z.string().trim().min(1).max(255);

/** What a change touches at the provider: a new price is needed for a new amount or product features. */
const needsNewPrice = (plan: CataloguePlan, amount: number, features: string): boolean =>
  plan.amount !== amount || plan.productFeaturesJson !== features;

/**
 * The team's plan catalogue (issue 37; spec 002 §3 "Plan price", §2 "Pricing table"): the
 * internal team lists every plan (archived ones too), changes a plan's price, adds a plan and
 * archives one. Prices never change at the provider: a new amount or new product features make a
 * new price, the old one is archived, and the catalogue's row for the tier and interval is the new
 * one; an office already subscribed keeps the price it has until it changes plan. A change names
 * the price the screen showed, so one that was replaced meanwhile (a double submit, another team
 * member) is refused CONFLICT and makes no second price; a lease on the tier and interval keeps two
 * changes at once from both reaching the provider. Each change is audited on the organisation trail.
 */
export class PlanCatalogueService {
  constructor(private readonly deps: PlanCatalogueDeps) {}

  /** Internal ubers only, as the team's store (shop/service.ts). */
  private team(caller: Caller): SignedIn {
    return internalStaff(caller);
  }

  async list(caller: Caller): Promise<CataloguePlan[]> {
    this.team(caller);
    return this.deps.plans.allPlans();
  }

  /**
   * Changes the active plan `planId`: its name and description in place, or, for a new amount or
   * product features, a new price replacing it (the old one archived).
   */
  async change(caller: Caller, args: { planId?: unknown; plan?: unknown }): Promise<CataloguePlan> {
    const who = this.team(caller);
    const id = parse(planId, args.planId);
    const input = parse(planChangeInputSchema, args.plan);
    const held = await this.deps.plans.plan(id);
    if (!held) refuse('NOT_FOUND');
    const key = parsePlanLookupKey(held.lookupKey) ?? refuse('INVALID_LOOKUP_KEY');
    return this.holding(key, async () => {
      const plan = await this.deps.plans.plan(id);
      if (!plan?.active) refuse('CONFLICT');
      const features = productFeaturesJson(input);
      const named = { productName: input.productName, nickname: input.nickname ?? null };
      if (!needsNewPrice(plan, input.amount, features)) {
        const renamed = { ...plan, ...named };
        return this.deps.trail.change(who, async () => {
          await this.deps.plans.putPlans([renamed]);
          return recorded(renamed, entry('planChanged', { planId: plan.id, ...named }));
        });
      }
      const next = await this.newPrice(key, plan.lookupKey, input, planProductId(key.tier));
      const written = await this.write(who, [{ ...plan, active: false }, next], next, {
        action: 'planPriceChanged',
        detail: { planId: next.id, replaces: plan.id, lookupKey: plan.lookupKey, ...named },
        changes: { amount: [plan.amount, next.amount], productFeatures: [plan.productFeaturesJson, features] },
      });
      await this.archiveAtProvider(plan.id);
      return written;
    });
  }

  /** A new plan for a tier and interval (from its lookupKey) that has no active one. */
  async create(caller: Caller, args: { plan?: unknown }): Promise<CataloguePlan> {
    const who = this.team(caller);
    const input = parse(newPlanInputSchema, args.plan);
    const key = parsePlanLookupKey(input.lookupKey)!;
    return this.holding(key, async () => {
      const taken = (await this.deps.plans.allPlans()).some(
        (p) => p.active && sameSlot(parsePlanLookupKey(p.lookupKey), key),
      );
      if (taken) refuse('PLAN_EXISTS');
      const next = await this.newPrice(key, input.lookupKey, input, planProductId(key.tier));
      return this.write(who, [next], next, {
        action: 'planCreated',
        detail: { planId: next.id, lookupKey: next.lookupKey, productName: next.productName },
        changes: { amount: [null, next.amount], productFeatures: [null, next.productFeaturesJson] },
      });
    });
  }

  /** Archives a plan: no new subscription to it, and the pricing table no longer offers it. Again: no change. */
  async archive(caller: Caller, args: { planId?: unknown }): Promise<CataloguePlan> {
    const who = this.team(caller);
    const id = parse(planId, args.planId);
    const plan = await this.deps.plans.plan(id);
    if (!plan) refuse('NOT_FOUND');
    if (!plan.active) return plan;
    const archived = { ...plan, active: false };
    await this.deps.trail.change(who, async () => {
      await this.deps.plans.putPlans([archived]);
      return recorded(archived, entry('planArchived', { planId: plan.id, lookupKey: plan.lookupKey }));
    });
    await this.archiveAtProvider(plan.id);
    return archived;
  }

  /** Runs `step` holding the tier's interval; a second change of it meanwhile is refused CONFLICT. */
  private async holding<T>(key: PlanKey, step: () => Promise<T>): Promise<T> {
    const lease = await this.deps.leases.acquire(`plan:${key.tier}:${key.interval}`, newId('plc'), CHANGE_LEASE_MS);
    if (!lease) refuse('CONFLICT');
    try {
      return await step();
    } finally {
      await this.deps.leases.release(lease);
    }
  }

  private async newPrice(
    key: PlanKey,
    lookupKey: string,
    input: PlanChangeInput,
    productId: string,
  ): Promise<CataloguePlan> {
    const price = await this.deps.provider.createPrice({
      productName: input.productName,
      lookupKey,
      interval: key.interval,
      amount: input.amount,
      currency: 'usd',
    });
    return {
      id: price.id,
      amount: price.amount,
      productId,
      productName: input.productName,
      nickname: input.nickname ?? null,
      interval: key.interval,
      lookupKey,
      productFeaturesJson: productFeaturesJson(input),
      active: true,
    };
  }

  /** Writes the rows with their audit record; a price made for rows that could not be written is archived. */
  private async write(
    who: SignedIn,
    rows: CataloguePlan[],
    answer: CataloguePlan,
    audit: { action: PlanAction; detail: Record<string, unknown>; changes: Record<string, unknown> },
  ): Promise<CataloguePlan> {
    try {
      return await this.deps.trail.change(who, async () => {
        await this.deps.plans.putPlans(rows);
        return recorded(answer, entry(audit.action, { ...audit.detail, ...audit.changes }));
      });
    } catch (e) {
      await this.archiveAtProvider(answer.id);
      throw e;
    }
  }

  /** The provider's copy archived; Vigil offers only its own table's active plans, so a failure is logged. */
  private async archiveAtProvider(priceId: string): Promise<void> {
    try {
      await this.deps.provider.archivePrice(priceId);
    } catch (err) {
      this.deps.log?.warn({ err, priceId }, 'price not archived at the provider');
    }
  }
}

type PlanAction = 'planCreated' | 'planPriceChanged' | 'planChanged' | 'planArchived';

const entry = (action: PlanAction, detail: Record<string, unknown>) => ({
  trail: 'organisation' as const,
  action,
  detail,
});

const sameSlot = (a: PlanKey | null, b: PlanKey): boolean => a?.tier === b.tier && a.interval === b.interval;
