import { PRACTITIONER_ROLE_SYSTEM, type Practitioner } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { caseProviders } from './providers.js';

function member(id: string, roles: string[], active?: boolean): Practitioner {
  return {
    resourceType: 'Practitioner',
    id,
    name: [{ text: id }],
    ...(active === undefined ? {} : { active }),
    meta: { security: roles.map((code) => ({ system: PRACTITIONER_ROLE_SYSTEM, code })) },
  };
}

describe('the new case’s provider list (issue 25)', () => {
  it('offers members with the provider role and leaves out those without it', () => {
    const list = [
      member('dr-lane', ['admin', 'provider']),
      member('front-desk', ['member']),
      member('office-admin', ['admin']),
      member('dr-ray', ['provider']),
    ];
    expect(caseProviders(list).map((p) => p.id)).toEqual(['dr-lane', 'dr-ray']);
  });

  it('leaves out a provider who is no longer active, and a practitioner without roles or id', () => {
    const list: Practitioner[] = [
      member('gone', ['provider'], false),
      member('kept', ['provider'], true),
      { resourceType: 'Practitioner', id: 'untagged', name: [{ text: 'Untagged' }] },
      { ...member('x', ['provider']), id: undefined },
    ];
    expect(caseProviders(list).map((p) => p.id)).toEqual(['kept']);
  });

  it('reads only Vigil role tags, not other security labels with the code "provider"', () => {
    const other: Practitioner = {
      ...member('other', []),
      meta: { security: [{ system: 'http://example.org/labels', code: 'provider' }] },
    };
    expect(caseProviders([other])).toEqual([]);
  });
});
