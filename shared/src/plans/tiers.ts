import type { SedationLevel } from '../enums.js';

/**
 * Plan tiers (spec 002 §6 "Plan tiers"; spec 002 §3 "Plan price": the part of a price's lookupKey
 * before the underscore is its product type). Enterprise is optional (spec 002 §2).
 */
export const PLAN_TIERS = ['basic', 'plus', 'advanced', 'enterprise'] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];

/** [PL1] A price's product type: the lookupKey's part before the first underscore, when it names a tier; else null. */
export function planTierOf(lookupKey: string): PlanTier | null {
  const prefix = lookupKey.split('_', 1)[0]?.trim().toLowerCase() ?? '';
  return (PLAN_TIERS as readonly string[]).includes(prefix) ? (prefix as PlanTier) : null;
}

/** [PL2] A tier's rank: basic 0 < plus 1 < advanced 2 < enterprise 3 (each includes the ones below). */
export const planTierRank = (tier: PlanTier): number => PLAN_TIERS.indexOf(tier);

/**
 * What a plan includes (spec 002 §6). Each tier includes everything of the tiers below it. The
 * spec's "if the feature is on" items (waveform capture, advanced fluids) also need their
 * product feature (spec 002 §3 productFeaturesJSON: waveforms, advancedFluids).
 */
export const PLAN_ENTITLEMENTS = [
  // Basic: cloud access, unlimited minimal sedation cases, unlimited patient forms, real-time
  // toxicity monitoring, rapid review/sign.
  'minimalSedation',
  'patientForms',
  'toxicityMonitoring',
  'reviewAndSign',
  // Plus: moderate sedation cases and infusions.
  'moderateSedation',
  'infusions',
  // Advanced: deep and GA cases, ECG waveform capture if on, advanced airways, anesthetic gases,
  // advanced fluids if on.
  'deepSedation',
  'generalAnesthesia',
  'waveformCapture',
  'advancedAirways',
  'anestheticGases',
  'advancedFluids',
  // Enterprise: organisation-wide quality control, dashboard and analytics, API access, child
  // organisations, unified invoice billing.
  'qualityControl',
  'analytics',
  'apiAccess',
  'childOrganizations',
  'unifiedBilling',
] as const;
export type PlanEntitlement = (typeof PLAN_ENTITLEMENTS)[number];

/** The tier that first includes each entitlement (spec 002 §6). */
export const ENTITLEMENT_TIER: Readonly<Record<PlanEntitlement, PlanTier>> = {
  minimalSedation: 'basic',
  patientForms: 'basic',
  toxicityMonitoring: 'basic',
  reviewAndSign: 'basic',
  moderateSedation: 'plus',
  infusions: 'plus',
  deepSedation: 'advanced',
  generalAnesthesia: 'advanced',
  waveformCapture: 'advanced',
  advancedAirways: 'advanced',
  anestheticGases: 'advanced',
  advancedFluids: 'advanced',
  qualityControl: 'enterprise',
  analytics: 'enterprise',
  apiAccess: 'enterprise',
  childOrganizations: 'enterprise',
  unifiedBilling: 'enterprise',
};

/** Entitlements that also need the price's product feature on (spec 002 §6 "if the feature is on"). */
export const ENTITLEMENT_PRODUCT_FEATURE: Readonly<Partial<Record<PlanEntitlement, 'waveforms' | 'advancedFluids'>>> = {
  waveformCapture: 'waveforms',
  advancedFluids: 'advancedFluids',
};

export interface PlanProductFeatures {
  waveforms?: boolean;
  advancedFluids?: boolean;
}

/**
 * [PL3] Whether a plan of a tier (with its price's product features) includes an entitlement:
 * its tier is at or above the entitlement's, and the product feature it needs, if any, is on.
 */
export function planIncludes(tier: PlanTier, features: PlanProductFeatures, entitlement: PlanEntitlement): boolean {
  if (planTierRank(tier) < planTierRank(ENTITLEMENT_TIER[entitlement])) return false;
  const feature = ENTITLEMENT_PRODUCT_FEATURE[entitlement];
  return feature === undefined || features[feature] === true;
}

/** [PL4] The lowest tier that includes an entitlement (a screen the plan lacks names it). */
export const tierIncluding = (entitlement: PlanEntitlement): PlanTier => ENTITLEMENT_TIER[entitlement];

/**
 * [PL5] The deepest sedation level a tier allows (spec 002 §6: Basic minimal, Plus moderate,
 * Advanced and Enterprise deep and GA). Local is below minimal, so every tier allows it.
 */
export function tierMaxSedationLevel(tier: PlanTier): SedationLevel {
  if (tier === 'basic') return 'minimal';
  if (tier === 'plus') return 'moderate';
  return 'ga';
}

/** Display names of the tiers (the pricing table's card titles). */
export const PLAN_TIER_LABELS: Readonly<Record<PlanTier, string>> = {
  basic: 'Basic',
  plus: 'Plus',
  advanced: 'Advanced',
  enterprise: 'Enterprise',
};
