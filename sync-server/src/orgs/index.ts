import { audited, type Audited } from '../access/audited.js';
import { BaaService } from './baa.js';
import type { OrgDeps } from './deps.js';
import { FeatureService } from './features.js';
import { InvitationService } from './invitations.js';
import { MemberService } from './members.js';
import { OrganisationService } from './organisations.js';

export type { OrgDeps } from './deps.js';
export { serverResources, type OrgResources } from './resources.js';
export { orgHref } from './organisations.js';
export { TEAM_USERS_LIMIT } from './members.js';
export { ORG_INVITATIONS_PER_HOUR } from './invitations.js';

/** The organisations' domain (issue 4, issue 26): one service per area over the one OrgStore. */
export interface OrgServices {
  organisations: OrganisationService;
  members: MemberService;
  invitations: InvitationService;
  features: FeatureService;
  baa: Audited<BaaService, 'countersign'>;
}

/** Builds the organisation services (services.ts does it once per process; the admin CLI too). */
export function createOrgServices(deps: OrgDeps): OrgServices {
  return {
    organisations: new OrganisationService(deps),
    members: new MemberService(deps),
    invitations: new InvitationService(deps),
    features: new FeatureService(deps),
    // Issue 36 item 2: the countersignature's record is written by the audit wrapper; the other
    // organisation changes are audited inside their one store write (OrgStore takes the event).
    baa: audited(new BaaService(deps), { countersign: 'configuration' }, { orgs: deps.store, now: deps.now }),
  };
}
