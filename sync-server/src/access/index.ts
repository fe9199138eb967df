import {
  featureChangeAccess,
  hasRole,
  isInternalUber,
  orgAccess,
  type FeatureOwner,
  type OrgRef,
  type PlanEntitlement,
} from '@vigil/shared';
import { AppError, refuse } from '../errors.js';
import type { Caller } from './caller.js';
import type { Entitlement, Entitlements } from './entitlements.js';

/*
 * The one place that decides what a caller may do in an organisation (issue 26, issue 36 item 1):
 * GraphQL resolvers, the FHIR API and its live events (SSE), the sync rooms' upgrades, the
 * signed-PDF links and the admin commands all build a Caller (access/caller.ts) and ask
 * `authorize(caller, orgId, need)`. The rules are the shared permission rules
 * (shared/src/orgs/permissions.ts, spec 000 §6): a member with roles, the administrators of a
 * parent organisation, the internal team's ubers; an EMR launch's single-organisation session
 * carries only that organisation's membership, so it reaches no other. Features and plan
 * entitlements are asked through Entitlements, the one reader of flags.
 */

export type { Caller, SignedIn, Transport } from './caller.js';
export { orgPolicyOf, type OrgPolicy, type OrgPolicyOf } from './policy.js';

/** The refusals an authorization can end in (spec 000 §8, spec 002 §8). */
export type AccessFailure =
  'NO_AUTHENTICATION' | 'MFA_REQUIRED' | 'NOT_AUTHORIZED' | 'SUDO_REQUIRED' | 'FEATURE_DISABLED' | 'PLAN_REQUIRED';

const ACCESS_FAILURES: ReadonlySet<string> = new Set<AccessFailure>([
  'NO_AUTHENTICATION',
  'MFA_REQUIRED',
  'NOT_AUTHORIZED',
  'SUDO_REQUIRED',
  'FEATURE_DISABLED',
  'PLAN_REQUIRED',
]);

/**
 * What a call needs, checked in this order when several are given:
 * - `member`: the organisation permission (a member, an administrator of a parent, an uber);
 * - `provider`: that and the provider role in the organisation (spec 002 §6: signing);
 * - `admin`: the right to administer the organisation (its admins, a parent's members, an uber);
 * - `ownAdmin`: an admin role in the organisation itself (it signs for itself: not a parent, not the team);
 * - `uber`: signed in with valid multi-factor, and an internal uber (the internal team app);
 * - `sudo`: a fresh sudo confirmation (spec 000 §6);
 * - `{ feature }`: the organisation is entitled to the feature (FEATURE_DISABLED otherwise);
 * - `{ featureChange, flag? }`: may change a feature flag of that owner (spec 000 §5, §6); a product
 *   flag the organisation's plan includes (PLF1, named by `flag`) is changed as an office setting is;
 * - `{ plan }`: the organisation's plan tier includes it (spec 002 §6; PLAN_REQUIRED otherwise).
 */
export type Need =
  | 'member'
  | 'provider'
  | 'admin'
  | 'ownAdmin'
  | 'uber'
  | 'sudo'
  | { feature: Entitlement }
  | { featureChange: FeatureOwner; flag?: string }
  | { plan: PlanEntitlement };

/** What access reads: an organisation's parents, and the entitlements (features, later the plan). */
export interface AccessDeps {
  parentsOf(orgId: string): Promise<string[]>;
  entitlements?: Pick<Entitlements, 'has'> & Partial<Pick<Entitlements, 'planHas' | 'planIncludesFlag'>>;
}

export class OrgAccess {
  constructor(private readonly deps: AccessDeps) {}

  /**
   * The one authorization: returns when the caller has every need in the organisation, else
   * refuses (errors.ts `refuse`) with the spec's code: NO_AUTHENTICATION, MFA_REQUIRED,
   * NOT_AUTHORIZED, SUDO_REQUIRED or FEATURE_DISABLED.
   */
  async authorize(caller: Caller, orgId: string, need: Need | readonly Need[]): Promise<void> {
    let org: OrgRef | null = null;
    const ref = async (): Promise<OrgRef> => (org ??= { id: orgId, parentOrgs: await this.deps.parentsOf(orgId) });
    const subject = caller.subject;
    for (const one of Array.isArray(need) ? (need as readonly Need[]) : [need as Need]) {
      let failure: AccessFailure | null = null;
      if (one === 'member' || one === 'admin') failure = orgAccess(subject, await ref(), one);
      else if (one === 'provider') {
        failure =
          orgAccess(subject, await ref(), 'member') ?? (hasRole(subject, orgId, 'provider') ? null : 'NOT_AUTHORIZED');
      } else if (one === 'ownAdmin') {
        failure = orgAccess(subject, await ref(), 'admin');
        const own = subject.orgs.some((m) => m.id === orgId);
        if (!failure && (!own || !hasRole(subject, orgId, 'admin'))) failure = 'NOT_AUTHORIZED';
      } else if (one === 'uber') {
        if (!subject.signedIn || !caller.user) failure = 'NO_AUTHENTICATION';
        else if (!subject.multiFactorValid) failure = 'MFA_REQUIRED';
        else if (!isInternalUber(subject)) failure = 'NOT_AUTHORIZED';
      } else if (one === 'sudo') {
        failure = (await caller.freshSudo()) ? null : 'SUDO_REQUIRED';
      } else if ('feature' in one) {
        const entitlements = this.deps.entitlements;
        failure = entitlements && (await entitlements.has(orgId, one.feature)) ? null : 'FEATURE_DISABLED';
      } else if ('plan' in one) {
        const planHas = this.deps.entitlements?.planHas;
        failure = !planHas || (await planHas.call(this.deps.entitlements, orgId, one.plan)) ? null : 'PLAN_REQUIRED';
      } else {
        failure = featureChangeAccess(
          subject,
          await ref(),
          await this.changeOwner(orgId, one),
          await caller.freshSudo(),
        );
      }
      if (failure) refuse(failure);
    }
  }

  /**
   * Who may change a flag (issue 37): its owner, except that a product flag the organisation's
   * plan includes (PLF1) is the organisation's own to switch, as an office setting is.
   */
  private async changeOwner(
    orgId: string,
    need: { featureChange: FeatureOwner; flag?: string },
  ): Promise<FeatureOwner> {
    const included = this.deps.entitlements?.planIncludesFlag;
    if (need.featureChange === 'org' || need.flag === undefined || !included) return need.featureChange;
    return (await included.call(this.deps.entitlements, orgId, need.flag)) ? 'org' : need.featureChange;
  }
}

/**
 * The refusal an authorization ended in, or null when allowed: for the transports that answer a
 * refusal in their own form (a websocket close code, a FHIR OperationOutcome). Other errors pass.
 */
export async function refusalOf(authorized: Promise<void>): Promise<AccessFailure | null> {
  try {
    await authorized;
    return null;
  } catch (err) {
    if (err instanceof AppError && ACCESS_FAILURES.has(err.code)) return err.code as AccessFailure;
    throw err;
  }
}
