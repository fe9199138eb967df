/**
 * The finalize side as the server builds it, split from services.ts buildServices (issue 36 item
 * 7): the sign-off policies, the sign-off gate (flags, policies, the case's ledger lines) and
 * the report service (finalize, addenda, unfinalize, signed PDFs) and report review (the GraphQL
 * reads of signed reports), audited through the pipeline's wrapper (issue 36 item 2).
 */
import { SIGNOFF_RULES } from '@vigil/shared';
import type { Entitlements } from './access/entitlements.js';
import type { OrgAccess } from './access/index.js';
import type { AuditSinks } from './access/audited.js';
import type { AuditLog } from './auth/audit.js';
import type { SignedRecords } from './fhir/signed-records.js';
import type { Logger } from './log.js';
import { auditedPolicies, PoliciesService, type AuditedPolicies } from './policies/service.js';
import type { FhirService } from './fhir/service.js';
import type { PdfPrinter } from './report/pdf.js';
import { auditedReportReview, ReportReview, type AuditedReportReview } from './report/review.js';
import { auditedReports, ReportService, type AuditedReports, type ReportServiceDeps } from './report/service.js';
import { SignoffGate, type SignoffGateDeps } from './report/signoff.js';
import type { AccountStore } from './store/accounts/types.js';
import type { ChangeStore } from './store/changes/types.js';
import type { PdfLinkStore } from './store/links/types.js';
import type { OrgStore } from './store/orgs/types.js';
import type { ReportStore } from './store/reports/types.js';
import type { IdOwnership } from './store/resources/id-ownership.js';
import type { ResourceStore } from './store/resources/types.js';
import type { Stores } from './store/select.js';
import type { CaseChecker } from './sync/case-check.js';
import type { SyncRooms } from './sync/rooms.js';

/** What the finalize side is built from (all made once by buildServices). */
export interface ReportParts {
  stores: Stores;
  changes: ChangeStore;
  orgStore: OrgStore;
  access: OrgAccess;
  entitlements: Entitlements;
  resources: ResourceStore;
  ids: IdOwnership;
  reportStore: ReportStore;
  accountStore: AccountStore;
  audit: AuditLog;
  /** What the storage holds signed (report review's signedCases). */
  signed: SignedRecords;
  rooms: SyncRooms;
  printer: PdfPrinter;
  fhir: FhirService;
  pdfLinks: PdfLinkStore;
  caseChecker: CaseChecker;
  log: Logger;
  now: () => number;
  /** The case's controlled-drug lines (issue 29): LEDGER's service, read at finalize. */
  ledgerLines: NonNullable<SignoffGateDeps['ledgerLines']>;
  /** The EMR write-back's finalize progress (issue 42): smart/write-back.ts follow. */
  emrProgress: NonNullable<ReportServiceDeps['emrProgress']>;
}

/** The sign-off policies, the gate, the report service and report review. */
export function buildReports(p: ReportParts): {
  policies: AuditedPolicies;
  signoff: SignoffGate;
  reports: AuditedReports;
  reportReview: AuditedReportReview;
} {
  const { stores, changes, orgStore, access, entitlements, resources, ids, reportStore, accountStore } = p;
  const { audit, rooms, printer, fhir, pdfLinks, caseChecker, log, now } = p;
  const policyRules = new PoliciesService({
    policies: stores.policies,
    changes,
    orgs: orgStore,
    access,
    knownRuleTypes: Object.keys(SIGNOFF_RULES),
    now,
  });
  const signoff = new SignoffGate({
    ...{ store: resources, entitlements, policies: policyRules, now },
    ledgerLines: p.ledgerLines,
  });
  const reportService = new ReportService({
    changes,
    signoff,
    ids,
    reports: reportStore,
    orgs: orgStore,
    entitlements,
    accounts: accountStore,
    rooms,
    printer,
    fhir,
    store: resources,
    now,
    log,
    access,
    links: pdfLinks,
    // The signed Composition's caseData is encoded in the projection's worker thread (issue 29).
    encodeCaseData: (content) => caseChecker.encode(content),
    emrProgress: p.emrProgress,
  });
  // Issue 36 item 2: setting and deleting a policy are audited with their change, in one transaction.
  const policies = auditedPolicies(policyRules, { orgs: orgStore, transaction: (fn) => changes.transaction(fn), now });
  // Unfinalizing is recorded on the account trail with its change, in one transaction; a PDF link's
  // download as a FHIR AuditEvent of the reader; report review's reads on the account trail.
  const reportSinks: AuditSinks = {
    accounts: audit,
    resources,
    transaction: (fn) => changes.transaction(fn),
    now,
  };
  const reports = auditedReports(reportService, reportSinks);
  const reportReview = auditedReportReview(
    new ReportReview({ access, links: pdfLinks, reports: reportStore, signed: p.signed, now }),
    reportSinks,
  );
  return { policies, signoff, reports, reportReview };
}
