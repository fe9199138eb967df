import type { AnalyticsCaseView, AnalyticsDrillInput, AnalyticsFilterInput, AnalyticsSummaryView } from '@vigil/shared';
import { graphql } from '../../data/graphql.js';

/*
 * The analytics page's GraphQL calls (issue 41): the figures and, a page at a time, the cases behind
 * one. The views are shared/src/views/analytics.ts's, checked against the SDL (issue 36 item 5).
 */

export type { AnalyticsCaseView, AnalyticsDrillInput, AnalyticsFilterInput, AnalyticsSummaryView };

/** Cases a drill-down page shows. */
export const DRILL_PAGE = 20;

const SUMMARY = `query ($orgId: String, $filter: AnalyticsFilter) {
  analytics(orgId: $orgId, filter: $filter) {
    cases
    months { month sedationLevel providerId providerName cases anesthesiaMinutes anesthesiaUnits }
    drugs { name unit cases total }
    discharge { type score cases }
    quality { finalized preOpComplete vitalsAtEveryCheckpoint dischargeBeforeSignoff signedWithin24h noOverride }
    providers { id name }
    locations { id name }
  }
}`;

const CASES = `query ($orgId: String, $filter: AnalyticsFilter, $drill: AnalyticsDrill, $first: Int, $after: String) {
  analyticsCases(orgId: $orgId, filter: $filter, drill: $drill, first: $first, after: $after) {
    caseId status startAt providerName locationName sedationLevel anesthesiaMinutes dischargeScore cursor
  }
}`;

export async function fetchAnalytics(orgId: string, filter: AnalyticsFilterInput): Promise<AnalyticsSummaryView> {
  return (await graphql<{ analytics: AnalyticsSummaryView }>(SUMMARY, { orgId, filter })).analytics;
}

export async function fetchAnalyticsCases(
  orgId: string,
  filter: AnalyticsFilterInput,
  drill: AnalyticsDrillInput,
  after: string | null,
): Promise<AnalyticsCaseView[]> {
  const answer = await graphql<{ analyticsCases: AnalyticsCaseView[] }>(CASES, {
    ...{ orgId, filter, drill, first: DRILL_PAGE, after },
  });
  return answer.analyticsCases;
}
