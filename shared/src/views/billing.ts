import { z } from 'zod';
import { parsePlanLookupKey, PLAN_PRICE_MAX_CENTS } from '../plans/catalogue.js';
import { planViewSchema } from './orgs.js';

/*
 * The subscription's GraphQL views (issue 37; spec 000 §3 Subscription), written once as zod
 * schemas (issue 36 item 5); views-sdl.test.ts holds them against
 * sync-server/src/graphql/billing.ts. Amounts are in cents, times epoch milliseconds (Float).
 */

/** A saved card: only what the provider reports (brand, last 4, expiry); the number never reaches Vigil. */
export const paymentCardViewSchema = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});
export type PaymentCardView = z.infer<typeof paymentCardViewSchema>;

/**
 * A card setup started with the provider (startCardSetup): the provider's name and the client
 * secret the real provider's card entry confirms; null for the local provider, whose own form the
 * client keeps.
 */
export const cardSetupViewSchema = z.object({
  provider: z.string(),
  clientSecret: z.string().nullable(),
});
export type CardSetupView = z.infer<typeof cardSetupViewSchema>;

/** The subscription's current period, trial and cancellation (spec 000 §3 cancelledAt). */
export const subscriptionPeriodViewSchema = z.object({
  start: z.number().nullable(),
  currentPeriodStart: z.number().nullable(),
  currentPeriodEnd: z.number().nullable(),
  trialStart: z.number().nullable(),
  trialEnd: z.number().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  cancelledAt: z.number().nullable(),
  /** Providers billed. */
  quantity: z.number().int(),
});
export type SubscriptionPeriodView = z.infer<typeof subscriptionPeriodViewSchema>;

/** What the subscription page shows: status, plan, providers billed, the subscription, cards. */
export const subscriptionViewSchema = z.object({
  status: z.string(),
  trialEnd: z.number().nullable(),
  ok: z.boolean(),
  plan: planViewSchema.nullable(),
  /** Members with the provider role: what the next invoice bills. */
  providers: z.number().int(),
  subscription: subscriptionPeriodViewSchema.nullable(),
  cards: z.array(paymentCardViewSchema),
  defaultCardId: z.string().nullable(),
});
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;

export const invoiceLineViewSchema = z.object({
  description: z.string(),
  quantity: z.number().int(),
  amount: z.number().int(),
  proration: z.boolean(),
});
export type InvoiceLineView = z.infer<typeof invoiceLineViewSchema>;

/** An invoice (id null for the upcoming one, a preview), with its hosted page and PDF when the provider has them. */
export const invoiceViewSchema = z.object({
  id: z.string().nullable(),
  status: z.string(),
  currency: z.string(),
  total: z.number().int(),
  amountDue: z.number().int(),
  amountPaid: z.number().int(),
  created: z.number(),
  dueDate: z.number().nullable(),
  periodStart: z.number(),
  periodEnd: z.number(),
  hostedUrl: z.string().nullable(),
  pdfUrl: z.string().nullable(),
  lines: z.array(invoiceLineViewSchema),
});
export type InvoiceView = z.infer<typeof invoiceViewSchema>;

/** A page of past invoices, newest first; `after` is the last one's id. */
export const invoicePageViewSchema = z.object({
  invoices: z.array(invoiceViewSchema),
  hasMore: z.boolean(),
});
export type InvoicePageView = z.infer<typeof invoicePageViewSchema>;

/** A plan as the team's plan screens list it (issue 37): a plan price with whether it is still offered. */
export const teamPlanViewSchema = planViewSchema.extend({
  /** False once archived: no new subscription to it; offices on it keep it. */
  active: z.boolean(),
});
export type TeamPlanView = z.infer<typeof teamPlanViewSchema>;

const planName = z.string().trim().min(1).max(80);
const planNickname = z.string().trim().max(120).nullish();
/** [PL12] Per provider, whole cents, more than 0, at most PLAN_PRICE_MAX_CENTS ($100,000). */
const planAmount = z.number().int().min(1).max(PLAN_PRICE_MAX_CENTS);

/**
 * A change to an active plan (the team's products/{productId} screen). `planId` in the call is the
 * price the screen showed: a change of an archived (replaced) one is refused CONFLICT, so a double
 * submit makes one new price.
 */
export const planChangeInputSchema = z.object({
  productName: planName,
  nickname: planNickname,
  amount: planAmount,
  waveforms: z.boolean(),
  advancedFluids: z.boolean(),
});
export type PlanChangeInput = z.infer<typeof planChangeInputSchema>;

/** A new plan: its tier and interval from the lookupKey (PL11, PL1). */
export const newPlanInputSchema = planChangeInputSchema.extend({
  lookupKey: z
    .string()
    .trim()
    .refine((key) => parsePlanLookupKey(key) !== null, 'INVALID_LOOKUP_KEY'),
});
export type NewPlanInput = z.infer<typeof newPlanInputSchema>;
