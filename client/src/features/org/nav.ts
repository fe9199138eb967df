import { adminLabel } from '../orgs/index.js';

/** One link of the office's navigation. */
export interface OrgNavLink {
  label: string;
  href: string;
  exact?: boolean;
  /** When the screen was released (UTC day): the 'NEW' badge for 15 days (NB1). */
  releasedOn?: string;
}

/** The day this wave's screens were released: their navigation items show 'NEW' for 15 days (NB1). */
const RELEASED_SESSION_27 = '2026-11-29';
/** Session 28's screens (the office's monitors and bridges, its reports). */
const RELEASED_SESSION_28 = '2026-11-29';

/**
 * The office's navigation (spec 000 §2): its screens, "Shop" (`/org/{orgId}/shop`) only while the
 * organisation's `store` feature flag is on (spec 000 §3 flags): an office without the shop is not
 * shown a link to a screen it has no use for. Analytics (issue 41) is its administrators'.
 */
export function orgNav(orgId: string, isAdmin: boolean, storeOn: boolean): OrgNavLink[] {
  const base = `/org/${encodeURIComponent(orgId)}`;
  return [
    { label: 'Calendar', href: base, exact: true },
    { label: 'Cases', href: `${base}/cases` },
    { label: 'Live Vitals', href: `${base}/live-vitals`, releasedOn: RELEASED_SESSION_27 },
    { label: 'Patients', href: `${base}/patients` },
    // Issue 40: the front desk's list of the coming visits and what each patient still needs.
    { label: 'Pre-Op List', href: `${base}/preop-list`, releasedOn: RELEASED_SESSION_27 },
    { label: 'Report Review', href: `${base}/report-review` },
    { label: 'Forms', href: `${base}/forms` },
    // Issue 39: the office's presets by provider, and its drug list (admins change it; everyone sees it).
    { label: 'Presets', href: `${base}/provider-case-presets`, releasedOn: RELEASED_SESSION_27 },
    { label: adminLabel('Drugs', isAdmin), href: `${base}/customize-drugs`, releasedOn: RELEASED_SESSION_27 },
    { label: 'Inventories', href: `${base}/inventories` },
    ...(storeOn ? [{ label: 'Shop', href: `${base}/shop` }] : []),
    { label: adminLabel('Analytics', isAdmin), href: `${base}/analytics`, releasedOn: RELEASED_SESSION_27 },
    // Issue 41: the office's exports (case log, controlled drugs, units per provider, overrides).
    { label: adminLabel('Reports', isAdmin), href: `${base}/reports`, releasedOn: RELEASED_SESSION_28 },
    { label: adminLabel('Members', isAdmin), href: `${base}/members` },
    { label: 'Locations', href: `${base}/locations` },
    // Issue 38: the office's Vigil Bridges and their monitors (admins pair and revoke; everyone sees them).
    { label: adminLabel('Monitors', isAdmin), href: `${base}/monitors`, releasedOn: RELEASED_SESSION_28 },
    { label: adminLabel('Settings', isAdmin), href: `${base}/settings` },
    // Issue 42: installed apps, their webhooks and the integration flags.
    { label: adminLabel('Integrations', isAdmin), href: `${base}/integrations`, releasedOn: RELEASED_SESSION_27 },
    { label: 'Details', href: `${base}/details`, releasedOn: RELEASED_SESSION_27 },
  ];
}
