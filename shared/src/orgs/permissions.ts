import type { OrgRole, OrgType } from '../enums.js';

/**
 * The permission rules of spec 000 §6, as one pure module. The server checks every call with
 * them (from memberships it reads itself, never from what the client sends); the client's
 * guards use the same functions on its session.
 */

/** One organisation membership as the session carries it (spec 000 §3). */
export interface MembershipRef {
  id: string;
  type: OrgType;
  roles: readonly string[];
}

/** Who is asking: signed in or not, multi-factor valid or not, and their memberships. */
export interface PermissionSubject {
  signedIn: boolean;
  multiFactorValid: boolean;
  orgs: readonly MembershipRef[];
}

/** The organisation asked about. */
export interface OrgRef {
  id: string;
  parentOrgs: readonly string[];
}

/** The spec's error codes a permission check can end in (spec 000 §8; MFA_REQUIRED from the accounts server). */
export type PermissionFailure = 'NO_AUTHENTICATION' | 'MFA_REQUIRED' | 'NOT_AUTHORIZED' | 'SUDO_REQUIRED';

/** The membership a subject holds in one organisation, or null. */
export function membershipIn(subject: PermissionSubject, orgId: string): MembershipRef | null {
  if (!subject.signedIn) return null;
  return subject.orgs.find((m) => m.id === orgId) ?? null;
}

export function isOrgMember(subject: PermissionSubject, orgId: string): boolean {
  return membershipIn(subject, orgId) !== null;
}

export function hasRole(subject: PermissionSubject, orgId: string, role: OrgRole): boolean {
  return membershipIn(subject, orgId)?.roles.includes(role) ?? false;
}

/** A member of the internal organisation (type vigil), whatever the roles. */
export function isInternalMember(subject: PermissionSubject): boolean {
  return subject.signedIn && subject.orgs.some((m) => m.type === 'vigil');
}

/** The uber role in the internal organisation (spec 000 §6): administers any organisation. */
export function isInternalUber(subject: PermissionSubject): boolean {
  return subject.signedIn && subject.orgs.some((m) => m.type === 'vigil' && m.roles.includes('uber'));
}

/** A member of any parent organisation. */
export function isParentMember(subject: PermissionSubject): boolean {
  return subject.signedIn && subject.orgs.some((m) => m.type === 'parent');
}

/** Where a right to administer an organisation comes from, strongest first; null when there is none. */
export type AdminAuthority = 'orgAdmin' | 'parentMember' | 'internalUber';

/**
 * Why a subject may administer an organisation (spec 000 §6): its own admin role; membership of
 * a parent organisation among the organisation's parentOrgs; or the uber role in the internal
 * organisation. Null when none applies.
 */
export function adminAuthority(subject: PermissionSubject, org: OrgRef): AdminAuthority | null {
  if (!subject.signedIn) return null;
  if (hasRole(subject, org.id, 'admin')) return 'orgAdmin';
  if (subject.orgs.some((m) => m.type === 'parent' && m.id !== org.id && org.parentOrgs.includes(m.id))) {
    return 'parentMember';
  }
  if (isInternalUber(subject)) return 'internalUber';
  return null;
}

/** Spec 000 §6: an admin, a member of one of its parent organisations, or an internal uber. */
export function canAdminister(subject: PermissionSubject, org: OrgRef): boolean {
  return adminAuthority(subject, org) !== null;
}

/**
 * Spec 000 §6: members see their organisations; members of the internal organisation or of any
 * parent organisation may view organisations they are not members of (the client does not send
 * them home, spec 000 §4). Reading an organisation's data still needs `hasOrgPermission`.
 */
export function canView(subject: PermissionSubject, org: OrgRef): boolean {
  if (!subject.signedIn) return false;
  return (
    isOrgMember(subject, org.id) || canAdminister(subject, org) || isInternalMember(subject) || isParentMember(subject)
  );
}

/**
 * Spec 000 §6 organisation permission: signed in, the organisation in the session's orgs (or
 * the right to administer it), and valid multi-factor.
 */
export function hasOrgPermission(subject: PermissionSubject, org: OrgRef): boolean {
  return orgAccess(subject, org, 'member') === null;
}

/**
 * The check every organisation call makes: null when allowed, else the code to answer with.
 * `member` needs the organisation permission; `admin` needs it through the right to administer.
 */
export function orgAccess(
  subject: PermissionSubject,
  org: OrgRef,
  need: 'member' | 'admin',
): Exclude<PermissionFailure, 'SUDO_REQUIRED'> | null {
  if (!subject.signedIn) return 'NO_AUTHENTICATION';
  if (!subject.multiFactorValid) return 'MFA_REQUIRED';
  const allowed =
    need === 'admin' ? canAdminister(subject, org) : isOrgMember(subject, org.id) || canAdminister(subject, org);
  return allowed ? null : 'NOT_AUTHORIZED';
}

/** Invitation kinds (spec 000 §3 Org invitation type): a parent invitation, or a regular one. */
export type InvitationKind = 'parentInvitation' | 'regular';

/** An invitation to a parent organisation is a parent invitation; any other is regular. */
export function invitationKind(orgType: OrgType): InvitationKind {
  return orgType === 'parent' ? 'parentInvitation' : 'regular';
}

/** Roles only the internal team grants, and only in the internal organisation. */
export const INTERNAL_ROLES: readonly OrgRole[] = ['uber', 'super', 'dev'];

/**
 * Roles an invitation or a role change may give in an organisation of this type (decision):
 * uber, super and dev exist only in the internal organisation, and only an internal uber grants them.
 */
export function assignableRoles(subject: PermissionSubject, orgType: OrgType): readonly OrgRole[] {
  const common: readonly OrgRole[] = ['admin', 'member', 'provider', 'stats'];
  return orgType === 'vigil' && isInternalUber(subject) ? [...common, ...INTERNAL_ROLES] : common;
}

/**
 * The roles an accepted invitation gives (spec 000 §6): a parent invitation makes the invitee an
 * admin of the parent organisation; otherwise the invited roles, with member always among them.
 */
export function rolesFromInvitation(kind: InvitationKind, invitedRoles: readonly OrgRole[]): OrgRole[] {
  if (kind === 'parentInvitation') return ['admin'];
  const roles = new Set<OrgRole>(invitedRoles);
  roles.add('member');
  return [...roles];
}

/** Who owns a feature flag: the organisation's admins, or the internal team (product features). */
export type FeatureOwner = 'org' | 'vigil';

/**
 * Whether a feature change may go ahead (spec 000 §6): null when allowed. The internal team
 * changes any feature but only after a fresh sudo confirmation; product features (owner vigil)
 * are the internal team's alone; an organisation's admins (and parent members) change the
 * organisation's own settings.
 */
export function featureChangeAccess(
  subject: PermissionSubject,
  org: OrgRef,
  owner: FeatureOwner,
  freshSudo: boolean,
): PermissionFailure | null {
  const access = orgAccess(subject, org, 'admin');
  if (access) return access;
  const authority = adminAuthority(subject, org);
  const internal = isInternalUber(subject);
  if (owner === 'vigil' && !internal) return 'NOT_AUTHORIZED';
  const fromTeam = owner === 'vigil' || authority === 'internalUber';
  if (fromTeam && !freshSudo) return 'SUDO_REQUIRED';
  return null;
}

/** Spec 000 §6: internal uber users pass the privateAppCreation check even when the flag is not set. */
export function canCreatePrivateApp(subject: PermissionSubject, privateAppCreation: boolean): boolean {
  return subject.signedIn && (privateAppCreation || isInternalUber(subject));
}
