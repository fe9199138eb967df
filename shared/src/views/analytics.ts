import { z } from 'zod';
import { QUALITY_FIGURES } from '../analytics/case-facts.js';
import { MAX_PROVIDERS_ALL_ANALYTICS } from '../constants/shell.js';

/*
 * The office's analytics (issue 41; spec 000 §2, §9) as GraphQL answers them, written once as
 * zod schemas (issue 36 item 5); views-sdl.test.ts holds them against sync-server/src/graphql/analytics.ts.
 */

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const id = z.string().min(1).max(64);

/** The page's filters: a date range (days, both included), at most 10 providers (spec 000 §9), a location. */
export const analyticsFilterInputSchema = z.object({
  from: day.nullish(),
  to: day.nullish(),
  providerIds: z.array(id).max(MAX_PROVIDERS_ALL_ANALYTICS).nullish(),
  locationId: id.nullish(),
});
export type AnalyticsFilterInput = z.infer<typeof analyticsFilterInputSchema>;

/** Which cases a chart's bar or figure stands for. */
export const analyticsDrillInputSchema = z.object({
  month: z
    .string()
    .regex(/^\d{4}-\d{2}$/)
    .nullish(),
  sedationLevel: z.string().max(16).nullish(),
  providerId: id.nullish(),
  drug: z.string().min(1).max(200).nullish(),
  dischargeScore: z.number().int().min(0).max(100).nullish(),
  figure: z.enum(QUALITY_FIGURES).nullish(),
  met: z.boolean().nullish(),
});
export type AnalyticsDrillInput = z.infer<typeof analyticsDrillInputSchema>;

export const analyticsMonthRowViewSchema = z.object({
  month: z.string(),
  sedationLevel: z.string().nullable(),
  providerId: z.string().nullable(),
  providerName: z.string().nullable(),
  cases: z.number(),
  anesthesiaMinutes: z.number(),
  anesthesiaUnits: z.number(),
});
export type AnalyticsMonthRowView = z.infer<typeof analyticsMonthRowViewSchema>;

export const analyticsDrugRowViewSchema = z.object({
  name: z.string(),
  unit: z.string(),
  cases: z.number(),
  total: z.number(),
});

export const analyticsDischargeRowViewSchema = z.object({
  type: z.string(),
  score: z.number(),
  cases: z.number(),
});

export const analyticsQualityViewSchema = z.object({
  finalized: z.number(),
  preOpComplete: z.number(),
  vitalsAtEveryCheckpoint: z.number(),
  dischargeBeforeSignoff: z.number(),
  signedWithin24h: z.number(),
  noOverride: z.number(),
});
export type AnalyticsQualityView = z.infer<typeof analyticsQualityViewSchema>;

export const analyticsOptionViewSchema = z.object({ id: z.string(), name: z.string().nullable() });

export const analyticsSummaryViewSchema = z.object({
  cases: z.number(),
  months: z.array(analyticsMonthRowViewSchema),
  drugs: z.array(analyticsDrugRowViewSchema),
  discharge: z.array(analyticsDischargeRowViewSchema),
  quality: analyticsQualityViewSchema,
  providers: z.array(analyticsOptionViewSchema),
  locations: z.array(analyticsOptionViewSchema),
});
export type AnalyticsSummaryView = z.infer<typeof analyticsSummaryViewSchema>;

/** One case of a drill-down: what the list shows and the cursor of the next page. */
export const analyticsCaseViewSchema = z.object({
  caseId: z.string(),
  status: z.string(),
  startAt: z.string().nullable(),
  providerName: z.string().nullable(),
  locationName: z.string().nullable(),
  sedationLevel: z.string().nullable(),
  anesthesiaMinutes: z.number().nullable(),
  dischargeScore: z.number().nullable(),
  cursor: z.string(),
});
export type AnalyticsCaseView = z.infer<typeof analyticsCaseViewSchema>;

/**
 * One office of a parent organisation in the parent's comparison (issue 41 "The analytics above
 * across the children, office against office"): its cases in the range, anesthesia minutes and
 * units, and the quality figures; none when its plan has no analytics (planRequired).
 */
export const parentOfficeAnalyticsViewSchema = z.object({
  orgId: z.string(),
  name: z.string(),
  planRequired: z.boolean(),
  cases: z.number(),
  anesthesiaMinutes: z.number(),
  anesthesiaUnits: z.number(),
  quality: analyticsQualityViewSchema,
});
export type ParentOfficeAnalyticsView = z.infer<typeof parentOfficeAnalyticsViewSchema>;

export const parentAnalyticsViewSchema = z.object({ offices: z.array(parentOfficeAnalyticsViewSchema) });
export type ParentAnalyticsView = z.infer<typeof parentAnalyticsViewSchema>;
