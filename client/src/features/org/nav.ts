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
    { label: adminLabel('Settings', isAdmin), href: `${base}/settings` },
    { label: 'Details', href: `${base}/details`, releasedOn: RELEASED_SESSION_27 },
  ];
}
