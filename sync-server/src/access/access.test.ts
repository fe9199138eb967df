import { describe, expect, it } from 'vitest';
import { openMemoryDatabase } from '../store/sqlite/database.js';
import { SqliteOrgStore } from '../store/orgs/sqlite.js';
import { insertOrgRows } from '../store/sqlite/fixtures.js';
import { OrgAccess, orgPolicyOf, type AccessSession } from './index.js';

/** Organisations: live (child of group), onboarding, locked, lapsed, trial, group (parent), other. */
function orgStore(): SqliteOrgStore {
  const d = openMemoryDatabase();
  insertOrgRows(
    d,
    [
      { id: 'live', fhirId: 'org-live', name: 'Live', type: 'regular', subscriptionStatus: 'active' },
      { id: 'onboarding', fhirId: 'org-onb', name: 'Onboarding', type: 'regular', isOnboarding: true },
      {
        id: 'locked',
        fhirId: 'org-lck',
        name: 'Locked',
        type: 'regular',
        subscriptionStatus: 'active',
        preventResourceEditing: true,
      },
      { id: 'lapsed', fhirId: 'org-lap', name: 'Lapsed', type: 'regular', subscriptionStatus: 'canceled' },
      {
        id: 'trial',
        fhirId: 'org-trl',
        name: 'Trial',
        type: 'regular',
        subscriptionStatus: 'trialing',
        trialEnd: 2_000,
      },
      { id: 'group', fhirId: 'org-grp', name: 'Group', type: 'parent', subscriptionStatus: 'active' },
    ],
    [['live', 'group']],
  );
  return new SqliteOrgStore(d);
}

const session = (orgs: AccessSession['orgs'], multiFactorValid = true): AccessSession => ({ multiFactorValid, orgs });
const member = (
  id: string,
  roles: string[],
  type: 'regular' | 'parent' | 'vigil' = 'regular',
): AccessSession['orgs'][number] => ({
  id,
  type,
  roles,
});

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
    const policy = await orgPolicyOf(orgStore(), () => 1_000)(orgId);
    expect(policy?.isOnboarding).toBe(onboarding);
    expect(policy?.writeBlocked(newPatient)).toBe(patient);
    expect(policy?.writeBlocked(newVitals)).toBe(vitals);
  });

  it('knows no policy of an unknown organisation', async () => {
    expect(await orgPolicyOf(orgStore(), () => 1_000)('nowhere')).toBeNull();
  });

  it('refuses a new patient once the trial has ended, by the server clock, and still allows charting', async () => {
    const policy = await orgPolicyOf(orgStore(), () => 3_000)('trial');
    expect(policy?.writeBlocked(newPatient)).toBe('TRIAL_ENDED');
    expect(policy?.writeBlocked({ type: 'Appointment', isNew: true })).toBe('TRIAL_ENDED');
    expect(policy?.writeBlocked({ type: 'Appointment', isNew: false })).toBeNull();
    expect(policy?.writeBlocked(newVitals)).toBeNull();
  });
});

describe('OrgAccess: the one organisation-access decision (spec 000 §6)', () => {
  const store = orgStore();
  const access = new OrgAccess({ parentsOf: (orgId) => store.parentsOf(orgId) });

  it('FHIR: members and members of a parent organisation, with valid MFA only; reads and writes alike', async () => {
    expect(await access.fhir(session([member('live', ['member'])]), 'live', 'write')).toBeNull();
    expect(await access.fhir(session([member('group', ['member'], 'parent')]), 'live', 'read')).toBeNull();
    expect(await access.fhir(session([member('live', ['member'])], false), 'live', 'read')).toBe('MFA_REQUIRED');
    expect(await access.fhir(session([member('locked', ['admin'])]), 'live', 'read')).toBe('NOT_AUTHORIZED');
    expect(await access.fhir(session([]), 'live', 'read')).toBe('NOT_AUTHORIZED');
  });

  it('sync: opens documents of its own and its child organisations, never another’s', async () => {
    expect(await access.canOpenDocuments(session([member('live', ['member'])]), 'live')).toBe(true);
    expect(await access.canOpenDocuments(session([member('group', ['admin'], 'parent')]), 'live')).toBe(true);
    expect(await access.canOpenDocuments(session([member('live', ['admin'])]), 'group')).toBe(false);
    expect(await access.canOpenDocuments(session([member('lapsed', ['admin'])]), 'live')).toBe(false);
  });

  it('an EMR single-organisation session carries only its organisation, so it reaches no other', async () => {
    // sessions.memberships(userId, singleOrg) keeps only the launch's organisation.
    const emr = session([member('lapsed', ['member', 'provider'])]);
    expect(await access.fhir(emr, 'lapsed', 'read')).toBeNull();
    expect(await access.fhir(emr, 'live', 'read')).toBe('NOT_AUTHORIZED');
    expect(await access.report(emr, 'live', 'member')).toBe('NOT_AUTHORIZED');
  });

  it('reports: signing needs the provider role; unfinalizing needs the right to administer', async () => {
    const provider = session([member('live', ['member', 'provider'])]);
    const plain = session([member('live', ['member'])]);
    expect(await access.report(provider, 'live', 'provider')).toBeNull();
    expect(await access.report(plain, 'live', 'provider')).toBe('NOT_AUTHORIZED');
    expect(await access.report(plain, 'live', 'member')).toBeNull();
    expect(await access.report(plain, 'live', 'admin')).toBe('NOT_AUTHORIZED');
    expect(await access.report(session([member('live', ['admin'])]), 'live', 'admin')).toBeNull();
    // A parent organisation's member may administer its children (spec 000 §6), but signs for none.
    expect(await access.report(session([member('group', ['member'], 'parent')]), 'live', 'admin')).toBeNull();
    expect(await access.report(session([member('group', ['member'], 'parent')]), 'live', 'provider')).toBe(
      'NOT_AUTHORIZED',
    );
  });

  it('GraphQL: a signed-out caller is NO_AUTHENTICATION, an internal uber administers every organisation', async () => {
    expect(await access.check({ signedIn: false, multiFactorValid: false, orgs: [] }, 'live', 'member')).toBe(
      'NO_AUTHENTICATION',
    );
    const uber = { signedIn: true, multiFactorValid: true, orgs: [member('vigil', ['member', 'uber'], 'vigil')] };
    expect(await access.check(uber, 'live', 'admin')).toBeNull();
    expect(await access.check(uber, 'nowhere', 'admin')).toBeNull();
    const admin = { signedIn: true, multiFactorValid: true, orgs: [member('live', ['admin'])] };
    expect(await access.check(admin, 'live', 'admin')).toBeNull();
    expect(await access.check(admin, 'trial', 'member')).toBe('NOT_AUTHORIZED');
  });

  it('feature flags: an organisation admin changes its own flags, product flags need the internal team after sudo', async () => {
    const admin = { signedIn: true, multiFactorValid: true, orgs: [member('live', ['admin'])] };
    const uber = { signedIn: true, multiFactorValid: true, orgs: [member('vigil', ['member', 'uber'], 'vigil')] };
    expect(await access.featureChange(admin, 'live', 'org', false)).toBeNull();
    expect(await access.featureChange(admin, 'live', 'vigil', true)).toBe('NOT_AUTHORIZED');
    expect(await access.featureChange(uber, 'live', 'vigil', false)).toBe('SUDO_REQUIRED');
    expect(await access.featureChange(uber, 'live', 'vigil', true)).toBeNull();
  });
});
