import type {
  CardSetupView,
  InvoicePageView,
  InvoiceView,
  PaymentCardView,
  SubscriptionView,
  TeamPlanView,
} from '@vigil/shared';
import type { CataloguePlan } from '../billing/plans.js';
import type { SubscriptionOverview } from '../billing/overview.js';
import { answeringAppErrors } from '../errors.js';
import { planView } from '../orgs/org-views.js';
import { graphqlArgs } from './arguments.js';
import type { ResolverArgs } from './context.js';

/**
 * The subscription (issue 37; spec 000 §3 Subscription): thin resolvers over BillingService.
 * Administrators of the organisation read and change it; a card is tokenised with the provider in
 * the browser first (its payment method id is all Vigil receives). Refusals are the error
 * catalogue's codes, or the provider's own text for a refused card (spec 000 §8).
 */
export const billingTypeDefs = /* GraphQL */ `
  "A saved card: brand, last 4 digits and expiry only."
  type PaymentCard {
    id: String!
    brand: String!
    last4: String!
    expMonth: Int!
    expYear: Int!
  }

  "The subscription's period, trial and cancellation; times in epoch milliseconds."
  type SubscriptionPeriod {
    start: Float
    currentPeriodStart: Float
    currentPeriodEnd: Float
    trialStart: Float
    trialEnd: Float
    cancelAtPeriodEnd: Boolean!
    cancelledAt: Float
    "Providers billed."
    quantity: Int!
  }

  "The subscription page (spec 000 §3): status, plan, providers billed, the subscription and the cards."
  type OrgSubscription {
    status: String!
    trialEnd: Float
    ok: Boolean!
    plan: Plan
    providers: Int!
    subscription: SubscriptionPeriod
    cards: [PaymentCard!]!
    defaultCardId: String
  }

  type InvoiceLine {
    description: String!
    quantity: Int!
    "Cents."
    amount: Int!
    proration: Boolean!
  }

  "An invoice (id null for the upcoming one); amounts in cents, times in epoch milliseconds."
  type Invoice {
    id: String
    status: String!
    currency: String!
    total: Int!
    amountDue: Int!
    amountPaid: Int!
    created: Float!
    dueDate: Float
    periodStart: Float!
    periodEnd: Float!
    hostedUrl: String
    pdfUrl: String
    lines: [InvoiceLine!]!
  }

  "A card setup started with the provider: its name (local or stripe) and the client secret its card entry confirms (null for the local provider's own form)."
  type CardSetup {
    provider: String!
    clientSecret: String
  }

  "Past invoices, newest first; after is the last invoice's id."
  type InvoicePage {
    invoices: [Invoice!]!
    hasMore: Boolean!
  }

  "A plan as the team's plan screens list it: a plan price and whether it is still offered."
  type TeamPlan {
    id: ID!
    amount: Int!
    productId: String!
    productName: String!
    nickname: String
    interval: String!
    lookupKey: String!
    productFeaturesJSON: String!
    active: Boolean!
  }

  "A change to an active plan: a new amount (cents per provider) or product features make a new price."
  input PlanChangeInput {
    productName: String!
    nickname: String
    amount: Int!
    waveforms: Boolean!
    advancedFluids: Boolean!
  }

  "A new plan; its tier and interval are its lookupKey's (advanced_monthly, plus_yearly_2027)."
  input NewPlanInput {
    lookupKey: String!
    productName: String!
    nickname: String
    amount: Int!
    waveforms: Boolean!
    advancedFluids: Boolean!
  }

  extend type Query {
    "Every plan, archived ones too (the team's plan screens): internal ubers only."
    teamPlans: [TeamPlan!]!
    "The organisation's subscription: administrators only."
    subscription(orgId: String): OrgSubscription!
    invoices(orgId: String, first: Int, after: String): InvoicePage!
    "The next invoice, with a plan or a number of providers changed when given; null without a subscription."
    previewInvoice(orgId: String, priceId: String, providers: Int): Invoice
  }

  extend type Mutation {
    "Starts saving a card with the provider's card entry (a SetupIntent for the real provider): administrators only."
    startCardSetup(orgId: String): CardSetup!
    "Saves a card tokenised with the provider, or confirmed by a card setup, as the default."
    addCard(orgId: String, paymentMethodId: String!): PaymentCard!
    removeCard(orgId: String, cardId: String!): Boolean!
    subscribe(orgId: String, priceId: String!): OrgSubscription!
    "A change of plan or interval, prorated by the provider."
    changePlan(orgId: String, priceId: String!): OrgSubscription!
    "Cancels at the period's end (active until then)."
    cancelSubscription(orgId: String): OrgSubscription!
    resumeSubscription(orgId: String): OrgSubscription!
    "Pays the open invoices of a past-due subscription with the default card."
    payOpenInvoices(orgId: String): OrgSubscription!
    "Changes the active plan planId (the price the screen showed; CONFLICT once replaced): internal ubers only."
    updateTeamPlan(planId: String!, plan: PlanChangeInput!): TeamPlan!
    "Adds a plan for a tier and interval that has no active one: internal ubers only."
    createTeamPlan(plan: NewPlanInput!): TeamPlan!
    "Archives a plan: no new subscription to it; offices on it keep it. Internal ubers only."
    archiveTeamPlan(planId: String!): TeamPlan!
  }
`;

