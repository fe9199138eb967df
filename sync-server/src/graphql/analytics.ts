import type { AnalyticsCaseView, AnalyticsSummaryView, ParentAnalyticsView } from '@vigil/shared';
import { answeringAppErrors } from '../errors.js';
import { graphqlArgs } from './arguments.js';
import type { ResolverArgs } from './context.js';
import { PAGE_ARGS, pageRequest } from './pagination.js';

/**
 * The office's analytics (issue 41; spec 000 §2, §9): thin resolvers over AnalyticsService, which
 * reads the analytics read model only. Whoever administers the office, on a plan with analytics.
 */
export const analyticsTypeDefs = /* GraphQL */ `
  "The five chart-quality figures a sedation office coaches to."
  enum QualityFigure {
    preOpComplete
    vitalsAtEveryCheckpoint
    dischargeBeforeSignoff
    signedWithin24h
    noOverride
  }

  "Which cases the figures count: start days from and to (YYYY-MM-DD, both included), at most 10 providers, a location."
  input AnalyticsFilter {
    from: String
    to: String
    providerIds: [String!]
    locationId: String
  }

  "Which cases a chart's bar or figure stands for (sedationLevel '' for cases without one; met with figure)."
  input AnalyticsDrill {
    month: String
    sedationLevel: String
    providerId: String
    drug: String
    dischargeScore: Int
    figure: QualityFigure
    met: Boolean
  }

  type AnalyticsMonthRow {
    month: String!
    sedationLevel: String
    providerId: String
    providerName: String
    cases: Int!
    anesthesiaMinutes: Int!
    anesthesiaUnits: Float!
  }

  type AnalyticsDrugRow {
    name: String!
    unit: String!
    cases: Int!
    total: Float!
  }

  type AnalyticsDischargeRow {
    type: String!
    score: Int!
    cases: Int!
  }

  "Finalized cases, and how many met each quality figure."
  type AnalyticsQuality {
    finalized: Int!
    preOpComplete: Int!
    vitalsAtEveryCheckpoint: Int!
    dischargeBeforeSignoff: Int!
    signedWithin24h: Int!
    noOverride: Int!
  }

  type AnalyticsOption {
    id: String!
    name: String
  }

  type AnalyticsSummary {
    cases: Int!
    months: [AnalyticsMonthRow!]!
    drugs: [AnalyticsDrugRow!]!
    discharge: [AnalyticsDischargeRow!]!
    quality: AnalyticsQuality!
    providers: [AnalyticsOption!]!
    locations: [AnalyticsOption!]!
  }

  type AnalyticsCase {
    caseId: String!
    status: String!
    startAt: String
    providerName: String
    locationName: String
    sedationLevel: String
    anesthesiaMinutes: Int
    dischargeScore: Int
    cursor: String!
  }

  "One office of a parent in the parent's comparison; no figures when its plan has no analytics."
  type ParentOfficeAnalytics {
    orgId: String!
    name: String!
    planRequired: Boolean!
    cases: Int!
    anesthesiaMinutes: Int!
    anesthesiaUnits: Float!
    quality: AnalyticsQuality!
  }

  "The parent's offices side by side (one row per office the parent oversees)."
  type ParentAnalytics {
    offices: [ParentOfficeAnalytics!]!
  }

  extend type Mutation {
    "The analytics beacon (spec 000 §7): records one of the spec's events; no properties, no PHI."
    trackAnalyticsEvent(name: String!, orgId: String): Boolean!
    "A log beacon (spec 000 §7; levels of spec 002 §9, info 30 to fatal 60): no message or stack text (CL1). False when over the rate limit."
    logBeacon(
      level: Int!
      kind: String!
      errorName: String
      code: String
      where: String
      route: String
      appVersion: String
      orgId: String
    ): Boolean!
  }

  extend type Query {
    "The office's analytics over the cases the filter selects."
    analytics(orgId: String, filter: AnalyticsFilter): AnalyticsSummary!
    "The cases behind a figure, newest first; after is the last case's cursor."
    analyticsCases(orgId: String, filter: AnalyticsFilter, drill: AnalyticsDrill, ${PAGE_ARGS}): [AnalyticsCase!]!
    "A parent's offices compared over a date range (the filter's from and to only); the parent's admins."
    parentAnalytics(parentOrgId: String, filter: AnalyticsFilter): ParentAnalytics!
  }
`;

export const analyticsResolvers = {
  Mutation: answeringAppErrors<ResolverArgs>({
    trackAnalyticsEvent: async (_, args, ctx): Promise<boolean> =>
      ctx.services.analyticsEvents.track(await ctx.caller(), graphqlArgs(args)),
    logBeacon: async (_, args, ctx): Promise<boolean> =>
      ctx.services.clientLogs.record(await ctx.caller(), graphqlArgs(args)),
  }),
  Query: answeringAppErrors<ResolverArgs>({
    analytics: async (_, args, ctx): Promise<AnalyticsSummaryView> =>
      ctx.services.analytics.summary(await ctx.caller(), graphqlArgs(args)),
    analyticsCases: async (_, args, ctx): Promise<AnalyticsCaseView[]> =>
      ctx.services.analytics.cases(await ctx.caller(), graphqlArgs(args), pageRequest(args)),
    parentAnalytics: async (_, args, ctx): Promise<ParentAnalyticsView> =>
      ctx.services.analytics.parentComparison(await ctx.caller(), graphqlArgs(args)),
  }),
};
