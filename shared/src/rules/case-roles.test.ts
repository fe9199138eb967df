import { describe, expect, it } from 'vitest';
import { caseRoleNames, presetUserRoleToCaseRole } from './case-roles.js';

describe('roles in a case', () => {
  it.each([
    // [CR1] surgeon: primary is surgeon; sedation as entered; signer is sedation only when allowed
    ['surgeon', true, { surgeonName: 'Dr P', sedationProviderName: 'Dr S', finalSignerName: 'Dr S' }],
    ['surgeon', false, { surgeonName: 'Dr P', sedationProviderName: 'Dr S', finalSignerName: 'Dr P' }],
    // sedationProvider: primary is sedation provider and signer; surgeon as entered
    ['sedationProvider', true, { surgeonName: 'Dr X', sedationProviderName: 'Dr P', finalSignerName: 'Dr P' }],
    ['sedationProvider', false, { surgeonName: 'Dr X', sedationProviderName: 'Dr P', finalSignerName: 'Dr P' }],
    // other: primary fills all three
    ['other', true, { surgeonName: 'Dr P', sedationProviderName: 'Dr P', finalSignerName: 'Dr P' }],
  ] as const)('[CR1] %s (different signer allowed %s) gives %j', (userRole, allow, names) => {
    expect(
      caseRoleNames({
        userRole,
        primaryProviderName: 'Dr P',
        surgeonName: userRole === 'sedationProvider' ? 'Dr X' : 'ignored',
        sedationProviderName: 'Dr S',
        allowDifferentFinalSigner: allow,
      }),
    ).toEqual(names);
  });

  it('[CR1] leaves names unset when none was entered', () => {
    expect(
      caseRoleNames({ userRole: 'surgeon', primaryProviderName: 'Dr P', allowDifferentFinalSigner: true }),
    ).toEqual({
      surgeonName: 'Dr P',
      sedationProviderName: null,
      finalSignerName: null,
    });
    expect(
      caseRoleNames({ userRole: 'sedationProvider', primaryProviderName: null, allowDifferentFinalSigner: false })
        .surgeonName,
    ).toBeNull();
  });

  it.each([
    ['both', 'other'],
    ['other', 'other'],
    ['surgeon', 'surgeon'],
    ['sedationProvider', 'sedationProvider'],
    ['admin', null],
    [undefined, null],
  ])('[CR2] preset role %j is case role %j', (role, caseRole) => {
    expect(presetUserRoleToCaseRole(role)).toBe(caseRole);
  });
});
