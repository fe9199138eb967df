import {
  isSedationLevelAllowed,
  PLAN_TIER_LABELS,
  planTierOf,
  SEDATION_LEVEL_LABELS,
  SEDATION_LEVELS,
  tierIncluding,
  tierMaxSedationLevel,
  type PlanEntitlement,
  type PlanTier,
  type SedationLevel,
} from '@vigil/shared';

/** The entitlement a sedation level needs (spec 002 §6: deep and GA on Advanced, moderate on Plus). */
export function sedationEntitlement(level: string): PlanEntitlement {
  if (level === 'ga') return 'generalAnesthesia';
  if (level === 'deep') return 'deepSedation';
  if (level === 'moderate') return 'moderateSedation';
  return 'minimalSedation';
}

/** Sedation levels a tier does not allow, with the plan that first includes them. */
export interface DeeperLevels {
  tier: PlanTier;
  levels: SedationLevel[];
}

/**
 * The sedation levels deeper than the organisation's plan allows (PL5), grouped by the lowest plan
 * that includes each (PL4), shallowest first; none without a plan tier (not restricted by tier).
 */
export function deeperLevelPlans(planTier: string | null): DeeperLevels[] {
  const tier = planTier ? planTierOf(planTier) : null;
  if (!tier) return [];
  const max = tierMaxSedationLevel(tier);
  const out: DeeperLevels[] = [];
  for (const level of SEDATION_LEVELS.filter((l) => !isSedationLevelAllowed(l, max))) {
    const including = tierIncluding(sedationEntitlement(level));
    const group = out.find((g) => g.tier === including);
    if (group) group.levels.push(level);
    else out.push({ tier: including, levels: [level] });
  }
  return out;
}

/** "Moderate: Plus plan. Deep and GA: Advanced plan." for the new case form's note; null when nothing is deeper. */
export function deeperLevelsText(planTier: string | null): string | null {
  const groups = deeperLevelPlans(planTier);
  if (groups.length === 0) return null;
  const names = (levels: SedationLevel[]): string =>
    levels.map((l) => SEDATION_LEVEL_LABELS[l]).join(levels.length === 2 ? ' and ' : ', ');
  const plans = groups.map((g) => `${names(g.levels)} in the ${PLAN_TIER_LABELS[g.tier]} plan`).join('; ');
  return `Your plan does not include deeper sedation levels: ${plans}.`;
}
