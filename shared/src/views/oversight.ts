import { z } from 'zod';
import { mfaOptionViewSchema } from './accounts.js';
import { teamUserMembershipViewSchema } from './orgs.js';

/*
 * The team app's oversight screens (issue 41; spec 000 §2 `/vigil-team/cases`, `cases/{caseId}`,
 * `case-stats`, `db-console`) as GraphQL answers them (issue 36 item 5); views-sdl.test.ts holds
 * them against sync-server/src/graphql/oversight.ts.
 */

/** One case of the team's list: no patient data (the analytics read model's row). */
export const teamCaseViewSchema = z.object({
  orgId: z.string(),
  caseId: z.string(),
  status: z.string(),
  startAt: z.string().nullable(),
  providerName: z.string().nullable(),
  locationName: z.string().nullable(),
  sedationLevel: z.string().nullable(),
  anesthesiaMinutes: z.number().nullable(),
  cursor: z.string(),
});
export type TeamCaseView = z.infer<typeof teamCaseViewSchema>;

/** A case opened read-only by the team (after sudo; the read is audited). */
export const teamCaseRecordViewSchema = teamCaseViewSchema.extend({
  recordStatus: z.string(),
  title: z.string(),
  anesthesiaUnits: z.number().nullable(),
  dischargeScore: z.number().nullable(),
  flagsRaised: z.array(z.string()),
  flagsOverridden: z.array(z.string()),
  drugs: z.array(z.string()),
  /** The record's case content as indented JSON ('' without any). */
  caseData: z.string(),
});
export type TeamCaseRecordView = z.infer<typeof teamCaseRecordViewSchema>;

export const teamCaseDayViewSchema = z.object({ day: z.string(), cases: z.number(), orgs: z.number() });

export const teamCaseStatsViewSchema = z.object({
  days: z.array(teamCaseDayViewSchema),
  cases: z.number(),
  activeOrgs: z.number(),
});
export type TeamCaseStatsView = z.infer<typeof teamCaseStatsViewSchema>;

export const teamDbRowViewSchema = z.object({ cells: z.array(z.string().nullable()) });

/** A console query's answer, or why it was refused (`refused`, nothing run). */
export const teamDbResultViewSchema = z.object({
  columns: z.array(z.string()),
  rows: z.array(teamDbRowViewSchema),
  truncated: z.boolean(),
  refused: z.string().nullable(),
});
export type TeamDbResultView = z.infer<typeof teamDbResultViewSchema>;

/** A live session of a user as the team sees it (no token). */
export const teamSessionViewSchema = z.object({
  id: z.string(),
  createdAt: z.number(),
  renewedAt: z.number(),
  expiresAt: z.number(),
  multiFactor: z.boolean(),
  sudo: z.boolean(),
  singleOrg: z.string().nullable(),
});
export type TeamSessionView = z.infer<typeof teamSessionViewSchema>;

/** `/vigil-team/users/{userId}`: the user, their organisations, MFA channels and live sessions. */
export const teamUserDetailViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  createdAt: z.number(),
  memberships: z.array(teamUserMembershipViewSchema),
  mfaOptions: z.array(mfaOptionViewSchema),
  sessions: z.array(teamSessionViewSchema),
});
export type TeamUserDetailView = z.infer<typeof teamUserDetailViewSchema>;

/** `/vigil-team/onboarding`: an office still onboarding or in its trial, and what it has done. */
export const teamOnboardingOrgViewSchema = z.object({
  orgId: z.string(),
  name: z.string(),
  createdAt: z.number(),
  trialEnd: z.number().nullable(),
  subscriptionStatus: z.string(),
  isOnboarding: z.boolean(),
  planChosen: z.boolean(),
  baaSigned: z.boolean(),
  members: z.number(),
  cases: z.number(),
  signedCases: z.number(),
  cursor: z.string(),
});
export type TeamOnboardingOrgView = z.infer<typeof teamOnboardingOrgViewSchema>;

