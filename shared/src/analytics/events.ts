import { z } from 'zod';

/*
 * The product's analytics events (spec 000 §7 "Analytics events"; spec 001 §7 the health
 * history's tracking events), recorded on Vigil's own server (no third-party beacon). An event is
 * its name, when, who and which organisation: it carries no properties, so it cannot carry PHI.
 */

export const ANALYTICS_EVENT_NAMES = [
  'Org Created',
  'Org Selected',
  'User Created',
  'User Create Failed',
  'Signed In',
  'Sign In Failed',
  'Case Manager Loaded',
  'New Health History Created',
  'Health History Signed',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

/** [AE1] Events a browser that is not signed in may send: the failures of signing in and up. */
export const ANONYMOUS_ANALYTICS_EVENTS: readonly AnalyticsEventName[] = ['Sign In Failed', 'User Create Failed'];

/** [AE1] What the beacon takes: one of the names, and the organisation it happened in (optional). */
export const analyticsEventInputSchema = z.object({
  name: z.enum(ANALYTICS_EVENT_NAMES),
  orgId: z.string().min(1).max(64).nullish(),
});
export type AnalyticsEventInput = z.infer<typeof analyticsEventInputSchema>;
