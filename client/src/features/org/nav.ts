import { adminLabel } from '../orgs/index.js';

/** One link of the office's navigation. */
export interface OrgNavLink {
  label: string;
  href: string;
  exact?: boolean;
}

/**
 * The office's navigation (spec 000 §2): its screens, "Shop" (`/org/{orgId}/shop`) only while the
 * organisation's `store` feature flag is on (spec 000 §3 flags): an office without the shop is not
 * shown a link to a screen it has no use for.
 */
export function orgNav(orgId: string, isAdmin: boolean, storeOn: boolean): OrgNavLink[] {
  const base = `/org/${encodeURIComponent(orgId)}`;
  return [
    { label: 'Calendar', href: base, exact: true },
    { label: 'Cases', href: `${base}/cases` },
    { label: 'Live Vitals', href: `${base}/live-vitals` },
    { label: 'Patients', href: `${base}/patients` },
    { label: 'Report Review', href: `${base}/report-review` },
    { label: 'Forms', href: `${base}/forms` },
    { label: 'Inventories', href: `${base}/inventories` },
    ...(storeOn ? [{ label: 'Shop', href: `${base}/shop` }] : []),
    { label: adminLabel('Members', isAdmin), href: `${base}/members` },
    { label: 'Locations', href: `${base}/locations` },
    { label: adminLabel('Settings', isAdmin), href: `${base}/settings` },
  ];
}
