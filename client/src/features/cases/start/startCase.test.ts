import { describe, expect, it } from 'vitest';
import { caseRoles, sedationLevelNotAllowedText, sedationLevelOptions } from './startCase.js';

describe('start case rules', () => {
  it('[SL2] disables the sedation levels above the organisation limit (spec 000 §3, spec 002 §5)', () => {
    expect(sedationLevelOptions('moderate')).toEqual([
      { value: 'local', label: 'Local', disabled: false },
      { value: 'minimal', label: 'Minimal', disabled: false },
      { value: 'moderate', label: 'Moderate', disabled: false },
      { value: 'deep', label: 'Deep', disabled: true },
      { value: 'ga', label: 'GA', disabled: true },
    ]);
    expect(sedationLevelOptions('ga').every((o) => !o.disabled)).toBe(true);
  });

  it('says why a level above the limit is not allowed', () => {
    expect(sedationLevelNotAllowedText('deep', 'moderate')).toBe(
      'Sedation level "Deep" is not allowed by your organization\'s subscription (up to Moderate).',
    );
  });

  it('[CR1] the surgeon role enters the sedation provider, who signs unless the primary provider must (spec 001 §6)', () => {
    const q = {
      userRole: 'surgeon' as const,
      primaryProviderName: 'Dr. Ray',
      surgeonName: null,
      sedationProviderName: 'Dr. Anes',
    };
    expect(caseRoles({ ...q, primaryProviderMustBeFinalSigner: false })).toEqual({
      surgeonName: 'Dr. Ray',
      sedationProviderName: 'Dr. Anes',
      finalSignerName: 'Dr. Anes',
      surgeonEntered: false,
      sedationProviderEntered: true,
    });
    expect(caseRoles({ ...q, primaryProviderMustBeFinalSigner: true }).finalSignerName).toBe('Dr. Ray');
  });

  it('[CR1] the sedation provider role enters the surgeon; other fills all three', () => {
    const q = { primaryProviderName: 'Dr. Ray', surgeonName: 'Dr. Cut', sedationProviderName: null };
    expect(caseRoles({ ...q, userRole: 'sedationProvider', primaryProviderMustBeFinalSigner: false })).toMatchObject({
      surgeonName: 'Dr. Cut',
      sedationProviderName: 'Dr. Ray',
      finalSignerName: 'Dr. Ray',
      surgeonEntered: true,
    });
    expect(caseRoles({ ...q, userRole: 'other', primaryProviderMustBeFinalSigner: false })).toMatchObject({
      surgeonName: 'Dr. Ray',
      sedationProviderName: 'Dr. Ray',
      finalSignerName: 'Dr. Ray',
      surgeonEntered: false,
      sedationProviderEntered: false,
    });
  });

  it('without a role both names are entered and nobody signs yet', () => {
    expect(
      caseRoles({
        userRole: null,
        primaryProviderName: 'Dr. Ray',
        surgeonName: 'A',
        sedationProviderName: 'B',
        primaryProviderMustBeFinalSigner: false,
      }),
    ).toEqual({
      surgeonName: 'A',
      sedationProviderName: 'B',
      finalSignerName: null,
      surgeonEntered: true,
      sedationProviderEntered: true,
    });
  });
});
