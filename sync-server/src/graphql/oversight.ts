import type {
  LiveCaseView,
  ParentAppointmentView,
  TeamEquipmentOrgView,
  TeamCaseRecordView,
  TeamCaseStatsView,
  TeamCaseView,
  TeamDbResultView,
  TeamOnboardingOrgView,
  TeamUserDetailView,
  TeamClientLogView,
  TeamSupportHitView,
  TeamSupportOrgView,
  TeamSupportUserView,
} from '@vigil/shared';
import { answeringAppErrors } from '../errors.js';
import { graphqlArgs } from './arguments.js';
import type { ResolverArgs } from './context.js';
import { PAGE_ARGS, pageRequest } from './pagination.js';

/**
 * The team app's oversight screens (issue 41; spec 000 §2): thin resolvers over OversightService.
 * Internal staff only; opening a case and the database console after a fresh sudo confirmation.
 */
export const oversightTypeDefs = /* GraphQL */ `
  "One case of the team's list (no patient data)."
  type TeamCase {
    orgId: String!
    caseId: String!
    status: String!
    startAt: String
    providerName: String
    locationName: String
    sedationLevel: String
    anesthesiaMinutes: Float
    cursor: String!
  }

  "A case opened read-only by the team; its record's read is audited."
  type TeamCaseRecord {
    orgId: String!
    caseId: String!
    status: String!
    startAt: String
    providerName: String
    locationName: String
    sedationLevel: String
    anesthesiaMinutes: Float
    cursor: String!
    recordStatus: String!
    title: String!
    anesthesiaUnits: Float
    dischargeScore: Float
    flagsRaised: [String!]!
    flagsOverridden: [String!]!
    drugs: [String!]!
    caseData: String!
  }

  type TeamCaseDay {
    day: String!
    cases: Int!
    orgs: Int!
  }

  type TeamCaseStats {
    days: [TeamCaseDay!]!
    cases: Int!
    activeOrgs: Int!
  }

  type TeamDbRow {
    cells: [String]!
  }

  "A console query's columns and rows (at most 200), or why it was refused."
  type TeamDbResult {
    columns: [String!]!
    rows: [TeamDbRow!]!
    truncated: Boolean!
    refused: String
  }

  "A live session of a user (no token)."
  type TeamSession {
    id: String!
    createdAt: Float!
    renewedAt: Float!
    expiresAt: Float!
    multiFactor: Boolean!
    sudo: Boolean!
    singleOrg: String
  }

  "A user as the team's user screen shows them."
  type TeamUserDetail {
    id: String!
    name: String!
    email: String!
    emailVerified: Boolean!
    createdAt: Float!
    memberships: [TeamUserMembership!]!
    mfaOptions: [MfaOption!]!
    sessions: [TeamSession!]!
  }

  "An office still onboarding or in its trial, and what it has done."
  type TeamOnboardingOrg {
    orgId: String!
    name: String!
    createdAt: Float!
    trialEnd: Float
    subscriptionStatus: String!
    isOnboarding: Boolean!
    planChosen: Boolean!
    baaSigned: Boolean!
    members: Int!
    cases: Int!
    signedCases: Int!
    cursor: String!
  }

  "A monitor a bridge reads (times in epoch ms)."
  type TeamBridgeMonitor {
    label: String!
    protocol: String!
    lastReadingAt: Float
  }

  "A paired Vigil Bridge (no credential; times in epoch ms)."
  type TeamBridge {
    id: String!
    name: String!
    location: String!
    pairedAt: Float!
    lastSeenAt: Float
    monitors: [TeamBridgeMonitor!]!
  }

  "A monitor or scanner kind an organisation has from the team's store."
  type TeamOrderedDevice {
    category: String!
    name: String!
    quantity: Int!
  }

  "An organisation's bridges, their monitors, and the monitors and scanners it ordered."
  type TeamEquipmentOrg {
    orgId: String!
    name: String!
    bridges: [TeamBridge!]!
    ordered: [TeamOrderedDevice!]!
  }

  "A user or an organisation customer support found (detail: the user's email, the organisation's type)."
  type TeamSupportHit {
    kind: String!
    id: String!
    name: String!
    detail: String!
  }

  "A user's live session: its browser and last request (times in epoch ms; no token)."
  type TeamSupportDevice {
    sessionId: String!
    userAgent: String
    signedInAt: Float!
    lastSeenAt: Float!
  }

  "A document not signed yet and the last update the server stored (ISO time)."
  type TeamSyncDocument {
    docId: String!
    lastSavedAt: String!
  }

  "What the server holds of an organisation's documents."
  type TeamSyncHealth {
    orgId: String!
    orgName: String!
    documents: Int!
    unsigned: Int!
    lastSavedAt: String
    recentUnsigned: [TeamSyncDocument!]!
  }

  "A user as customer support sees them."
  type TeamSupportUser {
    id: String!
    name: String!
    email: String!
    createdAt: Float!
    memberships: [TeamUserMembership!]!
    devices: [TeamSupportDevice!]!
    sync: [TeamSyncHealth!]!
  }

  type TeamSupportMember {
    userId: String!
    name: String!
    email: String!
    roles: [String!]!
  }

  "An organisation as customer support sees it."
  type TeamSupportOrg {
    id: String!
    name: String!
    type: String!
    createdAt: Float!
    parents: [String!]!
    members: [TeamSupportMember!]!
    sync: TeamSyncHealth!
  }

  "A browser error its log beacon kept (no message or stack text)."
  type TeamClientLog {
    at: Float!
    level: Int!
    kind: String!
    errorName: String
    code: String
    where: String
    route: String
    appVersion: String
    userId: String!
    orgId: String
    cursor: String!
  }

  extend type Mutation {
    "Ends every live session of a user (after sudo; audited); how many ended."
    endTeamUserSessions(userId: String!): Int!
  }

  extend type Query {
    "Offices still onboarding or in their trial, newest first."
    teamOnboarding(${PAGE_ARGS}): [TeamOnboardingOrg!]!
    "A user's organisations, MFA channels and live sessions."
    teamUser(userId: String!): TeamUserDetail!
    "Every organisation's cases (or one's), newest first."
    teamCases(orgId: String, ${PAGE_ARGS}): [TeamCase!]!
    "One case, read-only (after sudo; audited)."
    teamCase(caseId: String!): TeamCaseRecord!
    "Cases per day across organisations, and the organisations active, over at most 92 days."
    teamCaseStats(from: String!, to: String!): TeamCaseStats!
    "One read-only statement on a read-only connection (after sudo; audited)."
    teamDbQuery(sql: String!): TeamDbResult!
    "Every office's cases in progress with their latest vitals, by office then case (audited)."
    teamLiveCases(first: Int, after: String): [LiveCase!]!
    "Every office's appointments (or one's) starting in [from, to) (at most 62 days), by start (audited)."
    teamAppointments(from: Float!, to: Float!, orgId: String, first: Int, after: String): [ParentAppointment!]!
    "One page of an organisation's resources of a type, as a FHIR searchset Bundle's JSON (after sudo; audited)."
    teamFhirSearch(orgId: String!, resourceType: String!, query: String, offset: Int): String!
    "One resource's current version as JSON (after sudo; audited)."
    teamFhirRead(orgId: String!, resourceType: String!, id: String!): String!
    "One resource's versions, newest first, as a FHIR history Bundle's JSON (after sudo; audited)."
    teamFhirHistory(orgId: String!, resourceType: String!, id: String!): String!
    "The bridges, monitors and scanners each organisation uses (organisations with none left out)."
    teamEquipment(${PAGE_ARGS}): [TeamEquipmentOrg!]!
    "Users and organisations whose id, email or name holds the text (audited)."
    teamSupportSearch(text: String!): [TeamSupportHit!]!
    "A user's organisations, devices and their organisations' sync (audited)."
    teamSupportUser(userId: String!): TeamSupportUser!
    "An organisation's parents, members and sync (audited)."
    teamSupportOrg(orgId: String!): TeamSupportOrg!
    "The errors one user's (or one organisation's) browsers sent, newest first (audited)."
    teamClientLogs(userId: String, orgId: String, ${PAGE_ARGS}): [TeamClientLog!]!
  }
`;

