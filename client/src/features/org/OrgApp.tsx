import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { SubAppRoutes } from '../../app/SubAppRoutes.js';
import { useSession } from '../../app/session/SessionProvider.js';
import { adminLabel } from '../orgs/memberRules.js';
import { RequireOrgAccess } from '../orgs/RequireOrgAccess.js';
import { mayAdminister } from '../orgs/sessionOrgs.js';
import { ORG_ROUTES } from './routes.js';

/** The organisation app, loaded on demand under /org/{orgId} (spec 000 §2). */
export default function OrgApp(): ReactNode {
  const { orgId = '' } = useParams();
  const { session } = useSession();
  const isAdmin = mayAdminister(session, { id: orgId, parentOrgs: [] });
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
  return (
    <RequireOrgAccess orgId={orgId}>
      <SubAppRoutes routes={ORG_ROUTES} nav={nav} />
    </RequireOrgAccess>
  );
}
