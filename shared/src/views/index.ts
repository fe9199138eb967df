import type { z } from 'zod';
import {
  appInstallationViewSchema,
  appViewSchema,
  appWithSecretViewSchema,
  deliveryAttemptViewSchema,
  deliveryViewSchema,
  resellerInstallationViewSchema,
  webhookViewSchema,
  webhookWithSecretViewSchema,
} from '../apps/index.js';
import { emrConnectionViewSchema, emrWriteBackViewSchema } from '../emr/index.js';
import { orgFormFieldSchema, orgFormPropertiesSchema, textBodyFormPropertiesSchema } from '../forms/forms.js';
import {
  mfaOptionViewSchema,
  sessionOrgsViewSchema,
  sessionOrgViewSchema,
  sessionViewSchema,
  signatureViewSchema,
  userAndSessionViewSchema,
  userPropertiesInputSchema,
  userViewSchema,
} from './accounts.js';
import {
  invoiceLineViewSchema,
  invoicePageViewSchema,
  invoiceViewSchema,
  newPlanInputSchema,
  paymentCardViewSchema,
  cardSetupViewSchema,
  planChangeInputSchema,
  subscriptionPeriodViewSchema,
  subscriptionViewSchema,
  teamPlanViewSchema,
} from './billing.js';
import { appointmentFormLinkViewSchema, fhirJsonViewSchema, orgFormViewSchema } from './forms.js';
import { finalizedHhxViewSchema, newHhxViewSchema } from './hhx.js';
import {
  caseLedgerLineViewSchema,
  inventoryInputSchema,
  inventoryLotViewSchema,
  inventoryViewSchema,
  ledgerCaseViewSchema,
  ledgerCheckViewSchema,
  ledgerEntryInputSchema,
  ledgerEntryViewSchema,
  ledgerFilterSchema,
  lotInputSchema,
  receiveInputSchema,
  witnessInputSchema,
} from './inventories.js';
import {
  acceptedOrgInvitationViewSchema,
  addressLinesInputSchema,
  addressLinesViewSchema,
  baaAnswerViewSchema,
  baaFieldsInputSchema,
  baaSignatureViewSchema,
  childOrgMemberViewSchema,
  createdOrgViewSchema,
  orgFeatureViewSchema,
  orgInvitationSentViewSchema,
  orgInvitationViewSchema,
  orgMemberViewSchema,
  orgPendingInvitationViewSchema,
  orgPropertiesInputSchema,
  orgSubscriptionStatusViewSchema,
  orgViewSchema,
  planViewSchema,
  postalAddressInputSchema,
  postalAddressViewSchema,
  teamUserMembershipViewSchema,
  teamUserViewSchema,
} from './orgs.js';
import { orgChecklistsViewSchema } from '../orgs/checklists.js';
import { feedbackViewSchema } from '../feedback/index.js';
import { legalAcceptanceInputSchema, legalDocumentViewSchema } from '../legal/index.js';
import {
  analyticsCaseViewSchema,
  parentAnalyticsViewSchema,
  parentOfficeAnalyticsViewSchema,
  analyticsDischargeRowViewSchema,
  analyticsDrillInputSchema,
  analyticsDrugRowViewSchema,
  analyticsFilterInputSchema,
  analyticsMonthRowViewSchema,
  analyticsOptionViewSchema,
  analyticsQualityViewSchema,
  analyticsSummaryViewSchema,
} from './analytics.js';
import { officeDrugMaximumSchema, officeDrugSchema, officeDrugsViewSchema } from '../orgs/office-drugs.js';
import { liveCaseViewSchema, liveVitalViewSchema, parentAppointmentViewSchema } from './live.js';
import {
  bridgeMonitorViewSchema,
  bridgePairingCodeViewSchema,
  bridgeReadingViewSchema,
  bridgeWaveformViewSchema,
  capturedWaveViewSchema,
  bridgeReadingVitalSchema,
  bridgeViewSchema,
} from './bridges.js';
import { officeReportFileViewSchema, officeReportRowViewSchema } from './office-reports.js';
import {
  teamCaseDayViewSchema,
  teamCaseRecordViewSchema,
  teamCaseStatsViewSchema,
  teamCaseViewSchema,
  teamDbResultViewSchema,
  teamDbRowViewSchema,
  teamSessionViewSchema,
  teamUserDetailViewSchema,
  teamOnboardingOrgViewSchema,
  teamBridgeMonitorViewSchema,
  teamBridgeViewSchema,
  teamOrderedDeviceViewSchema,
  teamEquipmentOrgViewSchema,
  teamSupportHitViewSchema,
  teamSupportDeviceViewSchema,
  teamSyncDocumentViewSchema,
  teamSyncHealthViewSchema,
  teamSupportUserViewSchema,
  teamSupportMemberViewSchema,
  teamSupportOrgViewSchema,
  teamClientLogViewSchema,
} from './oversight.js';
import { policyViewSchema } from './policies.js';
import { presetViewSchema } from './presets.js';
import { preopFormViewSchema, preopNpoViewSchema, preopRowViewSchema, preopSettingsViewSchema } from './preop.js';
import { caseAddendumSchema, caseSignedReportSchema, finalizedReportViewSchema, pdfShareViewSchema } from './report.js';
import {
  cartLineViewSchema,
  cartViewSchema,
  orderLineViewSchema,
  productInputSchema,
  productViewSchema,
  shopOrderViewSchema,
} from './shop.js';

