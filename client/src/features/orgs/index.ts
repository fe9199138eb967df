/** The orgs feature's surface for other features (issue 36 item 6): they import it only through this file. */
export { audienceOnly } from './AudienceOnly.js';
export { BaaPage } from './BaaPage.js';
export { GoLivePage } from './GoLivePage.js';
export { MemberPage } from './MemberPage.js';
export { MembersPage } from './MembersPage.js';
export { OrgDetailsForm } from './OrgDetailsForm.js';
export { OrgDetailsPage } from './OrgDetailsPage.js';
export { OrgOverview, OrgTable } from './OrgOverview.js';
export { RequireOrgAccess } from './RequireOrgAccess.js';
export { RoleBadges } from './RoleBadges.js';
export { FeatureFlags, SettingsPage } from './SettingsPage.js';
export { countersignBaa, type Baa } from './api.js';
export { useAllOrgs, useBaa, useChildOrgMembers, useChildOrgs, useOrg, useTeamUsers } from './hooks.js';
export { ROLE_LABELS, adminLabel, memberErrorText } from './memberRules.js';
export {
  defaultText,
  inheritedText,
  policyErrorText,
  policyLoadErrorText,
  policyText,
} from './policies/PolicyEditor.js';
