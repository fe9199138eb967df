import { describe, expect, it } from 'vitest';
import {
  contractMissing,
  fillPlaceholders,
  invitationErrorText,
  orgDetailsErrorText,
  referralAnswers,
  switcherGroups,
  validateOrgDetails,
  welcomeRedirect,
  type OrgDetailsForm,
  type ReferralAnswers,
} from './index.js';

describe('referral questions (spec 000 §5)', () => {
  const none: ReferralAnswers = { choice: null, followUp: '', referralCookie: null };
  it.each<[string, ReferralAnswers, { complete: boolean; referralType: string | null; referredBy: string | null }]>([
    ['is incomplete until a choice is made', none, { complete: false, referralType: null, referredBy: null }],
    [
      'takes Google with no follow-up',
      { ...none, choice: 'Google' },
      { complete: true, referralType: 'Google', referredBy: null },
    ],
    [
      'needs a follow-up for Other',
      { ...none, choice: 'Other' },
      { complete: false, referralType: 'Other', referredBy: null },
    ],
    [
      'needs a follow-up for Referral',
      { ...none, choice: 'Referral', followUp: '  ' },
      { complete: false, referralType: 'Referral', referredBy: null },
    ],
    [
      'needs a follow-up for Conference',
      { ...none, choice: 'Conference' },
      { complete: false, referralType: 'Conference', referredBy: null },
    ],
    [
      'sends the follow-up, trimmed',
      { ...none, choice: 'Referral', followUp: ' Dr. Lee ' },
      { complete: true, referralType: 'Referral', referredBy: 'Dr. Lee' },
    ],
  ])('%s', (_rule, answers, expected) => {
    expect(referralAnswers(answers)).toMatchObject({ showQuestion: true, ...expected });
  });

  it('sets referralType Cookie and hides the question when a referral cookie exists', () => {
    expect(referralAnswers({ ...none, referralCookie: 'ref-42' })).toEqual({
      showQuestion: false,
      complete: true,
      referralType: 'Cookie',
      referredBy: 'ref-42',
    });
  });
});

describe('org details form (spec 000 §5)', () => {
  const address = {
    name: 'Smile Dental',
    address: { line1: '1 Main St', city: 'Springfield', state: 'IL', postal_code: '62701', country: 'US' },
  };
  const ok: OrgDetailsForm = {
    billing: address,
    shipping: null,
    shippingSameAsBilling: true,
    email: 'a@b.c',
    type: 'regular',
  };
  it.each<[string, OrgDetailsForm, string | null]>([
    ['saves with billing, shipping same as billing, email and type', ok, null],
    [
      'saves with a separate complete shipping address',
      { ...ok, shippingSameAsBilling: false, shipping: address },
      null,
    ],
    ['needs a billing address', { ...ok, billing: null }, 'Complete all required fields'],
    ['needs the billing name', { ...ok, billing: { ...address, name: ' ' } }, 'Complete all required fields'],
    [
      'needs a shipping address unless same as billing',
      { ...ok, shippingSameAsBilling: false },
      'Complete all required fields',
    ],
    ['needs the org email', { ...ok, email: '' }, 'Complete all required fields'],
    ['needs the org type', { ...ok, type: '' }, 'Complete all required fields'],
  ])('%s', (_rule, form, expected) => {
    expect(validateOrgDetails(form)).toBe(expected);
  });

  it.each([
    [
      'INVALID_ADDRESS_FOR_TAX',
      'The address you entered is not valid for tax purposes. Please check your address and try again.',
    ],
    ['NOT_AUTHORIZED', 'An error occurred. Please try again.'],
    ['INCOMPLETE_ADDRESS', 'Complete all required fields'],
  ])('shows the spec 000 §8 text for %s', (code, text) => {
    expect(orgDetailsErrorText(code)).toBe(text);
  });
});

describe('contract form (spec 000 §5)', () => {
  it('replaces {{name}} placeholders and shows (blank) for blank ones', () => {
    expect(
      fillPlaceholders('Between {{company}} and {{ signer }} on {{date}}.', { company: 'Smile Dental', signer: ' ' }),
    ).toBe('Between Smile Dental and (blank) on (blank).');
  });

  it('lists every missing field by label and the unchecked acceptance box', () => {
    const fields = [
      { name: 'name', label: 'Your name' },
      { name: 'title', label: 'Title' },
    ];
    expect(contractMissing(fields, { name: 'Ann', title: '' }, false, 'I agree')).toEqual(['Title', 'I agree']);
    expect(contractMissing(fields, { name: 'Ann', title: 'DDS' }, true, 'I agree')).toEqual([]);
  });
});

describe('organisation switcher and welcome page (spec 000 §2, §4)', () => {
  it('groups orgs as Internal, Admin Orgs, Reseller, Regular Orgs, leaving out empty groups', () => {
    const groups = switcherGroups({ regular: ['a', 'b'], parent: ['p'], vigil: ['v'], reseller: [] });
    expect(groups.map((g) => [g.label, g.orgs])).toEqual([
      ['Internal', ['v']],
      ['Admin Orgs', ['p']],
      ['Regular Orgs', ['a', 'b']],
    ]);
  });

  it.each<[string, { href: string }[], boolean, string | null]>([
    ['goes to the single organisation', [{ href: '/org/smile' }], false, '/org/smile'],
    ['goes to the single parent organisation app', [{ href: '/parent/group' }], true, '/parent/group'],
    ['sends a verified user with no organisation to /create-org', [], true, '/create-org'],
    ['sends an unverified user with no organisation to /verify-email', [], false, '/verify-email'],
    ['stays to list several organisations', [{ href: '/org/a' }, { href: '/org/b' }], true, null],
  ])('%s', (_rule, orgs, verified, expected) => {
    expect(welcomeRedirect(orgs, verified)).toBe(expected);
  });
});

describe('invitation errors (spec 000 §8)', () => {
  it.each([
    ['USED', undefined, 'Invitation was already used.'],
    ['INVALID', undefined, 'This invitation link is invalid. It may have expired.'],
    ['ALREADY_MEMBER', 'Smile Dental', 'You\'re already part of the "Smile Dental" organization.'],
    ['NOT_AUTHORIZED', undefined, 'Something went wrong.'],
  ])('%s reads %j', (code, org, text) => {
    expect(invitationErrorText(code, org)).toBe(text);
  });
});
