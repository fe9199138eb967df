import type {
  CardSetupView,
  NewPlanInput,
  PlanChangeInput,
  TeamPlanView,
  InvoicePageView,
  InvoiceView,
  OrgSubscriptionStatusView,
  PaymentCardView,
  PlanView,
  SubscriptionView,
} from '@vigil/shared';
import { graphql, RequestError } from '../../data/graphql.js';
import type { CardEntry } from './cardForm.js';

/*
 * The subscription calls of the server (sync-server/src/graphql/billing.ts; spec 000 §3
 * Subscription, §7 availablePlans). Screens reach them through the hooks in `hooks.ts`.
 */

const PLAN = 'id amount productId productName nickname interval lookupKey productFeaturesJSON';
const CARD = 'id brand last4 expMonth expYear';
const SUBSCRIPTION = `status trialEnd ok plan { ${PLAN} } providers subscription { start currentPeriodStart currentPeriodEnd trialStart trialEnd cancelAtPeriodEnd cancelledAt quantity } cards { ${CARD} } defaultCardId`;
const INVOICE =
  'id status currency total amountDue amountPaid created dueDate periodStart periodEnd hostedUrl pdfUrl lines { description quantity amount proration }';

export async function fetchPlans(): Promise<PlanView[]> {
  const data = await graphql<{ availablePlans: PlanView[] }>(`query AvailablePlans { availablePlans { ${PLAN} } }`);
  return data.availablePlans;
}

/** What the organisation's plan allows, as every member reads it (issue 37: the org view's tier and deepest level). */
export interface OrgPlanLimits {
  /** basic, plus, advanced, enterprise; null without a plan (not restricted by tier). */
  planTier: string | null;
  /** The deepest sedation level a new case may have (the stricter of the tier and sedationLevelLimit). */
  maxSedationLevel: string;
  /** Whether the plan includes ECG waveform capture (MON22); absent in a copy cached before it was asked. */
  waveformCapture?: boolean;
}

export async function fetchOrgPlanLimits(orgId: string): Promise<OrgPlanLimits> {
  const data = await graphql<{ org: OrgPlanLimits }>(
    'query OrgPlanLimits($orgId: String) { org(orgId: $orgId) { planTier maxSedationLevel waveformCapture } }',
    { orgId },
  );
  return data.org;
}

/** What every member may read of the subscription: the organisation's status (spec 000 §3 Org subscriptionStatus). */
export interface OrgStatus {
  isOnboarding: boolean;
  subscriptionStatus: OrgSubscriptionStatusView;
}

export async function fetchOrgStatus(orgId: string): Promise<OrgStatus> {
  const data = await graphql<{ org: OrgStatus }>(
    'query OrgSubscriptionStatus($orgId: String) { org(orgId: $orgId) { isOnboarding subscriptionStatus { status trialEnd ok } } }',
    { orgId },
  );
  return data.org;
}

/** The subscription page's data: administrators only (others are refused NOT_AUTHORIZED). */
export async function fetchSubscription(orgId: string): Promise<SubscriptionView> {
  const data = await graphql<{ subscription: SubscriptionView }>(
    `query Subscription($orgId: String) { subscription(orgId: $orgId) { ${SUBSCRIPTION} } }`,
    { orgId },
  );
  return data.subscription;
}

export async function fetchInvoices(orgId: string, first: number, after: string | null): Promise<InvoicePageView> {
  const data = await graphql<{ invoices: InvoicePageView }>(
    `query Invoices($orgId: String, $first: Int, $after: String) { invoices(orgId: $orgId, first: $first, after: $after) { invoices { ${INVOICE} } hasMore } }`,
    { orgId, first, after },
  );
  return data.invoices;
}

/** The next invoice, with another plan or number of providers when given; null without a subscription. */
export async function previewInvoice(
  orgId: string,
  change: { priceId?: string; providers?: number } = {},
): Promise<InvoiceView | null> {
  const data = await graphql<{ previewInvoice: InvoiceView | null }>(
    `query PreviewInvoice($orgId: String, $priceId: String, $providers: Int) { previewInvoice(orgId: $orgId, priceId: $priceId, providers: $providers) { ${INVOICE} } }`,
    { orgId, ...change },
  );
  return data.previewInvoice;
}

async function mutate(
  name: string,
  orgId: string,
  args = '',
  vars: Record<string, unknown> = {},
  types = '',
): Promise<SubscriptionView> {
  const data = await graphql<Record<string, SubscriptionView>>(
    `mutation M($orgId: String${types}) { ${name}(orgId: $orgId${args}) { ${SUBSCRIPTION} } }`,
    { orgId, ...vars },
  );
  return data[name]!;
}

