import {
  featureChangeAccess,
  hasOrgPermission,
  hasRole,
  orgAccess,
  type FeatureOwner,
  type OrgRef,
  type PermissionSubject,
} from '@vigil/shared';

/*
 * The one place that decides organisation access (issue 26): GraphQL resolvers (orgs/, reports),
 * the FHIR API and its live events (SSE), the sync rooms' upgrades and the signed-PDF links all
 * ask an OrgAccess. The rules are the shared permission rules (shared/src/orgs/permissions.ts,
 * spec 000 §6): a member with roles, the administrators of a parent organisation, the internal
 * team's ubers; an EMR launch's single-organisation session carries only that organisation's
 * membership, so it reaches no other. Here the organisation's parents are looked up (one
 * repository method) and the rule is asked.
 */

/** A signed-in session as the access checks need it (auth/sessions.ts SignedInSession fits). */
export interface AccessSession {
  multiFactorValid: boolean;
  /** The session's memberships (an EMR launch: only its organisation's). */
  orgs: PermissionSubject['orgs'];
}

/** The failure codes an organisation check can end in (spec 000 §8, spec 002 §8). */
export type AccessFailure = 'NO_AUTHENTICATION' | 'MFA_REQUIRED' | 'NOT_AUTHORIZED' | 'SUDO_REQUIRED';

export type AccessMode = 'read' | 'write';

/** Whether a session may read or write an organisation's resources (FHIR API, live events): null when allowed. */
export type CanAccessOrg = (session: AccessSession, orgId: string, mode: AccessMode) => Promise<AccessFailure | null>;

export { orgPolicyOf, type OrgPolicy, type OrgPolicyOf } from './policy.js';

/** What a report call needs (spec 002 §6: signing needs the provider role; unfinalize an administrator). */
export type ReportRole = 'member' | 'provider' | 'admin';

/** The one lookup access needs: an organisation's parents. */
export interface AccessDeps {
  parentsOf(orgId: string): Promise<string[]>;
}

const subjectOf = (session: AccessSession): PermissionSubject => ({
  signedIn: true,
  multiFactorValid: session.multiFactorValid,
  orgs: session.orgs,
});

export class OrgAccess {
  constructor(private readonly deps: AccessDeps) {}

  /** The organisation as the permission rules read it: its id and parents. */
  async orgRef(orgId: string): Promise<OrgRef> {
    return { id: orgId, parentOrgs: await this.deps.parentsOf(orgId) };
  }

  /**
   * Whether a caller has the organisation permission (`member`) or may administer it (`admin`):
   * null when allowed, else the refusal (NO_AUTHENTICATION, MFA_REQUIRED, NOT_AUTHORIZED).
   */
  async check(subject: PermissionSubject, orgId: string, need: 'member' | 'admin'): Promise<AccessFailure | null> {
    return orgAccess(subject, await this.orgRef(orgId), need);
  }

  /** The same check for a signed-in session (FHIR API, live events, reports). */
  async checkSession(session: AccessSession, orgId: string, need: 'member' | 'admin'): Promise<AccessFailure | null> {
    return this.check(subjectOf(session), orgId, need);
  }

  /**
   * FHIR API and live events: reading and writing need the same organisation permission (the
   * spec gives no read-only role).
   */
  readonly fhir: CanAccessOrg = (session, orgId) => this.checkSession(session, orgId, 'member');

  /** Sync upgrades: whether the session may open the organisation's case documents. */
  async canOpenDocuments(session: AccessSession, orgId: string): Promise<boolean> {
    return hasOrgPermission(subjectOf(session), await this.orgRef(orgId));
  }

  /** Reports and signed-PDF links: the organisation permission plus, where asked, a role. Null when allowed. */
  async report(session: AccessSession, orgId: string, role: ReportRole): Promise<'NOT_AUTHORIZED' | null> {
    const subject = subjectOf(session);
    if ((await this.check(subject, orgId, role === 'admin' ? 'admin' : 'member')) !== null) return 'NOT_AUTHORIZED';
    if (role === 'provider' && !hasRole(subject, orgId, 'provider')) return 'NOT_AUTHORIZED';
    return null;
  }

  /** Feature flags (spec 000 §5, §6): who may change a flag of this owner, null when allowed. */
  async featureChange(
    subject: PermissionSubject,
    orgId: string,
    owner: FeatureOwner,
    freshSudo: boolean,
  ): Promise<AccessFailure | null> {
    return featureChangeAccess(subject, await this.orgRef(orgId), owner, freshSudo);
  }
}