/** A monitor a bridge reads, as the equipment planner shows it. */
export const teamBridgeMonitorViewSchema = z.object({
  label: z.string(),
  protocol: z.string(),
  lastReadingAt: z.number().nullable(),
});

/** A paired Vigil Bridge of an organisation (no credential). */
export const teamBridgeViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  location: z.string(),
  pairedAt: z.number(),
  lastSeenAt: z.number().nullable(),
  monitors: z.array(teamBridgeMonitorViewSchema),
});

/** A monitor or scanner kind an organisation has from the team's store (EQ1). */
export const teamOrderedDeviceViewSchema = z.object({
  category: z.string(),
  name: z.string(),
  quantity: z.number(),
});

/** One organisation's equipment: its bridges with their monitors, and what it ordered from the store. */
export const teamEquipmentOrgViewSchema = z.object({
  orgId: z.string(),
  name: z.string(),
  bridges: z.array(teamBridgeViewSchema),
  ordered: z.array(teamOrderedDeviceViewSchema),
});
export type TeamEquipmentOrgView = z.infer<typeof teamEquipmentOrgViewSchema>;

/** `/vigil-team/customer-support`: a user or an organisation found by the search. */
export const teamSupportHitViewSchema = z.object({
  /** 'user' or 'organisation'. */
  kind: z.string(),
  id: z.string(),
  name: z.string(),
  /** The user's email; the organisation's type. */
  detail: z.string(),
});
export type TeamSupportHitView = z.infer<typeof teamSupportHitViewSchema>;

/** A signed-in device of a user: a live session (no token), with its browser and last request. */
export const teamSupportDeviceViewSchema = z.object({
  sessionId: z.string(),
  userAgent: z.string().nullable(),
  signedInAt: z.number(),
  lastSeenAt: z.number(),
});
export type TeamSupportDeviceView = z.infer<typeof teamSupportDeviceViewSchema>;

/** A case document not signed yet, with the last update the server stored for it. */
export const teamSyncDocumentViewSchema = z.object({ docId: z.string(), lastSavedAt: z.string() });

/** What the server knows of an organisation's sync: its documents, the unsigned ones, the last save. */
export const teamSyncHealthViewSchema = z.object({
  orgId: z.string(),
  orgName: z.string(),
  documents: z.number(),
  unsigned: z.number(),
  lastSavedAt: z.string().nullable(),
  /** The unsigned documents saved last (at most 10), newest first. */
  recentUnsigned: z.array(teamSyncDocumentViewSchema),
});
export type TeamSyncHealthView = z.infer<typeof teamSyncHealthViewSchema>;

/** A user as customer support sees them: organisations, devices and the sync of each organisation. */
export const teamSupportUserViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  createdAt: z.number(),
  memberships: z.array(teamUserMembershipViewSchema),
  devices: z.array(teamSupportDeviceViewSchema),
  sync: z.array(teamSyncHealthViewSchema),
});
export type TeamSupportUserView = z.infer<typeof teamSupportUserViewSchema>;

/** A member of an organisation as customer support lists them. */
export const teamSupportMemberViewSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
});

/** An organisation as customer support sees it: members, parents and the sync of its documents. */
export const teamSupportOrgViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  createdAt: z.number(),
  parents: z.array(z.string()),
  members: z.array(teamSupportMemberViewSchema),
  sync: teamSyncHealthViewSchema,
});
export type TeamSupportOrgView = z.infer<typeof teamSupportOrgViewSchema>;

/** A browser's error as its log beacon kept it (CL1: no message or stack text). */
export const teamClientLogViewSchema = z.object({
  at: z.number(),
  level: z.number(),
  kind: z.string(),
  errorName: z.string().nullable(),
  code: z.string().nullable(),
  where: z.string().nullable(),
  route: z.string().nullable(),
  appVersion: z.string().nullable(),
  userId: z.string(),
  orgId: z.string().nullable(),
  cursor: z.string(),
});
export type TeamClientLogView = z.infer<typeof teamClientLogViewSchema>;
