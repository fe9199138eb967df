import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { SubAppRoutes, type SubAppRoute } from '../../app/SubAppRoutes.js';

/** The parent app's routes under /parent/{parentOrgId} (spec 000 §2). */
export const PARENT_ROUTES: readonly SubAppRoute[] = [
  { path: '', title: 'Admin Dashboard' },
  { path: 'orgs', title: 'Organizations' },
  { path: 'orgs/:selectedOrgId', title: 'Organization' },
  { path: 'live', title: 'Live' },
  { path: 'calendar', title: 'Calendar' },
  { path: 'forms', title: 'Forms' },
  { path: 'forms/create', title: 'Create Form' },
  { path: 'forms/:formId', title: 'Form' },
  { path: 'people', title: 'People' },
  { path: 'org-members', title: 'Organization Members' },
];

/** The parent (admin dashboard) app, loaded on demand (spec 000 §2). */
export default function ParentApp(): ReactNode {
  const { parentOrgId = '' } = useParams();
  const base = `/parent/${encodeURIComponent(parentOrgId)}`;
  const nav = [
    { label: 'Organizations', href: `${base}/orgs` },
    { label: 'Live', href: `${base}/live` },
    { label: 'Calendar', href: `${base}/calendar` },
    { label: 'Forms', href: `${base}/forms` },
    { label: 'People', href: `${base}/people` },
    { label: 'Organization Members', href: `${base}/org-members` },
  ];
  return <SubAppRoutes routes={PARENT_ROUTES} nav={nav} />;
}
