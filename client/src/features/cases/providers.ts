import { practitionerRoles, type Practitioner } from '@vigil/shared';

/**
 * The practitioners a new case may name as its provider (issue 25): active members with the
 * provider role (spec 000 §6 roles, kept as the Practitioner's security tags, spec 001 §6). An
 * admin, a front-desk member or a statistics user without the role is not offered.
 */
export function caseProviders<P extends Practitioner>(practitioners: readonly P[]): (P & { id: string })[] {
  return practitioners.filter(
    (p): p is P & { id: string } => Boolean(p.id) && p.active !== false && practitionerRoles(p).includes('provider'),
  );
}
