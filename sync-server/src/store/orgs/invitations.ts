import type { InvitationKind, OrgRole } from '@vigil/shared';
import type { PageRequest } from '../../pages.js';
import type { AuditOrigin, GrantResult, OrgAuditEvent, RoleGrant } from './common.js';

export interface InvitationRecord {
  id: string;
  orgId: string;
  email: string;
  kind: InvitationKind;
  roles: OrgRole[];
  expiresAt: number;
  usedAt: number | null;
}

/** An invitation not yet accepted nor expired, as the members screen lists it (issue 35 item 15). */
export interface PendingInvitationRecord {
  id: string;
  email: string;
  kind: InvitationKind;
  roles: OrgRole[];
  /** The sender's name; null once their account is gone. */
  invitedByName: string | null;
  createdAt: number;
  expiresAt: number;
}

export interface NewInvitation {
  id: string;
  codeHash: string;
  orgId: string;
  email: string;
  kind: InvitationKind;
  roles: readonly OrgRole[];
  invitedBy: string;
  createdAt: number;
  expiresAt: number;
}

/** Invitations to an organisation: sent, listed while pending, accepted once. */
export interface InvitationStore {
  invitationByCodeHash(codeHash: string): Promise<InvitationRecord | null>;
  createInvitation(invitation: NewInvitation, origin: AuditOrigin, audit: OrgAuditEvent): Promise<void>;
  /**
   * Uses an invitation up and grants its roles, in one step: 'USED' (nothing written) when it was
   * already used. The acceptance event is audited after the grant's.
   */
  acceptInvitation(
    invitationId: string,
    grant: RoleGrant,
    origin: AuditOrigin,
    audit: OrgAuditEvent,
  ): Promise<GrantResult | 'USED'>;
  /**
   * A page of an organisation's pending invitations (not used, expiring after `now`), newest
   * first (by sending time, then id), after the invitation `page.after` (its id). A cursor that is
   * not one of the organisation's invitations answers 'UNKNOWN_CURSOR'.
   */
  pendingInvitations(
    orgId: string,
    now: number,
    page: PageRequest,
  ): Promise<PendingInvitationRecord[] | 'UNKNOWN_CURSOR'>;
  /** How many invitations a user sent since a time (from the audit trail: the hourly limit). */
  invitationsSentSince(userId: string, since: number): Promise<number>;
}
