import { describe, expect, it } from 'vitest';
import { openMemoryDatabase } from '../store/sqlite/database.js';
import type { OrgChanges, OrgStore } from '../store/orgs/types.js';
import { seedOrgs, sqliteOrgWorld } from '../store/orgs/seed.test-util.js';
import { Entitlements } from './entitlements.js';
import { anonymousCaller, type Caller } from './caller.js';
import { OrgAccess, orgPolicyOf, refusalOf, type Need } from './index.js';

/** Organisations: live (child of group), onboarding, locked, lapsed, trial, group (parent); made through the store. */
async function orgStore(): Promise<OrgStore> {
  const world = sqliteOrgWorld(openMemoryDatabase());
  const orgs: [string, string, 'regular' | 'parent', OrgChanges, string[] | null][] = [
    ['live', 'org-live', 'regular', { subscriptionStatus: 'active' }, ['group']],
    ['onboarding', 'org-onb', 'regular', { isOnboarding: true }, null],
    ['locked', 'org-lck', 'regular', { subscriptionStatus: 'active', preventResourceEditing: true }, null],
    ['lapsed', 'org-lap', 'regular', { subscriptionStatus: 'canceled' }, null],
    ['trial', 'org-trl', 'regular', { subscriptionStatus: 'trialing', trialEnd: 2_000 }, null],
    ['group', 'org-grp', 'parent', { subscriptionStatus: 'active' }, null],
  ];
  await seedOrgs(
    world,
    orgs.map(([id, fhirId, type]) => ({ id, fhirId, name: id, type })),
  );
  const origin = { at: 0, ip: null, userAgent: null };
  for (const [id, , , changes, parents] of orgs) {
    await world.orgs.updateOrg(id, changes, parents, origin, { action: 'orgUpdated', userId: null, detail: {} });
  }
  return world.orgs;
}

type Membership = Caller['subject']['orgs'][number];

/** A signed-in caller with these memberships (an EMR launch's: only its organisation's). */
const caller = (orgs: Membership[], options: { mfa?: boolean; sudo?: boolean } = {}): Caller => ({
  ...anonymousCaller({ ip: '10.0.0.1', userAgent: 'test', transport: 'graphql' }),
  user: { id: 'u-1', name: 'Ann', email: 'ann@example.com', emailVerified: true },
  sessionId: 's-1',
  subject: { signedIn: true, multiFactorValid: options.mfa ?? true, orgs },
  freshSudo: () => Promise.resolve(options.sudo ?? false),
});
const member = (id: string, roles: string[], type: 'regular' | 'parent' | 'vigil' = 'regular'): Membership => ({
  id,
  type,
  roles,
});
const uber = [member('vigil', ['member', 'uber'], 'vigil')];

describe('orgPolicyOf (spec 000 §4, rule SUB2)', () => {
  const newPatient = { type: 'Patient', isNew: true };
  const newVitals = { type: 'Observation', isNew: true };
  it.each([
    ['live', false, null, null],
    ['onboarding', true, null, null],
    ['locked', false, 'EDITING_PREVENTED', 'EDITING_PREVENTED'],
    ['lapsed', false, 'SUBSCRIPTION_NOT_OK', null],
    ['trial', false, null, null],
  ])('reads %s: onboarding %s, a new patient %s, new vitals %s', async (orgId, onboarding, patient, vitals) => {
    const policy = await orgPolicyOf(await orgStore(), () => 1_000)(orgId);
    expect(policy?.isOnboarding).toBe(onboarding);
    expect(policy?.writeBlocked(newPatient)).toBe(patient);
    expect(policy?.writeBlocked(newVitals)).toBe(vitals);
  });

  it('knows no policy of an unknown organisation', async () => {
    expect(await orgPolicyOf(await orgStore(), () => 1_000)('nowhere')).toBeNull();
  });

  it('refuses a new patient once the trial has ended, by the server clock, and still allows charting', async () => {
    const policy = await orgPolicyOf(await orgStore(), () => 3_000)('trial');
    expect(policy?.writeBlocked(newPatient)).toBe('TRIAL_ENDED');
    expect(policy?.writeBlocked({ type: 'Appointment', isNew: true })).toBe('TRIAL_ENDED');
    expect(policy?.writeBlocked({ type: 'Appointment', isNew: false })).toBeNull();
    expect(policy?.writeBlocked(newVitals)).toBeNull();
  });
});

