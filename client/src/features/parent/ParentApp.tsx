import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { SubAppRoutes, type SubAppRoute } from '../../ui/SubAppRoutes.js';
import { RequireAuth } from '../../session/guards.js';
import { useSession } from '../../session/SessionProvider.js';
import { audienceOnly } from '../orgs/index.js';
import { mayAdminister } from '../../session/sessionOrgs.js';
import { FormEditorPage } from '../forms/index.js';
import { ParentLivePage } from '../live-vitals/index.js';
import { ParentCalendarPage } from './ParentCalendarPage.js';
import { FormsPage } from '../forms/index.js';
import { ParentOrgMembersPage, ParentOrgPage, ParentOrgsPage, ParentPeoplePage } from './ParentPages.js';

/** The parent app's routes under /parent/{parentOrgId} (spec 000 §2). */
export const PARENT_ROUTES: readonly SubAppRoute[] = [
  { path: '', title: 'Admin Dashboard', element: <ParentOrgsPage title="Admin Dashboard" dashboard /> },
  { path: 'orgs', title: 'Organizations', element: <ParentOrgsPage /> },
  { path: 'orgs/:selectedOrgId', title: 'Organization', element: <ParentOrgPage /> },
  { path: 'live', title: 'Live', element: <ParentLivePage /> },
  { path: 'calendar', title: 'Calendar', element: <ParentCalendarPage /> },
  { path: 'forms', title: 'Forms', element: <FormsPage /> },
  { path: 'forms/create', title: 'Create Form', element: <FormEditorPage /> },
  { path: 'forms/:formId', title: 'Form', element: <FormEditorPage /> },
  { path: 'people', title: 'People', element: <ParentPeoplePage /> },
  { path: 'org-members', title: 'Organization Members', element: <ParentOrgMembersPage /> },
];

/** The parent (admin dashboard) app, loaded on demand (spec 000 §2). */
export default function ParentApp(): ReactNode {
  const { parentOrgId = '' } = useParams();
  const { session } = useSession();
  // Spec 000 §6 sub-app audiences: the parent organisation's admins (and internal ubers); others
  // see each screen's title and why it is not for them. The server refuses their calls anyway.
  const allowed = mayAdminister(session, { id: parentOrgId, parentOrgs: [] });
  const base = `/parent/${encodeURIComponent(parentOrgId)}`;
  const nav = [
    { label: 'Organizations', href: `${base}/orgs` },
    { label: 'Live', href: `${base}/live` },
    { label: 'Calendar', href: `${base}/calendar` },
    { label: 'Forms', href: `${base}/forms` },
    { label: 'People', href: `${base}/people` },
    { label: 'Organization Members', href: `${base}/org-members` },
  ];
  return (
    <RequireAuth>
      <SubAppRoutes
        routes={
          allowed
            ? PARENT_ROUTES
            : audienceOnly(PARENT_ROUTES, 'This screen is for the admins of this admin organization.')
        }
        nav={nav}
      />
    </RequireAuth>
  );
}
