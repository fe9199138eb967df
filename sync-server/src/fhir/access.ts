import { canEditResources, orgAccess, type SubscriptionStatusName } from '@vigil/shared';
import type { SignedInSession } from '../auth/sessions.js';
import type { Db } from '../db/database.js';

export type AccessMode = 'read' | 'write';
/** The failure codes an organisation check can end in (spec 000 §8, spec 002 §8). */
export type AccessFailure = 'NO_AUTHENTICATION' | 'MFA_REQUIRED' | 'NOT_AUTHORIZED' | 'SUDO_REQUIRED';

/** Whether a session may read or write an organisation's resources: null when allowed. */
export type CanAccessOrg = (session: SignedInSession, orgId: string, mode: AccessMode) => AccessFailure | null;

/** What an organisation's settings say about writing resources (spec 000 §4). */
export interface OrgPolicy {
  /** Onboarding organisations create test patients (tag HTEST) until they go live. */
  isOnboarding: boolean;
  /** Null when editing is allowed, else why not. */
  editBlocked: 'EDITING_PREVENTED' | 'SUBSCRIPTION_NOT_OK' | null;
}
export type OrgPolicyOf = (orgId: string) => OrgPolicy | null;

interface OrgRow {
  id: string;
  is_onboarding: number;
  prevent_resource_editing: number;
  subscription_status: SubscriptionStatusName;
  trial_end: number | null;
}

/**
 * Organisation access from the shared permission rules (spec 000 §6): signed in, valid MFA, and
 * a member of the organisation or able to administer it (its admins, a member of one of its
 * parent organisations, an internal uber). Reading and writing need the same permission: the
 * spec gives no read-only role.
 */
export function sharedRulesAccess(db: Db): CanAccessOrg {
  const parents = db.prepare('SELECT parent_org_id AS id FROM org_parents WHERE org_id = ?');
  return (session, orgId) =>
    orgAccess(
      { signedIn: true, multiFactorValid: session.multiFactorValid, orgs: session.orgs },
      { id: orgId, parentOrgs: (parents.all(orgId) as { id: string }[]).map((r) => r.id) },
      'member',
    );
}

/** The organisation's editing policy from the orgs table (spec 000 §4), or null for an unknown organisation. */
export function sqliteOrgPolicy(db: Db, now: () => number): OrgPolicyOf {
  const select = db.prepare(
    'SELECT id, is_onboarding, prevent_resource_editing, subscription_status, trial_end FROM orgs WHERE id = ?',
  );
  return (orgId) => {
    const row = select.get(orgId) as OrgRow | undefined;
    if (!row) return null;
    const facts = {
      status: row.subscription_status,
      trialEnd: row.trial_end,
      isOnboarding: row.is_onboarding === 1,
      preventResourceEditing: row.prevent_resource_editing === 1,
    };
    const editBlocked = canEditResources(facts, now())
      ? null
      : facts.preventResourceEditing
        ? 'EDITING_PREVENTED'
        : 'SUBSCRIPTION_NOT_OK';
    return { isOnboarding: facts.isOnboarding, editBlocked };
  };
}
