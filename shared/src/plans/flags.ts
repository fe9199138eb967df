import { resolveFeatures, type FeatureValue } from '../orgs/features.js';
import { planIncludes, type PlanEntitlement, type PlanProductFeatures, type PlanTier } from './tiers.js';

/**
 * What a plan includes is on for the office (issue 37): the product feature flags a plan
 * entitlement of spec 002 §6 turns on. The spec names the entitlements (patient forms, review and
 * sign, toxicity monitoring) and the flags (spec 000 §3) without tying them; the ties are a
 * decision recorded in docs/decisions.md (session 25).
 */
export const PLAN_FEATURE_FLAGS = {
  formBuilder: 'patientForms',
  policies: 'reviewAndSign',
  drugInventory: 'toxicityMonitoring',
} as const satisfies Readonly<Record<string, PlanEntitlement>>;
export type PlanFeatureFlag = keyof typeof PLAN_FEATURE_FLAGS;

/** An organisation's plan as far as flags go: its tier and its price's product features. */
export interface HeldPlan {
  tier: PlanTier;
  features: PlanProductFeatures;
}

/** The entitlement that turns a flag on, or null for a flag no plan turns on. */
export function planFlagEntitlement(flag: string): PlanEntitlement | null {
  return Object.hasOwn(PLAN_FEATURE_FLAGS, flag) ? PLAN_FEATURE_FLAGS[flag as PlanFeatureFlag] : null;
}

/**
 * [PLF1] Whether an organisation's plan includes a feature flag: the flag is one a plan
 * entitlement turns on and the plan includes that entitlement (PL3). Without a plan of a known
 * tier (offices from before plans, the internal team) no flag is plan-included.
 */
export function planIncludesFlag(plan: HeldPlan | null, flag: string): boolean {
  const entitlement = planFlagEntitlement(flag);
  return plan !== null && entitlement !== null && planIncludes(plan.tier, plan.features, entitlement);
}

/**
 * [PLF2] Every flag's effective value for an organisation: a flag its plan includes (PLF1) is on
 * unless the organisation stored it off; every other flag, and every flag of an organisation
 * without a plan tier, is what it stored, else the default (spec 000 §3, as before plans).
 */
export function effectiveFeatures(
  stored: Readonly<Record<string, FeatureValue>>,
  plan: HeldPlan | null,
): Record<string, FeatureValue | null> {
  const values = resolveFeatures(stored);
  for (const flag of Object.keys(PLAN_FEATURE_FLAGS)) {
    if (planIncludesFlag(plan, flag)) values[flag] = stored[flag] !== false;
  }
  return values;
}
