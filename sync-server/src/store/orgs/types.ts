import type { OrgFeatureStore } from './features.js';
import type { InvitationStore } from './invitations.js';
import type { MembershipStore } from './memberships.js';
import type { OrganisationStore } from './organisations.js';

export type * from './common.js';
export type * from './features.js';
export type * from './invitations.js';
export type * from './memberships.js';
export type * from './organisations.js';

/*
 * The organisations' repository (issue 26), split by aggregate (issue 36 item 7): organisations
 * and their parents (organisations.ts), memberships (memberships.ts), invitations
 * (invitations.ts), feature flags and plans (features.ts). Every method is async and every write
 * is ONE atomic operation (its audit events included), so a PostgreSQL implementation only has to
 * implement these interfaces and pass contract.test.ts. Users are looked up through AccountStore
 * (store/accounts/), not here. A caller that needs one aggregate takes that interface (or a Pick
 * of this one).
 */
export type OrgStore = OrganisationStore & MembershipStore & InvitationStore & OrgFeatureStore;
