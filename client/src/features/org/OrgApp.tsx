import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { SubAppRoutes } from '../../app/SubAppRoutes.js';
import { ORG_ROUTES } from './routes.js';

/** The organisation app, loaded on demand under /org/{orgId} (spec 000 §2). */
export default function OrgApp(): ReactNode {
  const { orgId = '' } = useParams();
  const base = `/org/${encodeURIComponent(orgId)}`;
  const nav = [
    { label: 'Calendar', href: base, exact: true },
    { label: 'Cases', href: `${base}/cases` },
    { label: 'Patients', href: `${base}/patients` },
    { label: 'Report Review', href: `${base}/report-review` },
    { label: 'Forms', href: `${base}/forms` },
    { label: 'Members', href: `${base}/members` },
    { label: 'Locations', href: `${base}/locations` },
    { label: 'Settings', href: `${base}/settings` },
  ];
  return <SubAppRoutes routes={ORG_ROUTES} nav={nav} />;
}
