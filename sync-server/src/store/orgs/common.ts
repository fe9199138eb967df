import type { OrgRole } from '@vigil/shared';

/*
 * What every aggregate of the organisations' repository shares: the audit event each write
 * carries, where it was asked for, and the role grant that organisations (their creator) and
 * invitations (the invitee) make through the memberships.
 */

/** Organisation audit actions, written to the append-only audit trail (hash-chained by the sealer). */
export type OrgAuditAction =
  | 'orgCreated'
  | 'orgUpdated'
  | 'orgMemberAdded'
  | 'orgMemberRemoved'
  | 'orgRolesChanged'
  | 'orgInvitationCreated'
  | 'orgInvitationAccepted'
  | 'orgFeatureAdded'
  | 'orgFeatureRemoved'
  | 'orgBaaSigned'
  // Issue 36 item 2: what changes what a clinician may sign or chart.
  | 'policySet'
  | 'policyDeleted'
  | 'orgFormCreated'
  | 'orgFormUpdated'
  | 'orgFormDeleted'
  | 'inventoryCreated'
  // Issue 39: the office's checklists a new case starts with.
  | 'orgChecklistSet'
  // Issue 40: the pre-op list's review period (PRE3).
  | 'preopSettingsSet'
  // Issue 39: the office's drug list (customize-drugs).
  | 'officeDrugsSet'
  // Issue 38: the Vigil Bridge (a pairing code made, a bridge revoked).
  | 'bridgePairingCodeCreated'
  | 'bridgeRevoked'
  // Issue 39: presets (macros), the office's and its users'.
  | 'presetCreated'
  | 'presetUpdated'
  | 'presetDeleted'
  | 'presetMoved'
  // Issue 37: the subscription changed (by an administrator, or by the payment provider's event).
  | 'orgSubscriptionChanged'
  // Issue 37: the internal team's plan catalogue (billing/plans.ts; detail names the plan price).
  | 'planCreated'
  | 'planChanged'
  | 'planPriceChanged'
  | 'planArchived'
  // Issue 42: apps, their installations and webhooks.
  | 'appCreated'
  | 'appSecretRotated'
  | 'appInstalled'
  | 'appUninstalled'
  | 'webhookCreated'
  | 'webhookDeleted'
  | 'webhookRedelivered'
  // Issue 42: the office's EMR connection (SMART launch, write-back).
  | 'emrConnectionSet'
  | 'emrConnectionRemoved';

/** Where and when a change was asked for: every audit event of the operation carries it. */
export interface AuditOrigin {
  at: number;
  ip: string | null;
  userAgent: string | null;
}

/** One organisation audit event (who, what; outcome success). */
export interface OrgAuditEvent {
  action: OrgAuditAction;
  userId: string | null;
  email?: string | null;
  detail: Record<string, unknown>;
}

/**
 * Roles added to a user's membership, creating it (id `newMemberId`) when missing. Audited as
 * orgMemberAdded or orgRolesChanged by `by`, via `via`; nothing is written when no role is new.
 */
export interface RoleGrant {
  orgId: string;
  userId: string;
  roles: readonly OrgRole[];
  by: string | null;
  via: string;
  newMemberId: string;
}

export interface GrantResult {
  memberId: string;
  roles: OrgRole[];
  change: 'added' | 'changed' | 'unchanged';
}
