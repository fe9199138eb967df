import { describe, expect, it } from 'vitest';
import type { Session, SessionOrg } from './api.js';
import { mayAdminister, mayOpenOrg, orgAppRedirect, orgGroups, orgHref, sessionOrgLinks } from './sessionOrgs.js';

const org = (id: string, type: SessionOrg['type'], roles: string[] = ['member']): SessionOrg => ({
  id,
  name: `Org ${id}`,
  type,
  roles,
});

function session(orgs: Partial<Session['orgs']>): Session {
  return {
    userId: 'u1',
    multiFactorLast: 1,
    multiFactorAuthExp: 2,
    sessionRenewedAt: 1,
    sessionExpiresAt: 2,
    sudoLast: null,
    sudoExpiresAt: null,
    singleOrg: null,
    orgs: { regular: [], parent: [], vigil: [], reseller: [], ...orgs },
  };
}

describe('organisation switcher and welcome list (spec 000 §2)', () => {
  it('groups orgs as Internal, Admin Orgs, Reseller, Regular Orgs, leaving out empty groups', () => {
    const s = session({
      regular: [org('dental', 'regular')],
      vigil: [org('vigil', 'vigil')],
      parent: [org('grp', 'parent')],
    });
    expect(orgGroups(s).map((g) => g.label)).toEqual(['Internal', 'Admin Orgs', 'Regular Orgs']);
  });

  it('links each org to its sub-app', () => {
    expect(orgHref('regular', 'dental')).toBe('/org/dental');
    expect(orgHref('parent', 'grp')).toBe('/parent/grp');
    expect(orgHref('vigil', 'vigil')).toBe('/vigil-team');
    expect(orgHref('reseller', 'r1')).toBe('/reseller/r1');
  });

  it('lists nothing without a session', () => {
    expect(sessionOrgLinks(null)).toEqual([]);
    expect(orgGroups(null)).toEqual([]);
  });
});

describe('org app guard (spec 000 §4, §6)', () => {
  it("sends /org/{parent} to the parent's Admin Dashboard (issue 25)", () => {
    const s = session({ parent: [org('grp', 'parent', ['admin'])], regular: [org('dental', 'regular')] });
    expect(orgAppRedirect(s, 'grp')).toBe('/parent/grp');
    expect(orgAppRedirect(s, 'dental')).toBeNull();
    expect(orgAppRedirect(s, 'child-of-grp')).toBeNull();
    expect(orgAppRedirect(null, 'grp')).toBeNull();
  });

  it('lets a member open their organisation', () => {
    expect(mayOpenOrg(session({ regular: [org('dental', 'regular')] }), 'dental')).toBe(true);
  });

  it('sends a user of another organisation home', () => {
    expect(mayOpenOrg(session({ regular: [org('dental', 'regular')] }), 'other')).toBe(false);
  });

  it('lets internal and parent users view organisations they are not members of', () => {
    expect(mayOpenOrg(session({ vigil: [org('vigil', 'vigil')] }), 'other')).toBe(true);
    expect(mayOpenOrg(session({ parent: [org('grp', 'parent', ['admin'])] }), 'other')).toBe(true);
  });

  it('refuses everyone without a session', () => {
    expect(mayOpenOrg(null, 'dental')).toBe(false);
  });

  it('gives the right to administer to admins, parent members over children and internal ubers only', () => {
    const ref = { id: 'dental', parentOrgs: ['grp'] };
    expect(mayAdminister(session({ regular: [org('dental', 'regular', ['admin', 'member'])] }), ref)).toBe(true);
    expect(mayAdminister(session({ regular: [org('dental', 'regular', ['member', 'provider'])] }), ref)).toBe(false);
    expect(mayAdminister(session({ parent: [org('grp', 'parent')] }), ref)).toBe(true);
    expect(mayAdminister(session({ vigil: [org('vigil', 'vigil', ['uber'])] }), ref)).toBe(true);
    expect(mayAdminister(session({ vigil: [org('vigil', 'vigil', ['dev'])] }), ref)).toBe(false);
  });
});