export const subscribe = (orgId: string, priceId: string): Promise<SubscriptionView> =>
  mutate('subscribe', orgId, ', priceId: $priceId', { priceId }, ', $priceId: String!');
export const changePlan = (orgId: string, priceId: string): Promise<SubscriptionView> =>
  mutate('changePlan', orgId, ', priceId: $priceId', { priceId }, ', $priceId: String!');
export const cancelSubscription = (orgId: string): Promise<SubscriptionView> => mutate('cancelSubscription', orgId);
export const resumeSubscription = (orgId: string): Promise<SubscriptionView> => mutate('resumeSubscription', orgId);
export const payOpenInvoices = (orgId: string): Promise<SubscriptionView> => mutate('payOpenInvoices', orgId);

/**
 * Starts saving a card with the real provider's card entry: the client secret of a SetupIntent
 * the browser confirms (null with the local provider, whose own form is used instead).
 */
export async function startCardSetup(orgId: string): Promise<CardSetupView> {
  const data = await graphql<{ startCardSetup: CardSetupView }>(
    'mutation StartCardSetup($orgId: String) { startCardSetup(orgId: $orgId) { provider clientSecret } }',
    { orgId },
  );
  return data.startCardSetup;
}

export async function addCard(orgId: string, paymentMethodId: string): Promise<PaymentCardView> {
  const data = await graphql<{ addCard: PaymentCardView }>(
    `mutation AddCard($orgId: String, $pm: String!) { addCard(orgId: $orgId, paymentMethodId: $pm) { ${CARD} } }`,
    { orgId, pm: paymentMethodId },
  );
  return data.addCard;
}

export async function removeCard(orgId: string, cardId: string): Promise<void> {
  await graphql(
    'mutation RemoveCard($orgId: String, $cardId: String!) { removeCard(orgId: $orgId, cardId: $cardId) }',
    {
      orgId,
      cardId,
    },
  );
}

/**
 * The provider's card entry (the local provider's route; the real provider's browser script takes
 * its place): the number goes to the provider, Vigil keeps only the payment method id it answers.
 * A refusal is thrown with the provider's own text as its code.
 */
export async function tokenizeCard(card: CardEntry): Promise<string> {
  let reply: Response;
  try {
    reply = await fetch('/api/billing/local/payment-methods', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(card),
    });
  } catch {
    throw new RequestError('NETWORK_ERROR');
  }
  const body = (await reply.json().catch(() => ({}))) as { id?: string; message?: string; error?: string };
  if (!reply.ok || !body.id)
    throw new RequestError(body.message ?? body.error ?? `REQUEST_ERROR_${reply.status}`, reply.status);
  return body.id;
}

// ---- The team's plan catalogue (internal team: the-plan, products, products/{productId}) ----

const TEAM_PLAN = `${PLAN} active`;

export async function fetchTeamPlans(): Promise<TeamPlanView[]> {
  const data = await graphql<{ teamPlans: TeamPlanView[] }>(`query TeamPlans { teamPlans { ${TEAM_PLAN} } }`);
  return data.teamPlans;
}

/** Changes the active plan the screen showed (`planId`); CONFLICT when it was replaced meanwhile. */
export async function updateTeamPlan(planId: string, plan: PlanChangeInput): Promise<TeamPlanView> {
  const data = await graphql<{ updateTeamPlan: TeamPlanView }>(
    `mutation UpdateTeamPlan($planId: String!, $plan: PlanChangeInput!) { updateTeamPlan(planId: $planId, plan: $plan) { ${TEAM_PLAN} } }`,
    { planId, plan },
  );
  return data.updateTeamPlan;
}

export async function createTeamPlan(plan: NewPlanInput): Promise<TeamPlanView> {
  const data = await graphql<{ createTeamPlan: TeamPlanView }>(
    `mutation CreateTeamPlan($plan: NewPlanInput!) { createTeamPlan(plan: $plan) { ${TEAM_PLAN} } }`,
    { plan },
  );
  return data.createTeamPlan;
}

export async function archiveTeamPlan(planId: string): Promise<TeamPlanView> {
  const data = await graphql<{ archiveTeamPlan: TeamPlanView }>(
    `mutation ArchiveTeamPlan($planId: String!) { archiveTeamPlan(planId: $planId) { ${TEAM_PLAN} } }`,
    { planId },
  );
  return data.archiveTeamPlan;
}