function teamPlanView(p: CataloguePlan): TeamPlanView {
  return { ...planView(p), active: p.active };
}

function subscriptionView(o: SubscriptionOverview): SubscriptionView {
  return { ...o, plan: o.plan ? planView(o.plan) : null };
}

export const billingResolvers = {
  Query: answeringAppErrors<ResolverArgs>({
    teamPlans: async (_, __, ctx): Promise<TeamPlanView[]> =>
      (await ctx.services.billing.plans.list(await ctx.caller())).map(teamPlanView),
    subscription: async (_, args, ctx): Promise<SubscriptionView> =>
      subscriptionView(await ctx.services.billing.billing.overview(await ctx.caller(), graphqlArgs(args))),
    invoices: async (_, args, ctx): Promise<InvoicePageView> =>
      ctx.services.billing.billing.invoices(await ctx.caller(), graphqlArgs(args, { text: ['after'] })),
    previewInvoice: async (_, args, ctx): Promise<InvoiceView | null> =>
      ctx.services.billing.billing.preview(await ctx.caller(), graphqlArgs(args)),
  }),
  Mutation: answeringAppErrors<ResolverArgs>({
    startCardSetup: async (_, args, ctx): Promise<CardSetupView> =>
      ctx.services.billing.billing.startCardSetup(await ctx.caller(), graphqlArgs(args)),
    updateTeamPlan: async (_, args, ctx): Promise<TeamPlanView> =>
      teamPlanView(
        await ctx.services.billing.plans.change(await ctx.caller(), graphqlArgs(args, { text: ['planId'] })),
      ),
    createTeamPlan: async (_, args, ctx): Promise<TeamPlanView> =>
      teamPlanView(await ctx.services.billing.plans.create(await ctx.caller(), graphqlArgs(args))),
    archiveTeamPlan: async (_, args, ctx): Promise<TeamPlanView> =>
      teamPlanView(
        await ctx.services.billing.plans.archive(await ctx.caller(), graphqlArgs(args, { text: ['planId'] })),
      ),
    addCard: async (_, args, ctx): Promise<PaymentCardView> =>
      ctx.services.billing.billing.addCard(await ctx.caller(), graphqlArgs(args)),
    removeCard: async (_, args, ctx): Promise<boolean> => {
      await ctx.services.billing.billing.removeCard(await ctx.caller(), graphqlArgs(args));
      return true;
    },
    subscribe: async (_, args, ctx): Promise<SubscriptionView> =>
      subscriptionView(await ctx.services.billing.billing.subscribe(await ctx.caller(), graphqlArgs(args))),
    changePlan: async (_, args, ctx): Promise<SubscriptionView> =>
      subscriptionView(await ctx.services.billing.billing.changePlan(await ctx.caller(), graphqlArgs(args))),
    cancelSubscription: async (_, args, ctx): Promise<SubscriptionView> =>
      subscriptionView(await ctx.services.billing.billing.setCancelled(await ctx.caller(), graphqlArgs(args), true)),
    resumeSubscription: async (_, args, ctx): Promise<SubscriptionView> =>
      subscriptionView(await ctx.services.billing.billing.setCancelled(await ctx.caller(), graphqlArgs(args), false)),
    payOpenInvoices: async (_, args, ctx): Promise<SubscriptionView> =>
      subscriptionView(await ctx.services.billing.billing.payOpenInvoices(await ctx.caller(), graphqlArgs(args))),
  }),
};
