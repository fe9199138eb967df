import type {
  TeamCaseRecordView,
  TeamCaseStatsView,
  TeamCaseView,
  TeamDbResultView,
  TeamOnboardingOrgView,
  TeamUserDetailView,
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
  }),
};
