import type { SubscriptionStatusName } from '@vigil/shared';
import type { PlanRecord } from '../store/orgs/features.js';
import type { PaymentProvider, ProviderCard } from './provider.js';

/** What the subscription page shows (spec 000 §3 Subscription; issue 37). */
export interface SubscriptionOverview {
  status: SubscriptionStatusName;
  trialEnd: number | null;
  ok: boolean;
  plan: PlanRecord | null;
  /** Members with the provider role: the quantity billed (spec 002 §6). */
  providers: number;
  subscription: {
    start: number | null;
    currentPeriodStart: number | null;
    currentPeriodEnd: number | null;
    trialStart: number | null;
    trialEnd: number | null;
    cancelAtPeriodEnd: boolean;
    cancelledAt: number | null;
    quantity: number;
  } | null;
  cards: ProviderCard[];
  defaultCardId: string | null;
}

/** A card setup as the client receives it: the provider's name, and the secret its card entry confirms with (null: the local form). */
export interface CardSetupAnswer {
  provider: PaymentProvider['name'];
  clientSecret: string | null;
}
