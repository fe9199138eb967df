import { describe, expect, it } from 'vitest';
import type { OrgRole } from '../enums.js';
import {
  adminAuthority,
  assignableRoles,
  canAdminister,
  canCreatePrivateApp,
  canView,
  featureChangeAccess,
  hasOrgPermission,
  invitationKind,
  orgAccess,
  rolesFromInvitation,
  type MembershipRef,
  type OrgRef,
  type PermissionSubject,
} from './index.js';

/** The organisation asked about: a regular office overseen by the parent organisation `group`. */
const OFFICE: OrgRef = { id: 'office', parentOrgs: ['group'] };

function who(orgs: MembershipRef[], extra: Partial<PermissionSubject> = {}): PermissionSubject {
  return { signedIn: true, multiFactorValid: true, orgs, ...extra };
}
const m = (id: string, type: MembershipRef['type'], ...roles: OrgRole[]): MembershipRef => ({ id, type, roles });

const SUBJECTS = {
  signedOut: { signedIn: false, multiFactorValid: false, orgs: [m('office', 'regular', 'admin')] },
  noOrgs: who([]),
  member: who([m('office', 'regular', 'member')]),
  provider: who([m('office', 'regular', 'member', 'provider')]),
  admin: who([m('office', 'regular', 'admin')]),
  adminWithoutMfa: who([m('office', 'regular', 'admin')], { multiFactorValid: false }),
  parentMember: who([m('group', 'parent', 'member')]),
  parentAdmin: who([m('group', 'parent', 'admin')]),
  otherParentAdmin: who([m('other-group', 'parent', 'admin')]),
  internalUber: who([m('vigil', 'vigil', 'uber')]),
  internalMember: who([m('vigil', 'vigil', 'member')]),
  otherOrgAdmin: who([m('elsewhere', 'regular', 'admin')]),
  /** A regular organisation listed as a "parent" does not make its members administrators. */
  regularNamedAsParent: who([m('group', 'regular', 'admin')]),
} satisfies Record<string, PermissionSubject>;
type Who = keyof typeof SUBJECTS;

describe('canAdminister (spec 000 §6)', () => {
  it.each<[string, Who, boolean]>([
    ['an organisation admin administers the organisation', 'admin', true],
    ['a member without the admin role does not', 'member', false],
    ['a provider without the admin role does not', 'provider', false],
    ['any member of a parent among its parentOrgs administers it', 'parentMember', true],
    ['an admin of that parent administers it', 'parentAdmin', true],
    ['an admin of a parent that is not among its parentOrgs does not', 'otherParentAdmin', false],
    ['an internal uber administers any organisation', 'internalUber', true],
    ['an internal member without uber does not', 'internalMember', false],
    ["another organisation's admin does not", 'otherOrgAdmin', false],
    ['a non-parent organisation named in parentOrgs gives no right', 'regularNamedAsParent', false],
    ['a signed-out visitor never does, whatever the stale memberships', 'signedOut', false],
    ['a user with no organisations does not', 'noOrgs', false],
  ])('%s', (_rule, subject, expected) => {
    expect(canAdminister(SUBJECTS[subject], OFFICE)).toBe(expected);
  });

  it.each<[Who, ReturnType<typeof adminAuthority>]>([
    ['admin', 'orgAdmin'],
    ['parentMember', 'parentMember'],
    ['internalUber', 'internalUber'],
    ['member', null],
  ])('names where the right of %s comes from: %s', (subject, expected) => {
    expect(adminAuthority(SUBJECTS[subject], OFFICE)).toBe(expected);
  });

  it('prefers the organisation admin role when a user is also an internal uber', () => {
    const both = who([m('office', 'regular', 'admin'), m('vigil', 'vigil', 'uber')]);
    expect(adminAuthority(both, OFFICE)).toBe('orgAdmin');
  });
});

describe('canView (spec 000 §6: internal and parent members may view organisations they are not members of)', () => {
  it.each<[string, Who, boolean]>([
    ['members view their organisation', 'member', true],
    ['admins view their organisation', 'admin', true],
    ['internal members view any organisation', 'internalMember', true],
    ['internal ubers view any organisation', 'internalUber', true],
    ['members of a parent organisation view organisations they are not members of', 'otherParentAdmin', true],
    ["another regular organisation's admin does not view it", 'otherOrgAdmin', false],
    ['a user with no organisations does not', 'noOrgs', false],
    ['a signed-out visitor does not', 'signedOut', false],
  ])('%s', (_rule, subject, expected) => {
    expect(canView(SUBJECTS[subject], OFFICE)).toBe(expected);
  });
});

