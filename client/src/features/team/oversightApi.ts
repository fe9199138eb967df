import type {
  ParentAppointmentView,
  TeamEquipmentOrgView,
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
  TeamEquipmentOrgView,
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

/** Rows a page of the team's calendar asks for, and the most pages one range reads (as the parent's). */
const CALENDAR_PAGE = 200;
const CALENDAR_PAGES = 10;

/** teamAppointments over [from, to), one organisation's when `orgId` is set, in calendar order. */
export async function fetchTeamAppointments(
  from: Date,
  to: Date,
  orgId: string | null,
): Promise<ParentAppointmentView[]> {
  const out: ParentAppointmentView[] = [];
  let after: string | null = null;
  for (let page = 0; page < CALENDAR_PAGES; page += 1) {
    const data: { teamAppointments: ParentAppointmentView[] } = await graphql(
      `
        query TeamAppointments($from: Float!, $to: Float!, $o: String, $first: Int, $after: String) {
          teamAppointments(from: $from, to: $to, orgId: $o, first: $first, after: $after) {
            id
            orgId
            orgName
            start
            end
            status
            finalized
            description
            patient
            provider
            place
          }
        }
      `,
      { from: from.getTime(), to: to.getTime(), o: orgId, first: CALENDAR_PAGE, after },
    );
    const rows = data.teamAppointments;
    out.push(...rows);
    const last = rows.at(-1);
    if (rows.length < CALENDAR_PAGE || !last) break;
    after = `${last.start}|${last.orgId}|${last.id}`;
  }
  return out;
}

/** Organisations a page of the equipment planner holds (its lists nest three deep, so pages are small). */
const EQUIPMENT_PAGE = 10;

/** Every organisation with equipment, read a page at a time (at most 100 pages). */
export async function fetchTeamEquipment(): Promise<TeamEquipmentOrgView[]> {
  const q = `query ($first: Int, $after: String) { teamEquipment(first: $first, after: $after) { orgId name
    ordered { category name quantity }
    bridges { id name location pairedAt lastSeenAt monitors { label protocol lastReadingAt } } } }`;
  const out: TeamEquipmentOrgView[] = [];
  for (let n = 0; n < 100; n++) {
    const after = out.at(-1)?.orgId ?? null;
    const page = (await graphql<{ teamEquipment: TeamEquipmentOrgView[] }>(q, { first: EQUIPMENT_PAGE, after }))
      .teamEquipment;
    out.push(...page);
    if (page.length < EQUIPMENT_PAGE) break;
  }
  return out;
}

/** What the FHIR browser asks: an organisation's resources of a type, a search text and a page. */
export interface FhirSearchArgs {
  orgId: string;
  resourceType: string;
  query: string;
  offset: number;
}

/** teamFhirSearch (after sudo): one page of the search as a searchset Bundle. */
export async function teamFhirSearch(a: FhirSearchArgs): Promise<FhirBundle> {
  const q = `query ($orgId: String!, $t: String!, $query: String, $offset: Int) {
    teamFhirSearch(orgId: $orgId, resourceType: $t, query: $query, offset: $offset) }`;
  const data = await graphql<{ teamFhirSearch: string }>(q, { ...a, t: a.resourceType });
  return JSON.parse(data.teamFhirSearch) as FhirBundle;
}

/** A resource of the browser and its history (after sudo). */
export interface FhirResourceAnswer {
  resource: string;
  history: FhirBundle;
}

export async function teamFhirResource(a: {
  orgId: string;
  resourceType: string;
  id: string;
}): Promise<FhirResourceAnswer> {
  const q = `query ($orgId: String!, $t: String!, $id: String!) {
    teamFhirRead(orgId: $orgId, resourceType: $t, id: $id) teamFhirHistory(orgId: $orgId, resourceType: $t, id: $id) }`;
  const data = await graphql<{ teamFhirRead: string; teamFhirHistory: string }>(q, { ...a, t: a.resourceType });
  return {
    resource: JSON.stringify(JSON.parse(data.teamFhirRead), null, 2),
    history: JSON.parse(data.teamFhirHistory) as FhirBundle,
  };
}

/** The part of a FHIR Bundle the browser shows. */
export interface FhirBundle {
  total?: number;
  entry?: {
    resource?: { resourceType: string; id?: string; meta?: { versionId?: string; lastUpdated?: string } };
    response?: { status: string; lastModified?: string };
  }[];
}
