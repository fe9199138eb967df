import { describe, expect, it } from 'vitest';
import { afterAcceptPath, invitationBlurb, invitationError, invitationIdFrom } from './invitation.js';
import { adminLabel, looksLikeEmail, memberErrorText } from './memberRules.js';

describe('invitation page rules (spec 000 §2, §4, §8)', () => {
  it('takes the link’s invitationId, else the stored return parameter', () => {
    expect(invitationIdFrom('abc', 'old')).toBe('abc');
    expect(invitationIdFrom(null, 'old')).toBe('old');
    expect(invitationIdFrom(' ', null)).toBeNull();
  });

  it('goes to /parent/{orgId} after a parent invitation, else /org/{orgId}', () => {
    expect(afterAcceptPath('parentInvitation', 'grp')).toBe('/parent/grp');
    expect(afterAcceptPath('regular', 'dental')).toBe('/org/dental');
  });

  it('says a parent invitation makes the invitee an admin', () => {
    expect(invitationBlurb('parentInvitation', 'Group')).toMatch(/oversees anesthesia operations.*as an admin/);
    expect(invitationBlurb('regular', 'Dental')).toMatch(/chart anesthesia automatically/);
  });

  it.each([
    [null, undefined, 'No invitation ID found.'],
    ['USED', undefined, 'Invitation was already used.'],
    ['INVALID', undefined, 'This invitation link is invalid. It may have expired.'],
    ['ALREADY_MEMBER', 'Dental', 'You\'re already part of the "Dental" organization.'],
    ['NETWORK_ERROR', undefined, 'Something went wrong.'],
  ])('shows the spec’s text for %s', (code, org, text) => {
    expect(invitationError(code, org)).toBe(text);
  });
});

describe('member screens', () => {
  it("adds '(requires admin)' to admin links for non-admins (spec 000 §6)", () => {
    expect(adminLabel('Settings', false)).toBe('Settings (requires admin)');
    expect(adminLabel('Settings', true)).toBe('Settings');
  });

  it('explains the last-admin refusal and falls back to the general error', () => {
    expect(memberErrorText('LAST_ADMIN')).toMatch(/at least one admin/);
    expect(memberErrorText('WHATEVER')).toBe('An unknown error occurred');
  });

  it('accepts only plausible email addresses for invitations', () => {
    expect(looksLikeEmail(' a@b.co ')).toBe(true);
    expect(looksLikeEmail('a@b')).toBe(false);
    expect(looksLikeEmail('')).toBe(false);
  });
});
