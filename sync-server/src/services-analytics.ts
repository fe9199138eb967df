import type { OrgAccess } from './access/index.js';
import type { Logger } from './log.js';
import type { ChangeBus, ChangeStore } from './store/changes/types.js';
import type { OrgStore } from './store/orgs/types.js';
import type { ReportStore } from './store/reports/types.js';
import type { ResourceStore } from './store/resources/types.js';
import { AnalyticsReadModel } from './analytics/read-model.js';
import { AnalyticsService } from './analytics/service.js';
import { OfficeReportsService } from './office-reports/service.js';
import { auditTrail, type AuditSinks } from './access/audited.js';
import type { FhirService } from './fhir/service.js';
import { OversightService } from './oversight/service.js';
import { TeamUsersService } from './oversight/users.js';
import { TeamEquipmentService } from './oversight/equipment.js';
import { TeamFhirService } from './oversight/fhir-browser.js';
import { TeamSupportService } from './oversight/support.js';
import { AnalyticsEventsService } from './analytics/events.js';
import type { AnalyticsEventStore } from './store/analytics-events/types.js';
import { ClientLogsService } from './analytics/client-logs.js';
import type { Stores } from './store/select.js';
import { ConsumerLease } from './store/changes/consumer.js';
import { randomUUID } from 'node:crypto';
import type { PdfPrinter } from './report/pdf.js';

/** What the server's analytics are built from (services.ts hands in its core). */
export interface AnalyticsParts {
  stores: Stores;
  changes: ChangeStore;
  changeBus?: ChangeBus;
  resources: ResourceStore;
  orgStore: OrgStore;
  access: OrgAccess;
}

/**
 * The analytics read model over the server's database, consuming the change feed from its cursor
 * (started here: it catches up at once, on every announced change and every minute), and the
 * service the analytics page asks. `model.stop()` before the database closes.
 */
export function buildAnalytics(
  core: AnalyticsParts,
  reports: Pick<ReportStore, 'currentPdf' | 'addendaSince'>,
  now: () => number,
  log: Pick<Logger, 'warn'>,
): { service: AnalyticsService; model: AnalyticsReadModel } {
  const facts = core.stores.facts;
  const model = new AnalyticsReadModel({
    ...{ changes: core.changes, resources: core.resources, orgs: core.orgStore, facts, reports, now, log },
    // One instance at a time consumes the feed (issue 43: several instances on one database).
    lease: new ConsumerLease(core.stores.leases, 'consumer:analytics', randomUUID()),
    ...(core.changeBus ? { bus: core.changeBus } : {}),
  });
  model.start();
  return { service: new AnalyticsService({ facts, model, orgs: core.orgStore, access: core.access }), model };
}

/**
 * `npm run analytics:rebuild`: empties the analytics read model of the database and fills it again
 * from every organisation's anesthesia records (AnalyticsReadModel.rebuild); a running server's
 * consumer goes on from the cursor the rebuild leaves. Answers how many cases it holds.
 */
export function rebuildAnalytics(
  stores: Pick<Stores, 'changes' | 'resources' | 'orgs' | 'reports' | 'facts'>,
  now: () => number = Date.now,
): Promise<number> {
  const { changes, resources, orgs, reports, facts } = stores;
  const model = new AnalyticsReadModel({
    ...{ changes, resources, orgs, reports, facts, now, log: { warn: () => undefined } },
  });
  return model.rebuild();
}

/** The office's reports (issue 41) over the analytics read model and the ledger, printed by the server's printer. */
export function buildOfficeReports(
  core: Pick<AnalyticsParts, 'stores' | 'orgStore' | 'access'>,
  model: AnalyticsReadModel,
  printer: PdfPrinter,
  now: () => number,
): OfficeReportsService {
  return new OfficeReportsService({
    ...{ facts: core.stores.facts, model, orgs: core.orgStore, access: core.access },
    ...{ inventories: core.stores.inventories, printer, now },
  });
}

/**
 * The team app's oversight screens (issue 41): the read model across organisations, the case
 * record read through the FHIR service (audited), and the database console on a second, read-only
 * connection to the server's database file (opened at its first query).
 */
export function buildOversight(
  stores: Stores,
  model: AnalyticsReadModel,
  fhir: Pick<FhirService, 'read' | 'search' | 'history'>,
  sinks: AuditSinks,
  now: () => number,
): OversightService {
  const trail = auditTrail(sinks);
  const users = new TeamUsersService({
    ...{ accounts: stores.accounts, sessions: stores.sessions, orgs: stores.orgs },
    ...{ trail, now },
  });
  const orgs = stores.orgs;
  const fhirBrowser = new TeamFhirService({ orgs, fhir });
  const equipment = new TeamEquipmentService({
    orgs,
    bridges: stores.bridges,
    shop: stores.shop,
  });
  const support = new TeamSupportService({ store: stores.support, orgs, trail, now });
  return new OversightService({
    ...{ store: stores.oversight, facts: stores.facts, model, fhir, users },
    ...{ fhirBrowser, equipment, support },
    ...{ console: stores.console, trail, now },
  });
}

/** The analytics beacon (spec 000 §7) over the server's database. */
export function buildAnalyticsEvents(events: AnalyticsEventStore, now: () => number): AnalyticsEventsService {
  return new AnalyticsEventsService({ events, now });
}

/** The office's reports, the team's oversight screens and the analytics beacon (issue 41), as Services holds them. */
export interface OfficeAndTeamServices {
  /** The office's reports: case log, controlled drugs, units per provider, overrides. */
  officeReports: OfficeReportsService;
  /** The team app's cases, case stats and database console. */
  oversight: OversightService;
  /** The analytics beacon: spec 000 §7's events, recorded here. */
  analyticsEvents: AnalyticsEventsService;
  /** The log beacon: browsers' errors at info and above, without text (CL1). */
  clientLogs: ClientLogsService;
}

/** Builds OfficeAndTeamServices. */
export function buildOfficeAndTeam(
  core: Pick<AnalyticsParts, 'stores' | 'orgStore' | 'access' | 'resources'> & {
    fhir: Pick<FhirService, 'read' | 'search' | 'history'>;
    printer: PdfPrinter;
    analyticsEvents: AnalyticsEventStore;
    auditSinks: AuditSinks;
    model: AnalyticsReadModel;
    now: () => number;
  },
): OfficeAndTeamServices {
  const { now } = core;
  return {
    officeReports: buildOfficeReports(core, core.model, core.printer, now),
    oversight: buildOversight(
      core.stores,
      core.model,
      core.fhir,
      { ...core.auditSinks, resources: core.resources },
      now,
    ),
    analyticsEvents: buildAnalyticsEvents(core.analyticsEvents, now),
    clientLogs: new ClientLogsService({ logs: core.stores.clientLogs, now }),
  };
}