describe('OrgAccess.authorize: the one organisation-access decision (spec 000 §6)', () => {
  const store = orgStore();
  const flags: Record<string, Record<string, boolean>> = { live: { formBuilder: true } };
  const access = new OrgAccess({
    parentsOf: async (orgId) => (await store).parentsOf(orgId),
    entitlements: new Entitlements({ features: (orgId) => Promise.resolve(flags[orgId] ?? {}) }),
  });
  const refusal = (who: Caller, orgId: string, need: Need | Need[]): Promise<string | null> =>
    refusalOf(access.authorize(who, orgId, need));

  it('member: members and members of a parent organisation, with valid MFA only', async () => {
    expect(await refusal(caller([member('live', ['member'])]), 'live', 'member')).toBeNull();
    expect(await refusal(caller([member('group', ['member'], 'parent')]), 'live', 'member')).toBeNull();
    expect(await refusal(caller([member('live', ['member'])], { mfa: false }), 'live', 'member')).toBe('MFA_REQUIRED');
    expect(await refusal(caller([member('locked', ['admin'])]), 'live', 'member')).toBe('NOT_AUTHORIZED');
    expect(await refusal(caller([member('live', ['admin'])]), 'group', 'member')).toBe('NOT_AUTHORIZED');
    expect(await refusal(caller([]), 'live', 'member')).toBe('NOT_AUTHORIZED');
  });

  it('a signed-out caller is NO_AUTHENTICATION, whatever it needs', async () => {
    const nobody = anonymousCaller({ ip: null, userAgent: null, transport: 'socket' });
    for (const need of ['member', 'provider', 'admin', 'ownAdmin', 'uber'] as const) {
      expect(await refusal(nobody, 'live', need)).toBe('NO_AUTHENTICATION');
    }
  });

  it('an EMR single-organisation session carries only its organisation, so it reaches no other', async () => {
    // sessions.memberships(userId, singleOrg) keeps only the launch's organisation.
    const emr = caller([member('lapsed', ['member', 'provider'])]);
    expect(await refusal(emr, 'lapsed', 'provider')).toBeNull();
    expect(await refusal(emr, 'live', 'member')).toBe('NOT_AUTHORIZED');
  });

  it('signing needs the provider role; administering a parent’s member or an uber', async () => {
    const plain = caller([member('live', ['member'])]);
    expect(await refusal(caller([member('live', ['member', 'provider'])]), 'live', 'provider')).toBeNull();
    expect(await refusal(plain, 'live', 'provider')).toBe('NOT_AUTHORIZED');
    expect(await refusal(plain, 'live', 'admin')).toBe('NOT_AUTHORIZED');
    expect(await refusal(caller([member('live', ['admin'])]), 'live', 'admin')).toBeNull();
    // A parent organisation's member may administer its children (spec 000 §6), but signs for none.
    expect(await refusal(caller([member('group', ['member'], 'parent')]), 'live', 'admin')).toBeNull();
    expect(await refusal(caller([member('group', ['member'], 'parent')]), 'live', 'provider')).toBe('NOT_AUTHORIZED');
    expect(await refusal(caller(uber), 'live', 'admin')).toBeNull();
    expect(await refusal(caller(uber), 'nowhere', 'admin')).toBeNull();
  });

  it('ownAdmin: only the organisation’s own admins, not a parent’s members nor the internal team', async () => {
    expect(await refusal(caller([member('live', ['admin'])]), 'live', 'ownAdmin')).toBeNull();
    expect(await refusal(caller([member('group', ['admin'], 'parent')]), 'live', 'ownAdmin')).toBe('NOT_AUTHORIZED');
    expect(await refusal(caller(uber), 'live', 'ownAdmin')).toBe('NOT_AUTHORIZED');
  });

  it('uber and sudo: the internal team, after a fresh sudo', async () => {
    expect(await refusal(caller([member('live', ['admin'])], { sudo: true }), 'live', ['uber', 'sudo'])).toBe(
      'NOT_AUTHORIZED',
    );
    expect(await refusal(caller(uber), 'live', ['uber', 'sudo'])).toBe('SUDO_REQUIRED');
    expect(await refusal(caller(uber, { mfa: false }), 'live', 'uber')).toBe('MFA_REQUIRED');
    expect(await refusal(caller(uber, { sudo: true }), 'live', ['uber', 'sudo'])).toBeNull();
  });

  it('features: FEATURE_DISABLED unless the organisation is entitled, after the role', async () => {
    const admin = caller([member('live', ['admin']), member('trial', ['admin'])]);
    expect(await refusal(admin, 'live', ['admin', { feature: 'formBuilder' }])).toBeNull();
    expect(await refusal(admin, 'trial', ['admin', { feature: 'formBuilder' }])).toBe('FEATURE_DISABLED');
    expect(await refusal(caller([]), 'live', ['admin', { feature: 'formBuilder' }])).toBe('NOT_AUTHORIZED');
  });

  it('feature flags: an organisation admin changes its own flags, product flags need the internal team after sudo', async () => {
    const admin = caller([member('live', ['admin'])], { sudo: true });
    expect(await refusal(caller([member('live', ['admin'])]), 'live', { featureChange: 'org' })).toBeNull();
    expect(await refusal(admin, 'live', { featureChange: 'vigil' })).toBe('NOT_AUTHORIZED');
    expect(await refusal(caller(uber), 'live', { featureChange: 'vigil' })).toBe('SUDO_REQUIRED');
    expect(await refusal(caller(uber, { sudo: true }), 'live', { featureChange: 'vigil' })).toBeNull();
  });

  it('answers other errors as they are (refusalOf converts refusals only)', async () => {
    const broken = new OrgAccess({ parentsOf: () => Promise.reject(new Error('database gone')) });
    await expect(refusalOf(broken.authorize(caller([]), 'live', 'member'))).rejects.toThrow('database gone');
  });
});

describe('OrgAccess.authorize with a plan need (issue 37)', () => {
  const tiered = new OrgAccess({
    parentsOf: () => Promise.resolve([]),
    entitlements: new Entitlements(
      { features: () => Promise.resolve({}) },
      {
        org: (orgId) => Promise.resolve({ planId: orgId === 'plus' ? 'p_plus' : null }),
        plan: () => Promise.resolve({ lookupKey: 'plus_yearly', productFeaturesJson: '{}' }),
      },
    ),
  });
  const admin = (orgId: string): Caller => caller([member(orgId, ['admin'])]);

  it('refuses PLAN_REQUIRED for what the tier does not include, and allows what it does', async () => {
    expect(await refusalOf(tiered.authorize(admin('plus'), 'plus', ['member', { plan: 'infusions' }]))).toBeNull();
    expect(await refusalOf(tiered.authorize(admin('plus'), 'plus', { plan: 'generalAnesthesia' }))).toBe(
      'PLAN_REQUIRED',
    );
    expect(await refusalOf(tiered.authorize(admin('old'), 'old', { plan: 'generalAnesthesia' }))).toBeNull();
  });
});