describe('organisation permission (spec 000 §6: signed in, in the session orgs or able to administer, valid MFA)', () => {
  it.each<[string, Who, 'member' | 'admin', ReturnType<typeof orgAccess>]>([
    ['a signed-out visitor is asked to authenticate', 'signedOut', 'member', 'NO_AUTHENTICATION'],
    ['an admin without valid MFA is asked for MFA first', 'adminWithoutMfa', 'member', 'MFA_REQUIRED'],
    ['an admin without valid MFA cannot administer either', 'adminWithoutMfa', 'admin', 'MFA_REQUIRED'],
    ['a member has the organisation permission', 'member', 'member', null],
    ['a member may not administer', 'member', 'admin', 'NOT_AUTHORIZED'],
    ['a provider has the organisation permission', 'provider', 'member', null],
    ['an admin administers', 'admin', 'admin', null],
    ['a parent member has it through the right to administer', 'parentMember', 'member', null],
    ['a parent admin administers', 'parentAdmin', 'admin', null],
    ['an internal uber has it through the right to administer', 'internalUber', 'admin', null],
    ['viewing alone gives no data permission to an unrelated parent', 'otherParentAdmin', 'member', 'NOT_AUTHORIZED'],
    ['an internal member without uber has no data permission', 'internalMember', 'member', 'NOT_AUTHORIZED'],
    ["another organisation's admin is refused", 'otherOrgAdmin', 'member', 'NOT_AUTHORIZED'],
    ['a user with no organisations is refused', 'noOrgs', 'member', 'NOT_AUTHORIZED'],
  ])('%s', (_rule, subject, need, expected) => {
    expect(orgAccess(SUBJECTS[subject], OFFICE, need)).toBe(expected);
    if (need === 'member') expect(hasOrgPermission(SUBJECTS[subject], OFFICE)).toBe(expected === null);
  });
});

describe('invitations (spec 000 §3, §6)', () => {
  it.each([
    ['parent', 'parentInvitation'],
    ['regular', 'regular'],
    ['vigil', 'regular'],
    ['reseller', 'regular'],
  ] as const)('an invitation to a %s organisation is a %s invitation', (type, kind) => {
    expect(invitationKind(type)).toBe(kind);
  });

  it.each<[string, ReturnType<typeof invitationKind>, OrgRole[], OrgRole[]]>([
    ['a parent invitation makes the invitee an admin of the parent', 'parentInvitation', ['member'], ['admin']],
    ['a parent invitation ignores the roles asked for', 'parentInvitation', ['provider', 'stats'], ['admin']],
    ['a regular invitation gives the invited roles plus member', 'regular', ['provider'], ['provider', 'member']],
    ['a regular invitation with no roles gives member', 'regular', [], ['member']],
    ['a regular admin invitation keeps admin', 'regular', ['admin', 'member'], ['admin', 'member']],
  ])('%s', (_rule, kind, invited, expected) => {
    expect(rolesFromInvitation(kind, invited)).toEqual(expected);
  });

  it.each<[string, Who, 'regular' | 'vigil', boolean]>([
    ['an office admin cannot grant uber', 'admin', 'regular', false],
    ['an internal uber cannot grant uber outside the internal organisation', 'internalUber', 'regular', false],
    ['an internal uber grants uber in the internal organisation', 'internalUber', 'vigil', true],
    ['an internal member without uber cannot grant uber', 'internalMember', 'vigil', false],
  ])('%s', (_rule, subject, orgType, expected) => {
    expect(assignableRoles(SUBJECTS[subject], orgType).includes('uber')).toBe(expected);
    expect(assignableRoles(SUBJECTS[subject], orgType)).toEqual(
      expect.arrayContaining(['admin', 'member', 'provider']),
    );
  });
});

describe('feature changes (spec 000 §6: the internal team changes features only after a fresh sudo)', () => {
  it.each<[string, Who, 'org' | 'vigil', boolean, ReturnType<typeof featureChangeAccess>]>([
    ["an admin changes the organisation's own settings without sudo", 'admin', 'org', false, null],
    ['a parent member changes them too', 'parentMember', 'org', false, null],
    ['an admin may not change a product feature', 'admin', 'vigil', true, 'NOT_AUTHORIZED'],
    ['a member may not change any feature', 'member', 'org', true, 'NOT_AUTHORIZED'],
    [
      'an internal uber without a fresh sudo is sent to sudo (own setting)',
      'internalUber',
      'org',
      false,
      'SUDO_REQUIRED',
    ],
    [
      'an internal uber without a fresh sudo is sent to sudo (product feature)',
      'internalUber',
      'vigil',
      false,
      'SUDO_REQUIRED',
    ],
    ['an internal uber with a fresh sudo changes a product feature', 'internalUber', 'vigil', true, null],
    ['an internal uber with a fresh sudo changes an own setting', 'internalUber', 'org', true, null],
    ["another organisation's admin is refused before sudo is asked", 'otherOrgAdmin', 'org', false, 'NOT_AUTHORIZED'],
    ['a signed-out visitor is asked to authenticate', 'signedOut', 'org', true, 'NO_AUTHENTICATION'],
    ['an admin without valid MFA is asked for MFA', 'adminWithoutMfa', 'org', true, 'MFA_REQUIRED'],
  ])('%s', (_rule, subject, owner, sudo, expected) => {
    expect(featureChangeAccess(SUBJECTS[subject], OFFICE, owner, sudo)).toBe(expected);
  });

  it('an internal uber who is also the office admin still needs sudo for a product feature', () => {
    const both = who([m('office', 'regular', 'admin'), m('vigil', 'vigil', 'uber')]);
    expect(featureChangeAccess(both, OFFICE, 'vigil', false)).toBe('SUDO_REQUIRED');
    expect(featureChangeAccess(both, OFFICE, 'org', false)).toBeNull();
  });
});

describe('private app creation (spec 000 §6: internal ubers pass even when the flag is not set)', () => {
  it.each<[Who, boolean, boolean]>([
    ['internalUber', false, true],
    ['admin', false, false],
    ['admin', true, true],
    ['signedOut', true, false],
  ])('%s with the flag %s: %s', (subject, flagOn, expected) => {
    expect(canCreatePrivateApp(SUBJECTS[subject], flagOn)).toBe(expected);
  });
});
