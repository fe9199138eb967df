import type { AuditSinks } from './access/audited.js';
import type { Entitlements } from './access/entitlements.js';
import type { OrgAccess } from './access/index.js';
import type { OrgPolicyOf } from './access/index.js';
import type { Accounts } from './auth/accounts.js';
import { buildAccounts } from './services-accounts.js';
import { buildFhirCore, redisOf } from './services-fhir.js';
import { instancesOf } from './services-redis.js';
import { lateCaseStates } from './appointments/case-states.js';
import { AppointmentChangeService } from './appointments/service.js';
import type { AuditLog } from './auth/audit.js';
import { startAuditSealer } from './auth/audit.js';
import type { BotCheck } from './auth/bot-check.js';
import type { EmrLaunch } from './auth/emr.js';
import type { Sessions } from './auth/sessions.js';
import { authClock, loadAuthSettings, type AuthSettings } from './auth/settings.js';
import type { ServerConfig } from './config.js';
import type { Db } from './store/sqlite/database.js';
import type { Storage } from './store/select.js';
import { unavailableStore } from './store/unavailable.js';
import { DEMO_ORGS, seedDemoStorage } from './demo/seed.js';
import { buildAnalytics, buildOfficeAndTeam, type OfficeAndTeamServices } from './services-analytics.js';
import { buildOrgSettings } from './services-settings.js';
import { closerOf } from './services-close.js';
import type { AnalyticsService } from './analytics/service.js';
import type { IdOwnership } from './store/resources/id-ownership.js';
import { FhirService } from './fhir/service.js';
import { sqliteIdOwnership, sqliteSignedRecords } from './store/resources/ownership.js';
import type { SignedRecords } from './fhir/signed-records.js';
import { SqliteResourceStore } from './store/resources/sqlite.js';
import type { ResourceStore } from './store/resources/types.js';
import type { Logger } from './log.js';
import { createOrgServices, serverResources, type OrgResources, type OrgServices } from './orgs/index.js';
import type { ReportStore } from './store/reports/types.js';
import type { PdfLinkStore } from './store/links/types.js';
import type { OrgStore } from './store/orgs/types.js';
import type { MessageSender } from './mail/sender.js';
import type { OutboxStore } from './store/outbox/types.js';
import { ChromiumPdfPrinter, type PdfPrinter } from './report/pdf.js';
import type { AuditedReports } from './report/service.js';
import type { AuditedReportReview } from './report/review.js';
import { CaseChecker } from './sync/case-check.js';
import { compositionProjector } from './sync/projection.js';
import { buildRooms } from './services-rooms.js';
import { warmUp } from './sync/warm-up.js';
import type { SyncRooms } from './sync/rooms.js';
import { HhxService } from './hhx/service.js';
import type { AuditedForms } from './forms/service.js';
import { AppointmentTaskService } from './forms/tasks.js';
import { onNewAppointments } from './forms/add-to-all.js';
import type { LiveEvents } from './fhir/live-events.js';
import { startChangePruner } from './store/changes/retention.js';
import { SqliteChangeStore } from './store/changes/sqlite.js';
import type { ChangeBus, ChangeStore } from './store/changes/types.js';
import { PatientFormService } from './contracts/patient.js';
import { ContractPdfService } from './contracts/pdf.js';
import { CommentService } from './comments/service.js';
import type { AuditedPresets } from './presets/service.js';
import { auditedInventories, InventoryService, type AuditedInventories } from './inventories/service.js';
import type { AuditedPolicies } from './policies/service.js';
import type { AuditedOrgChecklists } from './checklists/service.js';
import { FeedbackService } from './feedback/service.js';
import type { LegalService } from './legal/service.js';
import type { AuditedPreop } from './preop/service.js';
import { buildPreop } from './services-preop.js';
import type { AuditedOfficeDrugs } from './office-drugs/service.js';
import { buildLive, type LiveServices } from './services-live.js';
import { buildBridges } from './services-bridges.js';
import type { AuditedBridges } from './bridges/service.js';
import type { SignoffGate } from './report/signoff.js';
import { buildReports } from './services-reports.js';
import { buildBilling, type BillingParts } from './services-billing.js';
import { ShopService } from './shop/service.js';
import { buildApps, type AppParts } from './services-apps.js';