export * from './accounts.js';
export * from './analytics.js';
export * from './billing.js';
export * from './forms.js';
export * from './hhx.js';
export * from './inventories.js';
export * from './live.js';
export * from './bridges.js';
export * from './office-reports.js';
export * from './oversight.js';
export * from './orgs.js';
export * from './patient-forms.js';
export * from './policies.js';
export * from './presets.js';
export * from './preop.js';
export * from './report.js';
export * from './shop.js';

/**
 * Every GraphQL object and input type a client reads or sends, by its SDL name, and the one zod
 * schema it is written as (issue 36 item 5). The server's resolvers return these types and the
 * client's api.ts reads them; sync-server/src/graphql/views-sdl.test.ts compares each with the
 * executable schema field for field (names, nullability, lists, scalar kind, nested types), so
 * a field changed on one side only fails there. A new SDL type is added here.
 */
export const GRAPHQL_VIEWS = {
  // analytics (issue 41)
  AnalyticsFilter: analyticsFilterInputSchema,
  AnalyticsDrill: analyticsDrillInputSchema,
  AnalyticsMonthRow: analyticsMonthRowViewSchema,
  AnalyticsDrugRow: analyticsDrugRowViewSchema,
  AnalyticsDischargeRow: analyticsDischargeRowViewSchema,
  AnalyticsQuality: analyticsQualityViewSchema,
  AnalyticsOption: analyticsOptionViewSchema,
  AnalyticsSummary: analyticsSummaryViewSchema,
  AnalyticsCase: analyticsCaseViewSchema,
  ParentOfficeAnalytics: parentOfficeAnalyticsViewSchema,
  ParentAnalytics: parentAnalyticsViewSchema,
  // the office's reports (issue 41)
  OfficeReportRow: officeReportRowViewSchema,
  OfficeReportFile: officeReportFileViewSchema,
  // the team's oversight screens (issue 41)
  TeamCase: teamCaseViewSchema,
  TeamCaseRecord: teamCaseRecordViewSchema,
  TeamCaseDay: teamCaseDayViewSchema,
  TeamCaseStats: teamCaseStatsViewSchema,
  TeamDbRow: teamDbRowViewSchema,
  TeamDbResult: teamDbResultViewSchema,
  TeamSession: teamSessionViewSchema,
  TeamUserDetail: teamUserDetailViewSchema,
  TeamOnboardingOrg: teamOnboardingOrgViewSchema,
  TeamBridgeMonitor: teamBridgeMonitorViewSchema,
  TeamBridge: teamBridgeViewSchema,
  TeamOrderedDevice: teamOrderedDeviceViewSchema,
  TeamEquipmentOrg: teamEquipmentOrgViewSchema,
  TeamSupportHit: teamSupportHitViewSchema,
  TeamSupportDevice: teamSupportDeviceViewSchema,
  TeamSyncDocument: teamSyncDocumentViewSchema,
  TeamSyncHealth: teamSyncHealthViewSchema,
  TeamSupportUser: teamSupportUserViewSchema,
  TeamSupportMember: teamSupportMemberViewSchema,
  TeamSupportOrg: teamSupportOrgViewSchema,
  TeamClientLog: teamClientLogViewSchema,
  // accounts
  MfaOption: mfaOptionViewSchema,
  User: userViewSchema,
  SessionOrg: sessionOrgViewSchema,
  SessionOrgs: sessionOrgsViewSchema,
  Session: sessionViewSchema,
  UserAndSession: userAndSessionViewSchema,
  Signature: signatureViewSchema,
  UserProperties: userPropertiesInputSchema,
  // orgs
  OrgSubscriptionStatus: orgSubscriptionStatusViewSchema,
  Org: orgViewSchema,
  AddressLines: addressLinesViewSchema,
  PostalAddress: postalAddressViewSchema,
  AddressLinesInput: addressLinesInputSchema,
  PostalAddressInput: postalAddressInputSchema,
  OrgProperties: orgPropertiesInputSchema,
  OrgInvitation: orgInvitationViewSchema,
  PendingOrgInvitation: orgPendingInvitationViewSchema,
  OrgInvitationSent: orgInvitationSentViewSchema,
  OrgFeature: orgFeatureViewSchema,
  Plan: planViewSchema,
  OrgMember: orgMemberViewSchema,
  ChildOrgMember: childOrgMemberViewSchema,
  TeamUserMembership: teamUserMembershipViewSchema,
  TeamUser: teamUserViewSchema,
  CreatedOrg: createdOrgViewSchema,
  AcceptedOrgInvitation: acceptedOrgInvitationViewSchema,
  BaaSignature: baaSignatureViewSchema,
  Baa: baaAnswerViewSchema,
  BaaFields: baaFieldsInputSchema,
  // report
  PdfShare: pdfShareViewSchema,
  FinalizedReport: finalizedReportViewSchema,
  CaseAddendum: caseAddendumSchema,
  CaseSignedReport: caseSignedReportSchema,
  // health history
  NewHhx: newHhxViewSchema,
  FinalizedHhx: finalizedHhxViewSchema,
  // forms
  OrgFormField: orgFormFieldSchema,
  OrgForm: orgFormViewSchema,
  OrgFormFieldInput: orgFormFieldSchema,
  OrgFormProperties: orgFormPropertiesSchema,
  TextBodyFormProperties: textBodyFormPropertiesSchema,
  FhirJson: fhirJsonViewSchema,
  AppointmentFormLink: appointmentFormLinkViewSchema,
  // inventories
  InventoryLot: inventoryLotViewSchema,
  Inventory: inventoryViewSchema,
  LedgerCase: ledgerCaseViewSchema,
  LedgerEntry: ledgerEntryViewSchema,
  LedgerCheck: ledgerCheckViewSchema,
  CaseLedgerLine: caseLedgerLineViewSchema,
  InventoryInput: inventoryInputSchema,
  LotInput: lotInputSchema,
  ReceiveInput: receiveInputSchema,
  WitnessInput: witnessInputSchema,
  LedgerEntryInput: ledgerEntryInputSchema,
  LedgerFilter: ledgerFilterSchema,
  // live vitals (issue 38, issue 41)
  LiveVital: liveVitalViewSchema,
  LiveCase: liveCaseViewSchema,
  ParentAppointment: parentAppointmentViewSchema,
  // the Vigil Bridge (issue 38)
  Bridge: bridgeViewSchema,
  BridgeMonitor: bridgeMonitorViewSchema,
  BridgePairingCode: bridgePairingCodeViewSchema,
  BridgeReading: bridgeReadingViewSchema,
  BridgeReadingVital: bridgeReadingVitalSchema,
  BridgeWaveform: bridgeWaveformViewSchema,
  CapturedWave: capturedWaveViewSchema,
  // policies
  Policy: policyViewSchema,
  // the office's checklists (issue 39)
  OrgChecklists: orgChecklistsViewSchema,
  // the pre-op list (issue 40)
  PreopForm: preopFormViewSchema,
  PreopNpo: preopNpoViewSchema,
  PreopRow: preopRowViewSchema,
  PreopSettings: preopSettingsViewSchema,
  // the office's drug list (issue 39)
  OfficeDrugs: officeDrugsViewSchema,
  OfficeDrug: officeDrugSchema,
  OfficeDrugMaximum: officeDrugMaximumSchema,
  OfficeDrugInput: officeDrugSchema,
  OfficeDrugMaximumInput: officeDrugMaximumSchema,
  // presets
  Preset: presetViewSchema,
  // Help / Feedback (issue 40)
  FeedbackMessage: feedbackViewSchema,
  // apps and webhooks (issue 42)
  App: appViewSchema,
  AppWithSecret: appWithSecretViewSchema,
  AppInstallation: appInstallationViewSchema,
  ResellerAppInstallation: resellerInstallationViewSchema,
  Webhook: webhookViewSchema,
  WebhookWithSecret: webhookWithSecretViewSchema,
  WebhookDeliveryAttempt: deliveryAttemptViewSchema,
  WebhookDelivery: deliveryViewSchema,
  // the office's EMR (issue 42)
  EmrConnection: emrConnectionViewSchema,
  EmrWriteBack: emrWriteBackViewSchema,
  // The legal documents (issue 40)
  LegalDocument: legalDocumentViewSchema,
  LegalAcceptanceInput: legalAcceptanceInputSchema,
  // shop
  Product: productViewSchema,
  OrderLine: orderLineViewSchema,
  ShopOrder: shopOrderViewSchema,
  CartLine: cartLineViewSchema,
  Cart: cartViewSchema,
  ProductInput: productInputSchema,
  // billing
  PaymentCard: paymentCardViewSchema,
  CardSetup: cardSetupViewSchema,
  SubscriptionPeriod: subscriptionPeriodViewSchema,
  OrgSubscription: subscriptionViewSchema,
  InvoiceLine: invoiceLineViewSchema,
  Invoice: invoiceViewSchema,
  InvoicePage: invoicePageViewSchema,
  TeamPlan: teamPlanViewSchema,
  PlanChangeInput: planChangeInputSchema,
  NewPlanInput: newPlanInputSchema,
} as const satisfies Readonly<Record<string, z.ZodObject>>;
