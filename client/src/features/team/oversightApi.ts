import type {
  TeamCaseRecordView,
  TeamCaseStatsView,
  TeamCaseView,
  TeamDbResultView,
  TeamOnboardingOrgView,
  TeamUserDetailView,
} from '@vigil/shared';
import { graphql } from '../../data/graphql.js';

/*
 * The team app's oversight calls (issue 41): every organisation's cases, one case read-only
 * (after sudo), cases per day, and the read-only database console (after sudo). The views are
 * shared/src/views/oversight.ts's, checked against the SDL.
 */

export type {
  TeamCaseRecordView,
  TeamCaseStatsView,
  TeamCaseView,
  TeamDbResultView,
  TeamOnboardingOrgView,
  TeamUserDetailView,
};

/** Cases the list shows at a time. */
export const TEAM_CASES_PAGE = 50;

export async function fetchTeamCases(after: string | null): Promise<TeamCaseView[]> {
  const q = `query ($first: Int, $after: String) { teamCases(first: $first, after: $after) {
    orgId caseId status startAt providerName locationName sedationLevel anesthesiaMinutes cursor } }`;
  return (await graphql<{ teamCases: TeamCaseView[] }>(q, { first: TEAM_CASES_PAGE, after })).teamCases;
}

export async function fetchTeamCase(caseId: string): Promise<TeamCaseRecordView> {
  const q = `query ($caseId: String!) { teamCase(caseId: $caseId) {
    orgId caseId status startAt providerName locationName sedationLevel anesthesiaMinutes cursor
    recordStatus title anesthesiaUnits dischargeScore flagsRaised flagsOverridden drugs caseData } }`;
  return (await graphql<{ teamCase: TeamCaseRecordView }>(q, { caseId })).teamCase;
}

export async function fetchTeamCaseStats(from: string, to: string): Promise<TeamCaseStatsView> {
  const q = `query ($from: String!, $to: String!) { teamCaseStats(from: $from, to: $to) {
    cases activeOrgs days { day cases orgs } } }`;
  return (await graphql<{ teamCaseStats: TeamCaseStatsView }>(q, { from, to })).teamCaseStats;
}

export async function runDbQuery(sql: string): Promise<TeamDbResultView> {
  const q = `query ($sql: String!) { teamDbQuery(sql: $sql) { columns rows { cells } truncated refused } }`;
  return (await graphql<{ teamDbQuery: TeamDbResultView }>(q, { sql })).teamDbQuery;
}

export async function fetchTeamUser(userId: string): Promise<TeamUserDetailView> {
  const q = `query ($userId: String!) { teamUser(userId: $userId) {
    id name email emailVerified createdAt memberships { orgId orgName orgType roles }
    mfaOptions { channel to verified } sessions { id createdAt renewedAt expiresAt multiFactor sudo singleOrg } } }`;
  return (await graphql<{ teamUser: TeamUserDetailView }>(q, { userId })).teamUser;
}

export async function endTeamUserSessions(userId: string): Promise<number> {
  const q = 'mutation ($userId: String!) { endTeamUserSessions(userId: $userId) }';
  return (await graphql<{ endTeamUserSessions: number }>(q, { userId })).endTeamUserSessions;
}

/** Offices the onboarding screen shows at a time. */
export const ONBOARDING_PAGE = 100;

export async function fetchOnboarding(after: string | null): Promise<TeamOnboardingOrgView[]> {
  const q = `query ($first: Int, $after: String) { teamOnboarding(first: $first, after: $after) {
    orgId name createdAt trialEnd subscriptionStatus isOnboarding planChosen baaSigned members cases signedCases cursor } }`;
  return (await graphql<{ teamOnboarding: TeamOnboardingOrgView[] }>(q, { first: ONBOARDING_PAGE, after }))
    .teamOnboarding;
}