/**
 * The one object graph of the server process (issue 26): the database, every store and every
 * service, built once by buildServices. Routes, resolvers and the websocket transport receive
 * it (or the parts they need); none of them opens the database or builds a service. Apps and
 * webhooks (issue 42), the office's reports and the team's screens (issue 41) as their builders give them.
 */
export interface Services
  extends
    Pick<AppParts, 'apps' | 'resellerApps' | 'appTokens' | 'webhooks' | 'emrConnections' | 'smart' | 'emrWriteBacks'>,
    OfficeAndTeamServices {
  config: ServerConfig;
  /** Settles once the services can serve (a new database's demo data written); rejects if they cannot. */
  ready: Promise<void>;
  /** Runs a tablet's first sync once, for no one, through the server listening at `url` (sync/warm-up.ts). */
  warmUp: (url: string) => Promise<void>;
  log: Logger;
  /** The SQLite connection: only stores (and the wiring here) receive it; on PostgreSQL any use of it throws. */
  db: Db;
  /** The storage every store is on: SQLite under DATA_DIR, or PostgreSQL (DATABASE_URL; store/select.ts). */
  storage: Storage;
  authSettings: AuthSettings;
  /** The server's clock for sessions, FHIR, reports and audit (VIGIL_TEST_CLOCK_OFFSET_MS moves it in tests). */
  now: () => number;
  /** The organisations' live events: the change feed's consumer that feeds the FHIR API's SSE streams. */
  fhirEvents: LiveEvents;
  /**
   * The change feed (issue 36 item 3): every resource change and domain event, recorded in the
   * transaction of the change; `changeBus` announces each once it committed (in memory now).
   */
  changes: ChangeStore;
  changeBus: ChangeBus;
  resources: ResourceStore;
  /** The one FhirService of the process: the API, the case projection and finalize write through it. */
  fhir: FhirService;
  /** The front desk's appointment operations (issue 40): reschedule, cancel, statuses, through `fhir`. */
  appointments: AppointmentChangeService;
  /** Who owns an id across organisations: FHIR PUT, finalize and the sync rooms use this one check (issue 24 item 2). */
  ids: IdOwnership;
  orgPolicy: OrgPolicyOf;
  /** Mail and SMS written to the outbox table (development delivery, the SMS fallback). */
  outbox: OutboxStore;
  sender: MessageSender;
  botCheck: BotCheck;
  /** Sessions: the live session of a token or request, starting, rotating and ending them. */
  sessions: Sessions;
  /** The account/organisation audit trail (hash-chained, append-only). */
  audit: AuditLog;
  accounts: Accounts;
  /** EMR launch, only with EMR_LAUNCH_SECRET. */
  emr: EmrLaunch | null;
  /** Case validation (and the projection's encoding) in a worker thread, off the event loop (issue 24 item 6). */
  caseChecker: CaseChecker;
  rooms: SyncRooms;
  printer: PdfPrinter;
  /** Finalize, addenda, unfinalize and signed PDFs, audited (issue 36 item 2). */
  reports: AuditedReports;
  /** Report review and a case's signed report as GraphQL reads them, audited. */
  reportReview: AuditedReportReview;
  /** Signed PDFs and addenda (store/reports/). */
  /** What the storage holds signed (the write guard's, and the cases list's FINALIZED). */
  signed: SignedRecords;
  reportStore: ReportStore;
  /** Organisations, memberships, invitations, feature flags and plans (store/orgs/). */
  orgStore: OrgStore;
  /** The one module that decides organisation access (GraphQL, FHIR, sync, SSE, PDF links). */
  access: OrgAccess;
  /** What an organisation may use: the services' one reader of feature flags (access/entitlements.ts). */
  entitlements: Entitlements;
  /** The organisations' domain services (orgs/): GraphQL resolvers and the admin CLI call these. */
  orgs: OrgServices;
  /** Signed-PDF links and the report review list (store/links/). */
  pdfLinks: PdfLinkStore;
  /** Health histories: new, finalize (sign or mark complete), copy-and-edit (issue 27). */
  hhx: HhxService;
  /** Organisation forms (issue 28). */
  forms: AuditedForms;
  /** Presets (issue 39; spec 002 §3 "Preset", §6): the office's, its users' and its parents'. */
  presets: AuditedPresets;
  /** Sign-off policies (issue 29): an organisation's and its parents'. */
  policies: AuditedPolicies;
  /** Help / Feedback messages to the team (issue 40). */
  feedback: FeedbackService;
  /** The terms and privacy policy each user accepted (issue 40; spec 000 §7). */
  legal: LegalService;
  /** The live vitals of the cases in progress (issue 38, 41): the lists and the bus the live streams hear. */
  live: LiveServices['live'];
  liveBus: LiveServices['liveBus'];
  parentCalendar: LiveServices['parentCalendar'];
  /** The Vigil Bridge (issue 38): pairing, the office's bridges, readings charted into cases. */
  bridges: AuditedBridges;
  /** The office's checklists a new case starts with (issue 39). */
  checklists: AuditedOrgChecklists;
  /** The front desk's pre-op list, its NPO marks and the office's review period (issue 40). */
  preop: AuditedPreop;
  /** The office's drug list (issue 39, customize-drugs): its drugs first in the pickers, its own drugs. */
  officeDrugs: AuditedOfficeDrugs;
  /** The finalize gate (issue 29): sign-off flags, policies and overrides. */
  signoff: SignoffGate;
  /** Appointment form tasks and the patients' links (issue 28). */
  tasks: AppointmentTaskService;
  /** The patient's form links: load, birth-date challenge, submit to a Contract (issue 28). */
  patientForms: PatientFormService;
  /** Signed contracts as PDFs (issue 28). */
  contractPdfs: ContractPdfService;
  /** Patient comments (Communication; issue 28). */
  comments: CommentService;
  /** The controlled-substance ledger: inventories, lots, hash-chained entries (issue 29). */
  inventories: AuditedInventories;
  /**
   * Subscriptions (issue 37): the payment provider, the organisations' accounts at it, the
   * subscription service and the webhook; the local provider's event sender once started.
   */
  billing: BillingParts;
  /** The offices' shop and the team's store (issue 37), paid through the billing's provider. */
  shop: ShopService;
  /** The office's analytics over the read model the change feed keeps (issue 41). */
  analytics: AnalyticsService;
  /**
   * Closes everything in order: sockets and workers first, then waits for `drained` (the HTTP
   * server's open requests finishing their writes), the printer, the last audit seal and the
   * database. Safe to call more than once.
   */
  close: (drained?: () => Promise<void>) => Promise<void>;
}

