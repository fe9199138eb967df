import {
  effectiveFeatures,
  isSedationLevelAllowed,
  planIncludes,
  planIncludesFlag,
  planTierOf,
  PLAN_TIER_LABELS,
  SEDATION_LEVEL_LABELS,
  sedationLevelLimit,
  tierIncluding,
  tierMaxSedationLevel,
  type FeatureValue,
  type PlanEntitlement,
  type PlanProductFeatures,
  type PlanTier,
} from '@vigil/shared';
import { AppError, refuse } from '../errors.js';

/** An organisation's stored feature flags (the organisations store answers it). */
export interface FlagSource {
  features(orgId: string): Promise<Record<string, FeatureValue>>;
}

/** An organisation's plan (its planId) and the plans catalogue (the organisations store answers both). */
export interface PlanSource {
  org(orgId: string): Promise<{ planId: string | null } | null>;
  plan(planId: string): Promise<{ lookupKey: string; productFeaturesJson: string } | null>;
}

/** A feature an organisation may be entitled to (spec 000 §3 flags). */
export type Entitlement =
  'adminUnfinalize' | 'drugInventory' | 'formBuilder' | 'policies' | 'primaryProviderMustBeFinalSignerName' | 'store';

/** The tier an organisation's plan is of, with the product features of its price (spec 002 §3, §6). */
export interface OrgTier {
  tier: PlanTier;
  features: PlanProductFeatures;
}

/**
 * The refusal of a new case deeper than the organisation may start (spec 002 §5 wording, as the
 * start-case screen words it): its subscription's tier, or the sedationLevelLimit flag, whichever
 * is stricter.
 */
export function sedationLevelNotAllowedText(level: string, limit: string): string {
  const label = (l: string): string => SEDATION_LEVEL_LABELS[l as keyof typeof SEDATION_LEVEL_LABELS] ?? l;
  return `Sedation level "${label(level)}" is not allowed by your organization's subscription (up to ${label(limit)}).`;
}

/** The refusal of something the organisation's plan does not include: names the plan that does. */
export function planRequiredText(entitlement: PlanEntitlement): string {
  return `This is included in the ${PLAN_TIER_LABELS[tierIncluding(entitlement)]} plan. An administrator can change the plan on the Subscription page.`;
}

function productFeatures(json: string): PlanProductFeatures {
  try {
    const parsed = JSON.parse(json) as Record<string, unknown>;
    return { waveforms: parsed.waveforms === true, advancedFluids: parsed.advancedFluids === true };
  } catch {
    return {};
  }
}

/**
 * What an organisation may use (issue 36 item 1, issue 37): the one reader of feature flags and
 * of the plan tier, for the services and for the settings screens (orgs/features.ts reads its
 * values here, so the screen, the client's feature reads and the server's checks agree). A plan
 * entitlement follows the tier of the organisation's plan (its planId's lookupKey, spec 002 §6);
 * the product flags a plan includes are on unless the organisation stored them off (PLF2); an
 * organisation without a plan of a known tier (every office made before plans existed, the
 * internal team) is not restricted by tier and keeps its stored flags (decision, session 24).
 */
export class Entitlements {
  constructor(
    private readonly flags: FlagSource,
    private readonly plans?: PlanSource,
  ) {}

  /**
   * Every flag's effective value (PLF2: a flag the plan includes on unless stored off; else
   * stored, else the default): the case settings read units from it.
   */
  async values(orgId: string): Promise<Record<string, FeatureValue | null>> {
    const [stored, held] = await Promise.all([this.flags.features(orgId), this.tier(orgId)]);
    return effectiveFeatures(stored, held);
  }

  /** Whether the organisation's plan includes a feature flag (PLF1): its admins may switch it. */
  async planIncludesFlag(orgId: string, flag: string): Promise<boolean> {
    return planIncludesFlag(await this.tier(orgId), flag);
  }

  async has(orgId: string, feature: Entitlement): Promise<boolean> {
    return (await this.values(orgId))[feature] === true;
  }

  /** Refuses 403 FEATURE_DISABLED unless the organisation has the feature. */
  async require(orgId: string, feature: Entitlement): Promise<void> {
    if (!(await this.has(orgId, feature))) refuse('FEATURE_DISABLED');
  }

  /** The tier of the organisation's plan, or null when it has none (not restricted by tier). */
  async tier(orgId: string): Promise<OrgTier | null> {
    const planId = (await this.plans?.org(orgId))?.planId;
    const plan = planId ? await this.plans?.plan(planId) : null;
    const tier = plan ? planTierOf(plan.lookupKey) : null;
    return plan && tier ? { tier, features: productFeatures(plan.productFeaturesJson) } : null;
  }

  /** Whether the organisation's plan includes the entitlement (spec 002 §6; true without a plan). */
  async planHas(orgId: string, entitlement: PlanEntitlement): Promise<boolean> {
    const held = await this.tier(orgId);
    return held === null || planIncludes(held.tier, held.features, entitlement);
  }

  /** The deepest sedation level a new case may have: the stricter of the flag and the tier (spec 002 §5, §6). */
  async maxSedationLevel(orgId: string): Promise<string> {
    const flag = sedationLevelLimit(await this.values(orgId));
    const held = await this.tier(orgId);
    if (!held) return flag;
    const byTier = tierMaxSedationLevel(held.tier);
    return isSedationLevelAllowed(byTier, flag) ? byTier : flag;
  }

  /** Refuses 403 SEDATION_LEVEL_NOT_ALLOWED when a new case's level is deeper than the organisation may start. */
  async requireSedationLevel(orgId: string, level: string | null): Promise<void> {
    const limit = await this.maxSedationLevel(orgId);
    if (!isSedationLevelAllowed(level, limit)) {
      throw new AppError(403, 'SEDATION_LEVEL_NOT_ALLOWED', sedationLevelNotAllowedText(level!, limit));
    }
  }
}
