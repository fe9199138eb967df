import type { LiveCaseView } from '@vigil/shared';
import { graphql } from '../../data/graphql.js';

/*
 * The live vitals' calls (issue 38, issue 41): the office's cases in progress and those of a
 * parent's offices, every page read (a page holds at most LIVE_PAGE rows).
 */

const FIELDS =
  'caseId orgId orgName patient provider place startedAt lastReadingAt monitorLabel simulated vitals { type value time } updatedAt';

/** Rows a page asks for: the server's largest page (graphql/pagination.ts PAGE_SIZE.max). */
export const LIVE_PAGE = 200;

async function allPages(read: (after: string | null) => Promise<LiveCaseView[]>): Promise<LiveCaseView[]> {
  const out: LiveCaseView[] = [];
  let after: string | null = null;
  for (;;) {
    const page = await read(after);
    out.push(...page);
    const last = page.at(-1);
    if (page.length < LIVE_PAGE || !last) return out;
    after = `${last.orgId}/${last.caseId}`;
  }
}

/** liveCases: the office's cases in progress. */
export function fetchLiveCases(orgId: string): Promise<LiveCaseView[]> {
  return allPages(async (after) => {
    const data = await graphql<{ liveCases: LiveCaseView[] }>(
      `query LiveCases($orgId: String, $first: Int, $after: String) { liveCases(orgId: $orgId, first: $first, after: $after) { ${FIELDS} } }`,
      { orgId, first: LIVE_PAGE, after },
    );
    return data.liveCases;
  });
}

/** parentLiveCases: the cases in progress of every office the parent oversees. */
export function fetchParentLiveCases(parentOrgId: string): Promise<LiveCaseView[]> {
  return allPages(async (after) => {
    const data = await graphql<{ parentLiveCases: LiveCaseView[] }>(
      `query ParentLiveCases($parentOrgId: String, $first: Int, $after: String) { parentLiveCases(parentOrgId: $parentOrgId, first: $first, after: $after) { ${FIELDS} } }`,
      { parentOrgId, first: LIVE_PAGE, after },
    );
    return data.parentLiveCases;
  });
}

/** teamLiveCases: every office's cases in progress (the team app, internal staff). */
export function fetchTeamLiveCases(): Promise<LiveCaseView[]> {
  return allPages(async (after) => {
    const data = await graphql<{ teamLiveCases: LiveCaseView[] }>(
      `query TeamLiveCases($first: Int, $after: String) { teamLiveCases(first: $first, after: $after) { ${FIELDS} } }`,
      { first: LIVE_PAGE, after },
    );
    return data.teamLiveCases;
  });
}
