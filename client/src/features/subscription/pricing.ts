import {
  formatMoney,
  PLAN_ENTITLEMENTS,
  PLAN_TIER_LABELS,
  PLAN_TIERS,
  planIncludes,
  planTierOf,
  yearlySavingPercent,
  type PlanEntitlement,
  type PlanInterval,
  type PlanProductFeatures,
  type PlanTier,
  type PlanView,
} from '@vigil/shared';

/** What each entitlement is called on the pricing table (spec 002 §6 "Plan tiers"). */
export const ENTITLEMENT_LABELS: Readonly<Record<PlanEntitlement, string>> = {
  minimalSedation: 'Unlimited minimal sedation cases',
  patientForms: 'Unlimited patient forms',
  toxicityMonitoring: 'Real-time toxicity monitoring',
  reviewAndSign: 'Rapid review and sign',
  moderateSedation: 'Moderate sedation cases',
  infusions: 'Infusions',
  deepSedation: 'Deep sedation cases',
  generalAnesthesia: 'General anesthesia (GA) cases',
  waveformCapture: 'ECG waveform capture',
  advancedAirways: 'Advanced airways',
  anestheticGases: 'Anesthetic gases',
  advancedFluids: 'Advanced fluids',
  qualityControl: 'Organization-wide quality control',
  analytics: 'Dashboard and analytics',
  apiAccess: 'API access',
  childOrganizations: 'Child organizations',
  unifiedBilling: 'Unified invoice billing',
};

/** A price's product features (its productFeaturesJSON); anything unreadable counts as none. */
export function productFeaturesOf(plan: Pick<PlanView, 'productFeaturesJSON'>): PlanProductFeatures {
  try {
    const parsed: unknown = JSON.parse(plan.productFeaturesJSON || '{}');
    if (parsed === null || typeof parsed !== 'object') return {};
    const o = parsed as Record<string, unknown>;
    return { waveforms: o.waveforms === true, advancedFluids: o.advancedFluids === true };
  } catch {
    return {};
  }
}

/** One card of the pricing table: a tier with its monthly and yearly prices (per provider, in cents). */
export interface PricingTier {
  tier: PlanTier;
  label: string;
  monthly: PlanView | null;
  yearly: PlanView | null;
  /** Yearly saving against 12 months, as a whole percentage (PL7), or null. */
  savingPercent: number | null;
  /** What this tier adds to the one below it (Basic: everything it includes). */
  adds: PlanEntitlement[];
}

const intervalOf = (plan: PlanView): PlanInterval | null =>
  plan.interval === 'month' ? 'month' : plan.interval === 'year' ? 'year' : null;

/**
 * The pricing table's cards from the server's plans (spec 002 §2 "Pricing table"): one per tier
 * that has a price, in tier order; each tier's entitlements beyond the tier before it.
 */
export function pricingTiers(plans: readonly PlanView[]): PricingTier[] {
  const out: PricingTier[] = [];
  let below: PlanEntitlement[] = [];
  for (const tier of PLAN_TIERS) {
    const mine = plans.filter((p) => planTierOf(p.lookupKey) === tier);
    const monthly = mine.find((p) => intervalOf(p) === 'month') ?? null;
    const yearly = mine.find((p) => intervalOf(p) === 'year') ?? null;
    const features = productFeaturesOf(monthly ?? yearly ?? { productFeaturesJSON: '{}' });
    const includes = PLAN_ENTITLEMENTS.filter((e) => planIncludes(tier, features, e));
    if (monthly || yearly) {
      out.push({
        tier,
        label: PLAN_TIER_LABELS[tier],
        monthly,
        yearly,
        savingPercent: yearlySavingPercent(monthly?.amount ?? null, yearly?.amount ?? null),
        adds: includes.filter((e) => !below.includes(e)),
      });
    }
    below = includes;
  }
  return out;
}

/** The price of a tier for an interval as the card shows it: "$149 / month per provider". */
export function priceText(plan: Pick<PlanView, 'amount' | 'interval'>): string {
  return `${formatMoney(plan.amount)} / ${plan.interval === 'year' ? 'year' : 'month'}`;
}

/** A plan as the subscription page names it: "Advanced, yearly". */
export function planName(plan: Pick<PlanView, 'lookupKey' | 'interval' | 'productName'>): string {
  const tier = planTierOf(plan.lookupKey);
  const name = tier ? PLAN_TIER_LABELS[tier] : plan.productName;
  return `${name}, ${plan.interval === 'year' ? 'yearly' : 'monthly'}`;
}

/** What an office pays per interval: the price per provider times the providers (support staff free). */
export function officeAmountText(plan: Pick<PlanView, 'amount' | 'interval'>, providers: number): string {
  const per = plan.interval === 'year' ? 'year' : 'month';
  const who = providers === 1 ? '1 provider' : `${providers} providers`;
  return `${formatMoney(plan.amount * providers)} / ${per} for ${who}`;
}