/**
 * The organisations' FHIR writes of a one-off command on the database (`npm run admin`): the one
 * write path (FhirService.serverPut), recorded in the change feed like the server's, so a running
 * server's streams get them by replay and its consumers from their cursors.
 */
export function commandOrgResources(db: Db, now: () => number): OrgResources {
  const store = new SqliteResourceStore(db, new SqliteChangeStore(db));
  const fhir = new FhirService({
    store,
    now,
    orgPolicy: () => null,
    ids: sqliteIdOwnership(db),
    signed: sqliteSignedRecords(db),
  });
  return serverResources({ fhir, store });
}

/**
 * Opens (creating and migrating when missing) the database under `config.dataDir`, seeds the
 * demo data into a new one when configured, and builds every store and service of the server
 * exactly once.
 */
export function buildServices(config: ServerConfig, log: Logger, storage: Storage): Services {
  const authSettings = loadAuthSettings(config.environment);
  const now = authClock(authSettings);

  // Issue 40: a started case keeps its appointment's schedule; the rooms that know are attached below.
  const caseStates = lateCaseStates();
  const core = buildFhirCore(storage, now, log, { caseStates, redis: redisOf(config) });
  const { stores, changeBus, changes, resources, fhirEvents, ids, orgStore, access, entitlements, signed, fhir } = core;

  const redis = redisOf(config);
  const instances = instancesOf(redis, log);
  const accountParts = buildAccounts(core, authSettings, now, log, redis, instances?.sessionsEnded.announce);
  const { outbox, sender, botCheck, sessions, audit, accountStore, accounts, limiter, emr } = accountParts;

  const billing = buildBilling({ stores, dataDir: config.dataDir, orgStore, access, sender, now, log, limiter, audit });
  const ready = seedNewDatabase(storage, config.seedDemo, billing, log);

  const orgs = createOrgServices({
    ...{ store: orgStore, accounts: accountStore, access, entitlements, sender, now },
    resources: serverResources({ fhir, store: resources }),
    providersChanged: billing.providersChanged,
    addressesChanging: (orgId, address, shipping) => billing.billing.updateAddresses(orgId, address, shipping),
  });

  const liveParts = buildLive({ ...core, now, log, ...instances });
  const caseChecker = new CaseChecker(log);
  const projector = compositionProjector({ service: fhir, store: resources, log, encoder: caseChecker });
  const rooms = buildRooms({
    ...{ config, stores, log, accounts, access, ids, resources },
    ...{ caseChecker, projector, now, live: liveParts.live, instances, entitlements },
  });
  caseStates.attach(rooms);
  // Issue 24: every audit record is sealed into the hash chain within a second.
  const auditSealer = startAuditSealer(audit.store, log);

  const printer = new ChromiumPdfPrinter(log);
  const reportStore = stores.reports;
  const { policies, signoff, reports, reportReview } = buildReports({
    ...{ stores, changes, orgStore, access, entitlements, resources, ids, reportStore, accountStore },
    ...{ audit, signed, rooms, printer, fhir, pdfLinks: stores.pdfLinks, caseChecker, log, now },
    // The case's controlled-drug lines (issue 29): LEDGER's service, built below, read at finalize.
    ledgerLines: (orgId, caseId, content) => inventories.ledgerLinesForCase(orgId, caseId, content),
    emrProgress: (...args) => appParts.emrWriteBacks.follow(...args),
  });

  const contractPdfs = new ContractPdfService({ fhir, access, orgs: orgStore, printer });
  const comments = new CommentService({ fhir, orgs: orgStore, access, now });
  const appointments = new AppointmentChangeService({ fhir, access });
  const analyticsEvents = stores.analyticsEvents;
  const hhx = new HhxService({ changes, fhir, store: resources, rooms, access, ids, now, log, analyticsEvents });
  const auditSinks = auditSinksOf(orgStore, audit, changes, now);
  const preop = buildPreop({ stores, fhir, orgStore, access, now }, auditSinks);
  const { formDefs, forms, presets, checklists, officeDrugs } = buildOrgSettings(
    { stores, orgStore, entitlements, access, now },
    auditSinks,
  );
  const patientLinks = stores.patientLinks;
  const devMode = config.environment !== 'production';
  const tasks = new AppointmentTaskService({
    ...{ fhir, forms: formDefs, orgs: orgStore, access, links: patientLinks, sender, now, signed },
    allowSimulation: devMode,
  });
  onNewAppointments(changeBus, (orgId, appointmentId) => {
    tasks.addToAll(orgId, appointmentId).catch((err: unknown) => log.warn({ err, orgId, appointmentId }, 'addToAll'));
  });
  const changePruner = startChangePruner(changes, now, log);
  const bridgeParts = { ...core, ...instances, rooms, sinks: auditSinks, limiter, audit, now, log };
  const { bridges, readingPruner } = buildBridges(bridgeParts);
  const analytics = buildAnalytics(core, reportStore, now, log);
  const appParts = buildApps({ ...core, audit, accounts, now, log, localWebhooks: devMode }, auditSinks);
  const inventories = auditedInventories(
    new InventoryService({
      ...{ inventories: stores.inventories, orgs: orgStore, entitlements, access, accounts: accountStore },
      ...{ resources, rooms, audit, limiter, signed, now, changes },
    }),
    auditSinks,
  );
  const formParts = { links: patientLinks, forms: formDefs, tasks, fhir, orgs: orgStore, store: resources, now };
  const patientForms = new PatientFormService(formParts);

  const team = { ...analytics, stores, orgStore, access, fhir, printer, analyticsEvents, resources, auditSinks, now };
  const close = closerOf({
    ...{ billing, rooms, projector, caseChecker, printer, auditSealer, changePruner, readingPruner },
    ...{ changeBus, accountParts, storage, instances },
    ...{ analytics: analytics.model, webhooks: appParts.webhooks, emrWriteBacks: appParts.emrWriteBacks },
  });

  return {
    ...{ config, ready, log, storage, authSettings, now },
    warmUp: (url) => warmUp({ accounts, access, ids, resources, sync: stores.sync, now, log }, url),
    db: storage.sqlite ?? unavailableStore<Db>('SQLite connection'),
    fhirEvents,
    changes,
    changeBus,
    resources,
    fhir,
    appointments,
    ids,
    orgPolicy: core.orgPolicy,
    outbox,
    sender,
    botCheck,
    sessions,
    audit,
    accounts,
    emr,
    caseChecker,
    rooms,
    printer,
    reports,
    reportReview,
    reportStore,
    signed,
    orgStore,
    access,
    entitlements,
    orgs,
    pdfLinks: stores.pdfLinks,
    hhx,
    forms,
    presets,
    policies,
    checklists,
    feedback: new FeedbackService({ store: stores.feedback, sender, now, log, ...config }),
    legal: accountParts.legal,
    preop,
    officeDrugs,
    signoff,
    tasks,
    patientForms,
    contractPdfs,
    comments,
    inventories,
    billing,
    ...liveParts,
    bridges,
    shop: new ShopService({
      ...{ shop: stores.shop, provider: billing.provider, billing: billing.billingStore },
      ...{ orgs: orgStore, access, now },
    }),
    analytics: analytics.service,
    ...appParts,
    ...buildOfficeAndTeam(team),
    close,
  };
}

/**
 * A new database gets the demo data (when configured), then the plan catalogue and the demo
 * office's plan; the server listens only once they are written (`Services.ready`).
 */
function seedNewDatabase(storage: Storage, seedDemo: boolean, billing: BillingParts, log: Logger): Promise<void> {
  // On PostgreSQL too (issue 43): new when it holds no account (store/select.ts), seeded by one instance.
  const demo =
    seedDemo && storage.created ? seedDemoStorage(storage).then(() => log.info('demo data seeded')) : Promise.resolve();
  // The catalogue on every start while there is none: a database made by `npm run setup`
  // (scripts/init-db.ts, which has no provider) gets its plans, and the demo office its plan, at
  // the first start.
  return demo.then(() => billing.seedCatalogue(seedDemo ? DEMO_ORGS.office.id : null));
}

/** Where the audited services write their records (issue 36 item 2): each change with its record in one transaction. */
function auditSinksOf(
  orgs: AuditSinks['orgs'],
  accounts: AuditSinks['accounts'],
  changes: { transaction<T>(fn: () => Promise<T>): Promise<T> },
  now: () => number,
): AuditSinks {
  return { orgs, accounts, transaction: (fn) => changes.transaction(fn), now };
}
