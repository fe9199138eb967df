import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { SubAppRoutes } from '../../app/SubAppRoutes.js';
import { useOutboxReplay } from '../../data/db.js';
import { useMayAdminister } from '../orgs/hooks.js';
import { adminLabel } from '../orgs/memberRules.js';
import { RequireOrgAccess } from '../orgs/RequireOrgAccess.js';
import { ORG_ROUTES } from './routes.js';

function OrgAppRoutes({ orgId }: { orgId: string }): ReactNode {
  const isAdmin = useMayAdminister(orgId);
  // Changes made offline (patients, new cases) are sent from whichever screen is open when the network returns.
  useOutboxReplay(orgId);
  const base = `/org/${encodeURIComponent(orgId)}`;
  const nav = [
    { label: 'Calendar', href: base, exact: true },
    { label: 'Cases', href: `${base}/cases` },
    { label: 'Patients', href: `${base}/patients` },
    { label: 'Report Review', href: `${base}/report-review` },
    { label: 'Forms', href: `${base}/forms` },
    { label: adminLabel('Members', isAdmin), href: `${base}/members` },
    { label: 'Locations', href: `${base}/locations` },
    { label: adminLabel('Settings', isAdmin), href: `${base}/settings` },
  ];
  return <SubAppRoutes routes={ORG_ROUTES} nav={nav} />;
}

/** The organisation app, loaded on demand under /org/{orgId} (spec 000 §2), for its members (spec 000 §4, §6). */
export default function OrgApp(): ReactNode {
  const { orgId = '' } = useParams();
  return <RequireOrgAccess orgId={orgId} children={<OrgAppRoutes orgId={orgId} />} />;
}
