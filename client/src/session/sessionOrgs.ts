import { canAdminister, canView, switcherGroups, type OrgType, type PermissionSubject } from '@vigil/shared';
import type { Session, SessionOrg } from './api.js';

/** A session organisation with where it opens (spec 000 §3 `href`). */
export interface OrgLink extends SessionOrg {
  href: string;
}

/** Where an organisation of a type opens (spec 000 §2 sub-apps; the server's `href` rule). */
export function orgHref(type: string, id: string): string {
  switch (type) {
    case 'parent':
      return `/parent/${encodeURIComponent(id)}`;
    case 'vigil':
      return '/vigil-team';
    case 'reseller':
      return `/reseller/${encodeURIComponent(id)}`;
    default:
      return `/org/${encodeURIComponent(id)}`;
  }
}

const withHref = (o: SessionOrg): OrgLink => ({ ...o, href: orgHref(o.type, o.id) });

/** Every organisation of the session, in switcher order. */
export function sessionOrgLinks(session: Session | null): OrgLink[] {
  return orgGroups(session).flatMap((g) => g.orgs);
}

/** The switcher's non-empty groups, Internal / Admin Orgs / Reseller / Regular Orgs (spec 000 §2). */
export function orgGroups(session: Session | null): { type: OrgType; label: string; orgs: OrgLink[] }[] {
  if (!session) return [];
  const o = session.orgs;
  return switcherGroups({
    vigil: o.vigil.map(withHref),
    parent: o.parent.map(withHref),
    reseller: o.reseller.map(withHref),
    regular: o.regular.map(withHref),
  }).map((g) => ({ ...g, orgs: [...g.orgs] }));
}

/** The permission module's subject for a session (spec 000 §6). */
export function subjectOf(session: Session | null, multiFactorValid: boolean): PermissionSubject {
  return {
    signedIn: session !== null,
    multiFactorValid,
    orgs: sessionOrgLinks(session).map((o) => ({ id: o.id, type: o.type, roles: o.roles })),
  };
}

/**
 * Spec 000 §4: a user in an organisation they are not a member of, who is not an internal or
 * parent user, is sent home. True when the user may stay (spec 000 §6 `canView`).
 */
export function mayOpenOrg(session: Session | null, orgId: string): boolean {
  return canView(subjectOf(session, true), { id: orgId, parentOrgs: [] });
}

/** Spec 000 §6: whether the session may administer the organisation (parentOrgs from `org`). */
export function mayAdminister(session: Session | null, org: { id: string; parentOrgs: readonly string[] }): boolean {
  return canAdminister(subjectOf(session, true), org);
}

/**
 * Where /org/{orgId} goes instead, for the session's own parent organisation: its Admin Dashboard
 * at /parent/{id} (spec 000 §2 sub-app audiences; issue 25: a parent's admin landed on an empty
 * Case Manager for the parent). Null for any other organisation.
 */
export function orgAppRedirect(session: Session | null, orgId: string): string | null {
  const own = session?.orgs.parent.find((o) => o.id === orgId);
  return own ? orgHref('parent', own.id) : null;
}
