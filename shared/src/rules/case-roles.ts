import type { UserRole } from '../enums.js';

export interface CaseRoleNames {
  readonly surgeonName: string | null;
  readonly sedationProviderName: string | null;
  readonly finalSignerName: string | null;
}

/**
 * [CR1] Roles in a case (spec 001 §6):
 * surgeon — the surgeon is the primary provider, the sedation provider is the entered name, and
 * the final signer is the sedation provider when a different final signer is allowed, else the
 * primary provider; sedationProvider — the primary provider is both sedation provider and final
 * signer, the surgeon is as entered; other — the primary provider fills all three.
 */
export function caseRoleNames(q: {
  userRole: UserRole;
  primaryProviderName: string | null;
  surgeonName?: string | null;
  sedationProviderName?: string | null;
  allowDifferentFinalSigner: boolean;
}): CaseRoleNames {
  const primary = q.primaryProviderName;
  switch (q.userRole) {
    case 'surgeon': {
      const sedation = q.sedationProviderName ?? null;
      return {
        surgeonName: primary,
        sedationProviderName: sedation,
        finalSignerName: q.allowDifferentFinalSigner ? sedation : primary,
      };
    }
    case 'sedationProvider':
      return { surgeonName: q.surgeonName ?? null, sedationProviderName: primary, finalSignerName: primary };
    case 'other':
      return { surgeonName: primary, sedationProviderName: primary, finalSignerName: primary };
  }
}

/**
 * [CR2] A preset's user role (both, sedationProvider, surgeon; spec 002 §3, §6) as the case's
 * user role: both is the case's other (one person in every role). Null for an unknown value.
 */
export function presetUserRoleToCaseRole(role: unknown): UserRole | null {
  if (role === 'both' || role === 'other') return 'other';
  if (role === 'sedationProvider' || role === 'surgeon') return role;
  return null;
}
