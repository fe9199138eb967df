import {
  emailSchema,
  HOUR,
  invitationKind,
  isInvitedAddress,
  maskEmail,
  newId,
  normalizeEmail,
  ORG_INVITATION_TTL_MS,
  rolesFromInvitation,
  type OrgInvitationSentView,
  type OrgInvitationView,
  type OrgPendingInvitationView,
} from '@vigil/shared';
import { z } from 'zod';
import { newLinkCode, sha256 } from '../auth/tokens.js';
import type { PageRequest } from '../pages.js';
import type { InvitationRecord, OrgRecord } from '../store/orgs/types.js';
import { fullySignedIn, type Caller } from '../access/caller.js';
import { orgFor } from './authorize.js';
import { auditOrigin, byCaller, parse, refuse } from './common.js';
import type { OrgDeps } from './deps.js';
import { checkAssignable, roleList } from './members.js';
import { syncPractitioner } from './practitioners.js';

/** Invitations one person may send in an hour (decision: bounds mail abuse; the spec gives no limit). */
export const ORG_INVITATIONS_PER_HOUR = 50;

const invitationSchema = z.object({ email: emailSchema, roles: roleList.nullish() });

/** The invitation code of a call; a missing or malformed one is INVALID (spec 000 §8). */
function invitationCode(value: unknown): string {
  if (typeof value !== 'string' || value === '' || value.length > 200) refuse('INVALID');
  return value;
}

function invitationType(invitation: InvitationRecord, org: OrgRecord): string {
  return invitation.kind === 'parentInvitation' ? 'parentInvitation' : org.type;
}

/** Invitations (spec 000 §2 invitation page, §7, §8): single use, expiring, sent by mail. */
export class InvitationService {
  constructor(private readonly deps: OrgDeps) {}

  /** spec 000 §8: a used invitation is USED; an unknown or expired one is INVALID. */
  private async usable(code: string): Promise<{ invitation: InvitationRecord; org: OrgRecord }> {
    const invitation = await this.deps.store.invitationByCodeHash(sha256(code));
    if (!invitation) refuse('INVALID');
    if (invitation.usedAt !== null) refuse('USED');
    if (invitation.expiresAt <= this.deps.now()) refuse('INVALID');
    const org = await this.deps.store.org(invitation.orgId);
    if (!org) refuse('INVALID');
    return { invitation, org };
  }

  /** The invitation page (authentication optional). */
  async read(caller: Caller, invitationId: unknown): Promise<OrgInvitationView> {
    const { invitation, org } = await this.usable(invitationCode(invitationId));
    return {
      orgId: org.id,
      orgName: org.name,
      type: invitationType(invitation, org),
      // The page suggests signing in as the invited address when another one is signed in (decision).
      emailHint: maskEmail(invitation.email),
      sentToSignedInUser: caller.user ? isInvitedAddress(invitation.email, caller.user.email) : null,
    };
  }

  /**
   * pendingOrgInvitations (issue 35 item 15): a page of the organisation's invitations sent and
   * neither accepted nor expired, newest first, for whoever may administer it (as orgMembers and
   * createOrgInvitation). Never the link's code: only its hash is kept.
   */
  async pending(caller: Caller, rawOrgId: unknown, page: PageRequest): Promise<OrgPendingInvitationView[]> {
    const { org } = await orgFor(this.deps, caller, rawOrgId, 'admin');
    const rows = await this.deps.store.pendingInvitations(org.id, this.deps.now(), page);
    if (rows === 'UNKNOWN_CURSOR') refuse('INVALID_CURSOR');
    return rows.map((i) => ({
      id: i.id,
      email: i.email,
      roles: i.roles,
      type: i.kind === 'parentInvitation' ? 'parentInvitation' : org.type,
      invitedByName: i.invitedByName,
      sentAt: i.createdAt,
      expiresAt: i.expiresAt,
    }));
  }

