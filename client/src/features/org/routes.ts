import { createElement } from 'react';
import { shopRoutes, webhookRoutes, type SubAppRoute } from '../../ui/SubAppRoutes.js';
import { AnalyticsPage } from '../analytics/index.js';
import {
  AppPage,
  AppsPage,
  DeliveriesPage,
  DeliveryPage,
  InstalledAppPage,
  IntegrationsPage,
  WebhookPage,
} from '../apps/index.js';
import { ReportsPage } from '../office-reports/index.js';
import { CalendarPage } from '../calendar/index.js';
import { CasePage } from '../cases/index.js';
import { CASE_SECTIONS } from './caseSections.js';
import { OfficeChecklists } from './checklists/OfficeChecklists.js';
import { CasesPage } from '../cases/index.js';
import { NewCasePage } from '../cases/index.js';
import { TourPage } from '../cases/index.js';
import { FormEditorPage } from '../forms/index.js';
import { FormsPage } from '../forms/index.js';
import { HealthHistoriesPage } from '../health-history/index.js';
import { PatientHealthHistory } from '../health-history/index.js';
import { InventoriesPage } from '../inventories/index.js';
import { InventoryPage } from '../inventories/index.js';
import { LedgerLogPage } from '../inventories/index.js';
import { LiveVitalsPage } from '../live-vitals/index.js';
import { BridgesPage } from '../monitors/index.js';
import { LocationsPage } from '../locations/index.js';
import { BaaPage } from '../orgs/index.js';
import { GoLivePage } from '../orgs/index.js';
import { MemberPage } from '../orgs/index.js';
import { MembersPage } from '../orgs/index.js';
import { SettingsPage } from '../orgs/index.js';
import { OrgDetailsPage } from '../orgs/index.js';
import { CustomizeDrugsPage } from '../office-drugs/index.js';
import { PatientPage } from '../patients/index.js';
import { PreopListPage, PreopSettingsSection } from '../preop/index.js';
import { ProviderCasePresetsPage } from '../presets/index.js';
import { PatientsPage } from '../patients/index.js';
import { AdminReportsPage } from '../report/index.js';
import { OrderPage, OrdersPage, shopElement } from '../shop/index.js';
import { ReportReviewPage } from '../report/index.js';
import { ReportReviewViewPage } from '../report/index.js';
import { UnsignedReportsPage } from '../report/index.js';
import { SubscriptionPage } from '../subscription/index.js';

/** The organisation app's routes under /org/{orgId} (spec 000 §2). */
export const ORG_ROUTES: readonly SubAppRoute[] = [
  { path: '', title: 'Calendar', element: createElement(CalendarPage) },
  { path: 'go-live', title: 'Go Live', element: createElement(GoLivePage) },
  { path: 'apps', title: 'Apps', element: createElement(AppsPage) },
  { path: 'apps/:appId', title: 'App', element: createElement(AppPage) },
  { path: 'apps/installed/:appInstallationId', title: 'Installed App', element: createElement(InstalledAppPage) },
  ...webhookRoutes('apps/installed/:appInstallationId', {
    webhook: createElement(WebhookPage),
    deliveries: createElement(DeliveriesPage),
    delivery: createElement(DeliveryPage),
  }),
  { path: 'baa', title: 'Business Associate Agreement', element: createElement(BaaPage) },
  { path: 'customize-drugs', title: 'Customize Drugs', element: createElement(CustomizeDrugsPage) },
  { path: 'new-case', title: 'New Case', element: createElement(NewCasePage) },
  { path: 'tour', title: 'Tour Mode', element: createElement(TourPage) },
  { path: 'patients', title: 'Patients', element: createElement(PatientsPage) },
  {
    path: 'patients/:patientId',
    title: 'Patient',
    element: createElement(PatientPage, { HealthHistory: PatientHealthHistory }),
  },
  { path: 'patients/:patientId/new-case', title: 'New Case', element: createElement(NewCasePage) },
  {
    path: 'patients/:patientId/health-histories',
    title: 'Health Histories',
    element: createElement(HealthHistoriesPage),
  },
  {
    path: 'patients/:patientId/health-histories/:healthHistoryId',
    title: 'Health History',
    element: createElement(HealthHistoriesPage),
  },
  { path: 'analytics', title: 'Analytics', element: createElement(AnalyticsPage) },
  { path: 'reports', title: 'Reports', element: createElement(ReportsPage) },
  { path: 'forms', title: 'Forms', element: createElement(FormsPage) },
  { path: 'forms/create', title: 'Create Form', element: createElement(FormEditorPage) },
  { path: 'forms/:formId', title: 'Form', element: createElement(FormEditorPage) },
  { path: 'members', title: 'Members', element: createElement(MembersPage) },
  { path: 'members/:practitionerId', title: 'Member', element: createElement(MemberPage) },
  { path: 'locations', title: 'Locations', element: createElement(LocationsPage) },
  { path: 'integrations', title: 'Integrations', element: createElement(IntegrationsPage) },
  { path: 'cases', title: 'Cases', element: createElement(CasesPage) },
  { path: 'live-vitals', title: 'Live Vitals', element: createElement(LiveVitalsPage) },
  { path: 'monitors', title: 'Monitors and bridges', element: createElement(BridgesPage) },
  { path: 'cases/:appointmentId', title: 'Case', element: createElement(CasePage, { plugged: CASE_SECTIONS }) },
  { path: 'details', title: 'Details', element: createElement(OrgDetailsPage) },
  { path: 'preop-list', title: 'Pre-Op List', element: createElement(PreopListPage) },
  { path: 'report-review', title: 'Report Review', element: createElement(ReportReviewPage) },
  { path: 'report-review/view', title: 'Report Review', element: createElement(ReportReviewViewPage) },
  { path: 'admin-reports', title: 'Admin Reports', element: createElement(AdminReportsPage) },
  { path: 'admin-reports/unsigned', title: 'Unsigned Reports', element: createElement(UnsignedReportsPage) },
  { path: 'inventories', title: 'Inventories', element: createElement(InventoriesPage) },
  { path: 'inventories/log', title: 'Inventory Log', element: createElement(LedgerLogPage) },
  { path: 'inventories/:inventoryId', title: 'Inventory', element: createElement(InventoryPage) },
  { path: 'inventories/:inventoryId/log', title: 'Inventory Log', element: createElement(LedgerLogPage) },
  {
    path: 'provider-case-presets',
    title: 'Provider Case Presets',
    element: createElement(ProviderCasePresetsPage),
  },
  {
    path: 'settings',
    title: 'Settings',
    element: createElement(SettingsPage, { sections: [OfficeChecklists, PreopSettingsSection] }),
  },
  { path: 'subscription', title: 'Subscription', element: createElement(SubscriptionPage) },
  ...shopRoutes('', shopElement),
  { path: 'shop/orders', title: 'Orders', element: createElement(OrdersPage) },
  { path: 'shop/orders/:orderId', title: 'Order', element: createElement(OrderPage) },
];
