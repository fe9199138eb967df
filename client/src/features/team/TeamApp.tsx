import { isInternalMember } from '@vigil/shared';
import type { ReactNode } from 'react';
import { SubAppRoutes, shopRoutes, type SubAppRoute } from '../../ui/SubAppRoutes.js';
import { RequireAuth } from '../../session/guards.js';
import { useSession } from '../../session/SessionProvider.js';
import { audienceOnly } from '../orgs/index.js';
import { subjectOf } from '../../session/sessionOrgs.js';
import {
  ProviderCustomerShopPage,
  shopElement,
  StoreOrderPage,
  StoreOrdersPage,
  StorePage,
  StoreProductPage,
  StoreProductsPage,
} from '../shop/index.js';
import { TeamFeatureFlagsPage, TeamOrgPage, TeamOrgsPage, TeamUsersPage } from './TeamPages.js';
import { PlanProductPage, PlanProductsPage, ThePlanPage } from '../subscription/index.js';
import { PresetMigrationPage } from '../presets/index.js';
import { TeamFeedbackPage } from './TeamFeedbackPage.js';
import { TeamLivePage } from '../live-vitals/index.js';
import { TeamCalendarPage } from './TeamCalendarPage.js';
import { TeamEquipmentPage } from './TeamEquipmentPage.js';
import { TeamFhirPage } from './TeamFhirPage.js';
import { TeamUserPage } from './TeamUserPage.js';
import { TeamOnboardingPage } from './TeamOnboardingPage.js';
import { TeamCasePage, TeamCasesPage, TeamCaseStatsPage, TeamDbConsolePage } from './TeamOversightPages.js';

/** The internal team app's routes under /vigil-team (spec 000 §2). */
export const TEAM_ROUTES: readonly SubAppRoute[] = [
  { path: '', title: 'Vigil Team', element: <TeamOrgsPage title="Vigil Team" /> },
  { path: 'orgs', title: 'Organizations', element: <TeamOrgsPage /> },
  { path: 'orgs/:selectedOrgId', title: 'Organization', element: <TeamOrgPage param="selectedOrgId" /> },
  { path: 'orgs/:selectedOrgId/feature-flags', title: 'Feature Flags', element: <TeamFeatureFlagsPage /> },
  ...shopRoutes('orgs/:selectedOrgId/orders/:orderId', shopElement),
  { path: 'live', title: 'Live', element: <TeamLivePage /> },
  { path: 'equipment-planner', title: 'Equipment Planner', element: <TeamEquipmentPage /> },
  { path: 'case-stats', title: 'Case Stats', element: <TeamCaseStatsPage /> },
  { path: 'customer-support', title: 'Customer Support', element: <TeamFeedbackPage /> },
  { path: 'calendar', title: 'Calendar', element: <TeamCalendarPage /> },
  { path: 'the-plan', title: 'The Plan', element: <ThePlanPage /> },
  {
    path: 'parent-orgs',
    title: 'Parent Organizations',
    element: <TeamOrgsPage title="Parent Organizations" type="parent" />,
  },
  { path: 'parent-orgs/:parentOrgId', title: 'Parent Organization', element: <TeamOrgPage param="parentOrgId" /> },
  ...shopRoutes('parent-orgs/:parentOrgId/orders/:orderId', shopElement),
  ...shopRoutes('stripe-customers/:stripeCustomerId/orders/:orderId', () => <ProviderCustomerShopPage />),
  { path: 'onboarding', title: 'Onboarding', element: <TeamOnboardingPage /> },
  { path: 'products', title: 'Products', element: <PlanProductsPage /> },
  { path: 'products/:productId', title: 'Product', element: <PlanProductPage /> },
  { path: 'cases', title: 'Cases', element: <TeamCasesPage /> },
  { path: 'cases/:caseId', title: 'Case', element: <TeamCasePage /> },
  { path: 'users', title: 'Users', element: <TeamUsersPage /> },
  { path: 'users/:userId', title: 'User', element: <TeamUserPage /> },
  { path: 'store', title: 'Store', element: <StorePage /> },
  { path: 'store/products', title: 'Store Products', element: <StoreProductsPage /> },
  { path: 'store/products/new', title: 'New Store Product', element: <StoreProductPage /> },
  { path: 'store/products/:productId', title: 'Store Product', element: <StoreProductPage /> },
  { path: 'store/orders', title: 'Store Orders', element: <StoreOrdersPage /> },
  { path: 'store/orders/:orderId', title: 'Store Order', element: <StoreOrderPage /> },
  { path: 'fhir', title: 'FHIR', element: <TeamFhirPage /> },
  { path: 'fhir/:orgId', title: 'FHIR', element: <TeamFhirPage /> },
  { path: 'db-console', title: 'DB Console', element: <TeamDbConsolePage /> },
  { path: 'preset-migration', title: 'Preset Migration', element: <PresetMigrationPage /> },
];

/** The internal team app, loaded on demand (spec 000 §2). */
export default function TeamApp(): ReactNode {
  const { session } = useSession();
  const nav = [
    { label: 'Organizations', href: '/vigil-team/orgs' },
    { label: 'Parent Organizations', href: '/vigil-team/parent-orgs' },
    { label: 'Users', href: '/vigil-team/users' },
    { label: 'Cases', href: '/vigil-team/cases' },
    { label: 'Live', href: '/vigil-team/live' },
    { label: 'Onboarding', href: '/vigil-team/onboarding' },
    { label: 'Store', href: '/vigil-team/store' },
    { label: 'Customer Support', href: '/vigil-team/customer-support', releasedOn: '2026-11-29' },
    { label: 'Case Stats', href: '/vigil-team/case-stats', releasedOn: '2026-11-29' },
    { label: 'DB Console', href: '/vigil-team/db-console', releasedOn: '2026-11-29' },
    { label: 'Calendar', href: '/vigil-team/calendar', releasedOn: '2026-11-29' },
    { label: 'FHIR', href: '/vigil-team/fhir', releasedOn: '2026-11-29' },
    { label: 'Equipment Planner', href: '/vigil-team/equipment-planner', releasedOn: '2026-11-29' },
  ];
  // Spec 000 §6 sub-app audiences: internal staff. The lists need an internal uber (the server
  // refuses others); anyone else sees each screen's title and why it is not for them.
  const allowed = isInternalMember(subjectOf(session, true));
  return (
    <RequireAuth>
      <SubAppRoutes
        routes={allowed ? TEAM_ROUTES : audienceOnly(TEAM_ROUTES, 'This screen is for the Vigil team.')}
        nav={nav}
      />
    </RequireAuth>
  );
}
