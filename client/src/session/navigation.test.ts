import { describe, expect, it } from 'vitest';
import type { Session, SessionOrg } from './api.js';
import { homeTarget, postSignInTarget } from './navigation.js';

const org = (id: string, type: SessionOrg['type'], roles = ['admin']): SessionOrg => ({ id, name: id, roles, type });
function session(...orgs: SessionOrg[]): Session {
  const of = (type: string): SessionOrg[] => orgs.filter((o) => o.type === type);
  return {
    userId: 'u1',
    multiFactorLast: 1,
    multiFactorAuthExp: 2,
    sessionRenewedAt: 1,
    sessionExpiresAt: 2,
    sudoLast: null,
    sudoExpiresAt: null,
    singleOrg: null,
    orgs: { regular: of('regular'), parent: of('parent'), vigil: of('vigil'), reseller: of('reseller') },
  };
}

describe('navigation at / (spec 000 §2, §4; issue 25)', () => {
  it('shows the welcome page to a user with two organisations (only a single organisation redirects)', () => {
    expect(homeTarget(null, session(org('north', 'regular'), org('south', 'regular')), true)).toBeNull();
    expect(homeTarget(null, session(org('group', 'parent'), org('north', 'regular')), true)).toBeNull();
  });

  it.each<[SessionOrg['type'], string]>([
    ['regular', '/org/north'],
    ['parent', '/parent/north'],
    ['vigil', '/vigil-team'],
    ['reseller', '/reseller/north'],
  ])('sends the user of a single %s organisation to %s', (type, path) => {
    expect(homeTarget(null, session(org('north', type)), true)).toBe(path);
  });

  it('without organisations: /create-org when the email is verified, else /verify-email', () => {
    expect(homeTarget(null, session(), true)).toBe('/create-org');
    expect(homeTarget(null, session(), false)).toBe('/verify-email');
  });

  it('an accepted return URL wins', () => {
    expect(homeTarget('/profile', session(org('a', 'regular'), org('b', 'regular')), true)).toBe('/profile');
  });
});

describe('post-sign-in redirect (spec 000 §4)', () => {
  it("takes a parent organisation's admin to its Admin Dashboard, not the Case Manager", () => {
    expect(postSignInTarget(null, session(org('group', 'parent')))).toBe('/parent/group');
  });

  it('goes to / with two organisations or none, and to the return URL when there is one', () => {
    expect(postSignInTarget(null, session(org('a', 'regular'), org('b', 'parent')))).toBe('/');
    expect(postSignInTarget(null, session())).toBe('/');
    expect(postSignInTarget(null, null)).toBe('/');
    expect(postSignInTarget('/org/a/cases', session(org('a', 'regular')))).toBe('/org/a/cases');
  });
});