  /** createOrgInvitation: audited, limited to ORG_INVITATIONS_PER_HOUR a sender, mailed with a single-use link. */
  async create(caller: Caller, rawOrgId: unknown, email: unknown, roles: unknown): Promise<OrgInvitationSentView> {
    const { caller: who, org } = await orgFor(this.deps, caller, rawOrgId, 'admin');
    const input = parse(invitationSchema, { email, roles });
    const now = this.deps.now();
    const kind = invitationKind(org.type);
    const granted = rolesFromInvitation(kind, input.roles ?? ['member']);
    checkAssignable(who.subject, org.type, granted);
    const address = normalizeEmail(input.email);
    if ((await this.deps.store.members(org.id)).some((m) => m.email === address)) refuse('ALREADY_MEMBER');
    // Invitations send mail: at most 50 an hour from one person (decision), counted from the audit trail.
    if ((await this.deps.store.invitationsSentSince(who.user.id, now - HOUR)) >= ORG_INVITATIONS_PER_HOUR) {
      refuse('TOO_MANY_REQUESTS');
    }
    const code = newLinkCode();
    const id = newId('inv');
    const expiresAt = now + ORG_INVITATION_TTL_MS;
    await this.deps.store.createInvitation(
      {
        id,
        codeHash: sha256(code),
        orgId: org.id,
        email: address,
        kind,
        roles: granted,
        invitedBy: who.user.id,
        createdAt: now,
        expiresAt,
      },
      auditOrigin(caller, now),
      byCaller(who, 'orgInvitationCreated', {
        orgId: org.id,
        invitationId: id,
        invitedEmail: address,
        roles: granted,
        kind,
      }),
    );
    const link = `${caller.origin}/invitation?invitationId=${encodeURIComponent(code)}`;
    const what =
      kind === 'parentInvitation'
        ? `The "${org.name}" admin organization oversees anesthesia operations; you would join it as an admin.`
        : `The "${org.name}" organization uses Vigil to chart anesthesia automatically.`;
    await this.deps.sender.send({
      channel: 'email',
      to: address,
      subject: `You've been invited to join the "${org.name}" organization`,
      body: `${who.user.name} invited you to join the "${org.name}" organization on Vigil.\n\n${what}\n\nAccept the invitation: ${link}\n\nThe link works once and expires in 7 days.`,
    });
    return {
      id,
      orgId: org.id,
      email: address,
      roles: granted,
      type: kind === 'parentInvitation' ? kind : org.type,
      expiresAt,
    };
  }

  /** acceptOrgInvitation: joins the organisation with the invitation's roles; the answer's type as the page reads it. */
  async accept(caller: Caller, invitationId: unknown): Promise<{ orgId: string; type: string }> {
    const who = fullySignedIn(caller);
    const now = this.deps.now();
    const { invitation, org } = await this.usable(invitationCode(invitationId));
    // spec 000 §8 "You're already part of the "{org}" organization.": the invitation stays unused.
    if (who.subject.orgs.some((m) => m.id === org.id)) refuse('ALREADY_MEMBER');
    const userId = who.user.id;
    const result = await this.deps.store.acceptInvitation(
      invitation.id,
      {
        orgId: org.id,
        userId,
        roles: rolesFromInvitation(invitation.kind, invitation.roles),
        by: userId,
        via: 'invitation',
        newMemberId: newId('prc'),
      },
      auditOrigin(caller, now),
      byCaller(who, 'orgInvitationAccepted', {
        orgId: org.id,
        invitationId: invitation.id,
        invitedEmail: invitation.email,
      }),
    );
    if (result === 'USED') refuse('USED');
    if (result.change !== 'unchanged') {
      await syncPractitioner(this.deps, now, {
        id: result.memberId,
        orgId: org.id,
        userId,
        roles: result.roles,
        active: true,
      });
      await this.deps.providersChanged?.(org.id);
    }
    return { orgId: org.id, type: invitationType(invitation, org) };
  }
}
