import type { TeamClientLogView, TeamSupportHitView, TeamSupportOrgView, TeamSupportUserView } from '@vigil/shared';
import { graphql } from '../../data/graphql.js';

/*
 * The team's customer-support calls (issue 41, `/vigil-team/customer-support`): the search, a user,
 * an organisation and a page of browser errors. The views are shared/src/views/oversight.ts's.
 */

export type { TeamClientLogView, TeamSupportHitView, TeamSupportOrgView, TeamSupportUserView };

/** Browser errors a page shows at a time. */
export const CLIENT_LOGS_PAGE = 20;

const SYNC = 'sync { orgId orgName documents unsigned lastSavedAt recentUnsigned { docId lastSavedAt } }';

export async function searchSupport(text: string): Promise<TeamSupportHitView[]> {
  const q = 'query ($text: String!) { teamSupportSearch(text: $text) { kind id name detail } }';
  return (await graphql<{ teamSupportSearch: TeamSupportHitView[] }>(q, { text })).teamSupportSearch;
}

export async function fetchSupportUser(userId: string): Promise<TeamSupportUserView> {
  const q = `query ($userId: String!) { teamSupportUser(userId: $userId) { id name email createdAt
    memberships { orgId orgName orgType roles } devices { sessionId userAgent signedInAt lastSeenAt } ${SYNC} } }`;
  return (await graphql<{ teamSupportUser: TeamSupportUserView }>(q, { userId })).teamSupportUser;
}

export async function fetchSupportOrg(orgId: string): Promise<TeamSupportOrgView> {
  const q = `query ($orgId: String!) { teamSupportOrg(orgId: $orgId) { id name type createdAt parents
    members { userId name email roles } ${SYNC} } }`;
  return (await graphql<{ teamSupportOrg: TeamSupportOrgView }>(q, { orgId })).teamSupportOrg;
}

/** One page of one user's (or one organisation's) browser errors, newest first. */
export async function fetchClientLogs(
  of: { userId: string } | { orgId: string },
  after: string | null,
): Promise<TeamClientLogView[]> {
  const q = `query ($userId: String, $orgId: String, $first: Int, $after: String) {
    teamClientLogs(userId: $userId, orgId: $orgId, first: $first, after: $after) {
      at level kind errorName code where route appVersion userId orgId cursor } }`;
  return (await graphql<{ teamClientLogs: TeamClientLogView[] }>(q, { ...of, first: CLIENT_LOGS_PAGE, after }))
    .teamClientLogs;
}
