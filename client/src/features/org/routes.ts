import { createElement } from 'react';
import { shopRoutes, webhookRoutes, type SubAppRoute } from '../../ui/SubAppRoutes.js';
import { CalendarPage } from '../calendar/CalendarPage.js';
import { CasePage } from '../cases/CasePage.js';
import { CasesPage } from '../cases/CasesPage.js';
import { NewCasePage } from '../cases/NewCasePage.js';
import { FormEditorPage } from '../forms/FormEditorPage.js';
import { FormsPage } from '../forms/FormsPage.js';
import { HealthHistoriesPage } from '../health-history/HealthHistoriesPage.js';
import { InventoriesPage } from '../inventories/InventoriesPage.js';
import { InventoryPage } from '../inventories/InventoryPage.js';
import { LedgerLogPage } from '../inventories/LedgerLogPage.js';
import { LocationsPage } from '../locations/LocationsPage.js';
import { BaaPage } from '../orgs/BaaPage.js';
import { GoLivePage } from '../orgs/GoLivePage.js';
import { MemberPage } from '../orgs/MemberPage.js';
import { MembersPage } from '../orgs/MembersPage.js';
import { SettingsPage } from '../orgs/SettingsPage.js';
import { PatientPage } from '../patients/PatientPage.js';
import { PatientsPage } from '../patients/PatientsPage.js';
import { AdminReportsPage } from '../report/AdminReportsPage.js';
import { ReportReviewPage } from '../report/ReportReviewPage.js';
import { ReportReviewViewPage } from '../report/ReportReviewViewPage.js';
import { UnsignedReportsPage } from '../report/UnsignedReportsPage.js';

/** The organisation app's routes under /org/{orgId} (spec 000 §2). */
export const ORG_ROUTES: readonly SubAppRoute[] = [
  { path: '', title: 'Calendar', element: createElement(CalendarPage) },
  { path: 'go-live', title: 'Go Live', element: createElement(GoLivePage) },
  { path: 'apps', title: 'Apps' },
  { path: 'apps/:appId', title: 'App' },
  { path: 'apps/installed/:appInstallationId', title: 'Installed App' },
  ...webhookRoutes('apps/installed/:appInstallationId'),
  { path: 'baa', title: 'Business Associate Agreement', element: createElement(BaaPage) },
  { path: 'customize-drugs', title: 'Customize Drugs' },
  { path: 'new-case', title: 'New Case', element: createElement(NewCasePage) },
  { path: 'patients', title: 'Patients', element: createElement(PatientsPage) },
  { path: 'patients/:patientId', title: 'Patient', element: createElement(PatientPage) },
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
  { path: 'analytics', title: 'Analytics' },
  { path: 'reports', title: 'Reports' },
  { path: 'forms', title: 'Forms', element: createElement(FormsPage) },
  { path: 'forms/create', title: 'Create Form', element: createElement(FormEditorPage) },
  { path: 'forms/:formId', title: 'Form', element: createElement(FormEditorPage) },
  { path: 'members', title: 'Members', element: createElement(MembersPage) },
  { path: 'members/:practitionerId', title: 'Member', element: createElement(MemberPage) },
  { path: 'locations', title: 'Locations', element: createElement(LocationsPage) },
  { path: 'integrations', title: 'Integrations' },
  { path: 'cases', title: 'Cases', element: createElement(CasesPage) },
  { path: 'live-vitals', title: 'Live Vitals' },
  { path: 'cases/:appointmentId', title: 'Case', element: createElement(CasePage) },
  { path: 'details', title: 'Details' },
  { path: 'preop-list', title: 'Pre-Op List' },
  { path: 'report-review', title: 'Report Review', element: createElement(ReportReviewPage) },
  { path: 'report-review/view', title: 'Report Review', element: createElement(ReportReviewViewPage) },
  { path: 'admin-reports', title: 'Admin Reports', element: createElement(AdminReportsPage) },
  { path: 'admin-reports/unsigned', title: 'Unsigned Reports', element: createElement(UnsignedReportsPage) },
  { path: 'inventories', title: 'Inventories', element: createElement(InventoriesPage) },
  { path: 'inventories/log', title: 'Inventory Log', element: createElement(LedgerLogPage) },
  { path: 'inventories/:inventoryId', title: 'Inventory', element: createElement(InventoryPage) },
  { path: 'inventories/:inventoryId/log', title: 'Inventory Log', element: createElement(LedgerLogPage) },
  { path: 'provider-case-presets', title: 'Provider Case Presets' },
  { path: 'settings', title: 'Settings', element: createElement(SettingsPage) },
  { path: 'subscription', title: 'Subscription' },
  ...shopRoutes(''),
  { path: 'shop/orders', title: 'Orders' },
  { path: 'shop/orders/:orderId', title: 'Order' },
];