export const oversightResolvers = {
  Mutation: answeringAppErrors<ResolverArgs>({
    endTeamUserSessions: async (_, args, ctx): Promise<number> =>
      ctx.services.oversight.users.endSessions(await ctx.caller(), graphqlArgs(args)),
  }),
  Query: answeringAppErrors<ResolverArgs>({
    teamCases: async (_, args, ctx): Promise<TeamCaseView[]> =>
      ctx.services.oversight.cases(await ctx.caller(), graphqlArgs(args), pageRequest(args)),
    teamCase: async (_, args, ctx): Promise<TeamCaseRecordView> =>
      ctx.services.oversight.case(await ctx.caller(), graphqlArgs(args)),
    teamCaseStats: async (_, args, ctx): Promise<TeamCaseStatsView> =>
      ctx.services.oversight.caseStats(await ctx.caller(), graphqlArgs(args)),
    teamOnboarding: async (_, args, ctx): Promise<TeamOnboardingOrgView[]> =>
      ctx.services.oversight.onboarding(await ctx.caller(), pageRequest(args)),
    teamUser: async (_, args, ctx): Promise<TeamUserDetailView> =>
      ctx.services.oversight.users.user(await ctx.caller(), graphqlArgs(args)),
    teamDbQuery: async (_, args, ctx): Promise<TeamDbResultView> =>
      ctx.services.oversight.dbQuery(await ctx.caller(), graphqlArgs(args)),
    teamLiveCases: async (_, args, ctx): Promise<LiveCaseView[]> =>
      ctx.services.live.teamList(await ctx.caller(), { ...graphqlArgs(args), ...pageRequest(args) }),
    teamAppointments: async (_, args, ctx): Promise<ParentAppointmentView[]> =>
      ctx.services.parentCalendar.teamAppointments(await ctx.caller(), { ...graphqlArgs(args), ...pageRequest(args) }),
    teamFhirSearch: async (_, args, ctx): Promise<string> =>
      ctx.services.oversight.fhirBrowser.search(await ctx.caller(), graphqlArgs(args)),
    teamFhirRead: async (_, args, ctx): Promise<string> =>
      ctx.services.oversight.fhirBrowser.read(await ctx.caller(), graphqlArgs(args)),
    teamFhirHistory: async (_, args, ctx): Promise<string> =>
      ctx.services.oversight.fhirBrowser.history(await ctx.caller(), graphqlArgs(args)),
    teamEquipment: async (_, args, ctx): Promise<TeamEquipmentOrgView[]> =>
      ctx.services.oversight.equipment.list(await ctx.caller(), pageRequest(args)),
    teamSupportSearch: async (_, args, ctx): Promise<TeamSupportHitView[]> =>
      ctx.services.oversight.support.search(await ctx.caller(), graphqlArgs(args)),
    teamSupportUser: async (_, args, ctx): Promise<TeamSupportUserView> =>
      ctx.services.oversight.support.user(await ctx.caller(), graphqlArgs(args)),
    teamSupportOrg: async (_, args, ctx): Promise<TeamSupportOrgView> =>
      ctx.services.oversight.support.org(await ctx.caller(), graphqlArgs(args)),
    teamClientLogs: async (_, args, ctx): Promise<TeamClientLogView[]> =>
      ctx.services.oversight.support.clientLogs(await ctx.caller(), graphqlArgs(args), pageRequest(args)),
  }),
};
