/**
 * The finalize side as the server builds it, split from services.ts buildServices (issue 36 item
 * 7): the sign-off policies, the sign-off gate (flags, policies, the case's ledger lines) and
 * the report service (finalize, addenda, unfinalize, signed PDFs).
 */
import { SIGNOFF_RULES } from '@vigil/shared';
import type { Entitlements } from './access/entitlements.js';
import type { OrgAccess } from './access/index.js';
import type { AuditLog } from './auth/audit.js';
import type { Sessions } from './auth/sessions.js';
import type { Logger } from './log.js';
import { PoliciesService } from './policies/service.js';
import type { FhirService } from './fhir/service.js';
import type { PdfPrinter } from './report/pdf.js';
import { ReportService } from './report/service.js';
import { SignoffGate, type SignoffGateDeps } from './report/signoff.js';
import type { AccountStore } from './store/accounts/types.js';
import type { ChangeStore } from './store/changes/types.js';
import type { PdfLinkStore } from './store/links/types.js';
import type { OrgStore } from './store/orgs/types.js';
import { SqlitePolicyStore } from './store/policies/sqlite.js';
import type { ReportStore } from './store/reports/types.js';
import type { IdOwnership } from './store/resources/id-ownership.js';
import type { ResourceStore } from './store/resources/types.js';
import type { Db } from './store/sqlite/database.js';
import type { CaseChecker } from './sync/case-check.js';
import type { SyncRooms } from './sync/rooms.js';

/** What the finalize side is built from (all made once by buildServices). */
export interface ReportParts {
  db: Db;
  changes: ChangeStore;
  orgStore: OrgStore;
  access: OrgAccess;
  entitlements: Entitlements;
  resources: ResourceStore;
  ids: IdOwnership;
  reportStore: ReportStore;
  accountStore: AccountStore;
  sessions: Sessions;
  audit: AuditLog;
  rooms: SyncRooms;
  printer: PdfPrinter;
  fhir: FhirService;
  pdfLinks: PdfLinkStore;
  caseChecker: CaseChecker;
  log: Logger;
  now: () => number;
  /** The case's controlled-drug lines (issue 29): LEDGER's service, read at finalize. */
  ledgerLines: NonNullable<SignoffGateDeps['ledgerLines']>;
}

/** The sign-off policies, the gate and the report service. */
export function buildReports(p: ReportParts): {
  policies: PoliciesService;
  signoff: SignoffGate;
  reports: ReportService;
} {
  const { db, changes, orgStore, access, entitlements, resources, ids, reportStore, accountStore } = p;
  const { sessions, audit, rooms, printer, fhir, pdfLinks, caseChecker, log, now } = p;
  const policies = new PoliciesService({
    policies: new SqlitePolicyStore(db),
    changes,
    orgs: orgStore,
    access,
    knownRuleTypes: Object.keys(SIGNOFF_RULES),
    now,
  });
  const signoff = new SignoffGate({
    ...{ store: resources, entitlements, policies, now },
    ledgerLines: p.ledgerLines,
  });
  const reports = new ReportService({
    changes,
    signoff,
    ids,
    reports: reportStore,
    orgs: orgStore,
    entitlements,
    accounts: accountStore,
    sessions,
    audit,
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
  });
  return { policies, signoff, reports };
}
