import type { SignedRecords } from '../fhir/signed-records.js';
import type { Logger } from '../log.js';
import { PostgresAccountStore } from './accounts/postgres.js';
import { SqliteAccountStore } from './accounts/sqlite.js';
import type { AccountStore } from './accounts/types.js';
import { PostgresCaseFactsStore } from './analytics/postgres.js';
import { SqliteCaseFactsStore } from './analytics/sqlite.js';
import type { CaseFactsStore } from './analytics/types.js';
import { PostgresAnalyticsEventStore } from './analytics-events/postgres.js';
import { SqliteAnalyticsEventStore } from './analytics-events/sqlite.js';
import type { AnalyticsEventStore } from './analytics-events/types.js';
import { PostgresAppStore } from './apps/postgres.js';
import { SqliteAppStore } from './apps/sqlite.js';
import type { AppStore } from './apps/types.js';
import { PostgresAttemptStore } from './attempts/postgres.js';
import { SqliteAttemptStore } from './attempts/sqlite.js';
import type { AttemptStore } from './attempts/types.js';
import { PostgresAuditStore } from './audit/postgres.js';
import { SqliteAuditStore } from './audit/sqlite.js';
import type { AuditStore } from './audit/types.js';
import { PostgresBillingStore } from './billing/postgres.js';
import { SqliteBillingStore } from './billing/sqlite.js';
import type { BillingStore } from './billing/types.js';
import { PostgresBridgeStore } from './bridges/postgres.js';
import { SqliteBridgeStore } from './bridges/sqlite.js';
import type { BridgeStore } from './bridges/types.js';
import { PostgresChangeStore } from './changes/postgres.js';
import { SqliteChangeStore } from './changes/sqlite.js';
import type { ChangeBus, ChangeStore } from './changes/types.js';
import { PostgresOrgChecklistStore } from './checklists/postgres.js';
import { SqliteOrgChecklistStore } from './checklists/sqlite.js';
import type { OrgChecklistStore } from './checklists/types.js';
import { PostgresClientLogStore } from './client-logs/postgres.js';
import { SqliteClientLogStore } from './client-logs/sqlite.js';
import type { ClientLogStore } from './client-logs/types.js';
import { PostgresEmrLaunchStore } from './emr/postgres.js';
import { SqliteEmrLaunchStore } from './emr/sqlite.js';
import type { EmrLaunchStore } from './emr/types.js';
import { PostgresFeedbackStore } from './feedback/postgres.js';
import { SqliteFeedbackStore } from './feedback/sqlite.js';
import type { FeedbackStore } from './feedback/types.js';
import { PostgresOrgFormStore } from './forms/postgres.js';
import { SqliteOrgFormStore } from './forms/sqlite.js';
import type { OrgFormStore } from './forms/types.js';
import { PostgresInventoryStore } from './inventories/postgres.js';
import { SqliteInventoryStore } from './inventories/sqlite.js';
import type { InventoryStore } from './inventories/types.js';
import { PostgresLeaseStore } from './leases/postgres.js';
import { SqliteLeaseStore } from './leases/sqlite.js';
import type { LeaseStore } from './leases/types.js';
import { PostgresLegalAcceptanceStore } from './legal/postgres.js';
import { SqliteLegalAcceptanceStore } from './legal/sqlite.js';
import type { LegalAcceptanceStore } from './legal/types.js';
import { PostgresPdfLinkStore } from './links/postgres.js';
import { SqlitePdfLinkStore } from './links/sqlite.js';
import type { PdfLinkStore } from './links/types.js';
import { PostgresLiveCaseStore } from './live-cases/postgres.js';
import { SqliteLiveCaseStore } from './live-cases/sqlite.js';
import type { LiveCaseStore } from './live-cases/types.js';
import { PostgresOfficeDrugStore } from './office-drugs/postgres.js';
import { SqliteOfficeDrugStore } from './office-drugs/sqlite.js';
import type { OfficeDrugStore } from './office-drugs/types.js';
import { PostgresOrgStore } from './orgs/postgres.js';
import { SqliteOrgStore } from './orgs/sqlite.js';
import type { OrgStore } from './orgs/types.js';
import { PostgresOutboxStore } from './outbox/postgres.js';
import { SqliteOutboxStore } from './outbox/sqlite.js';
import type { OutboxStore } from './outbox/types.js';
import { PostgresConsole } from './oversight/console-postgres.js';
import { PostgresOversightStore } from './oversight/postgres.js';
import { ReadOnlyConsole, SqliteOversightStore } from './oversight/sqlite.js';
import { PostgresSupportStore } from './oversight/support-postgres.js';
import { SqliteSupportStore } from './oversight/support-sqlite.js';
import type { SupportStore } from './oversight/support-types.js';
import type { DbConsole, OversightStore } from './oversight/types.js';
import { PostgresPatientLinkStore } from './patient-links/postgres.js';
import { SqlitePatientLinkStore } from './patient-links/sqlite.js';
import type { PatientLinkStore } from './patient-links/types.js';
import { PostgresLocalPaymentStore } from './payments-local/postgres.js';
import { SqliteLocalPaymentStore } from './payments-local/sqlite.js';
import type { LocalPaymentStore } from './payments-local/types.js';
import { PostgresPolicyStore } from './policies/postgres.js';
import { SqlitePolicyStore } from './policies/sqlite.js';
import type { PolicyStore } from './policies/types.js';
import { migratePostgres, openPostgres, warmPool } from './postgres/database.js';
import { PG_MIGRATIONS } from './postgres/migrations.js';
import { holdsNoAccount } from './postgres/demo-rows.js';
import { PostgresDatabase } from './postgres/unit-of-work.js';
import { PostgresPreopSettingsStore } from './preop/postgres.js';
import { SqlitePreopSettingsStore } from './preop/sqlite.js';
import type { PreopSettingsStore } from './preop/types.js';
import { PostgresPresetStore } from './presets/postgres.js';
import { SqlitePresetStore } from './presets/sqlite.js';
import type { PresetStore } from './presets/types.js';
import { PostgresReportStore } from './reports/postgres.js';
import { SqliteReportStore } from './reports/sqlite.js';
import type { ReportStore } from './reports/types.js';
import type { IdOwnership } from './resources/id-ownership.js';
import { sqliteIdOwnership, sqliteSignedRecords } from './resources/ownership.js';
import { postgresIdOwnership, postgresSignedRecords } from './resources/ownership-postgres.js';
import { PostgresResourceStore } from './resources/postgres.js';
import { SqliteResourceStore } from './resources/sqlite.js';
import type { ResourceStore } from './resources/types.js';
import { PostgresSessionStore } from './sessions/postgres.js';
import { SqliteSessionStore } from './sessions/sqlite.js';
import type { SessionStore } from './sessions/types.js';
import { PostgresShopStore } from './shop/postgres.js';
import { SqliteShopStore } from './shop/sqlite.js';
import type { ShopStore } from './shop/types.js';
import { PostgresEmrConnectionStore } from './smart/postgres.js';
import { SqliteEmrConnectionStore } from './smart/sqlite.js';
import type { EmrConnectionStore } from './smart/types.js';
import { openDatabase, type Db } from './sqlite/database.js';
import { PostgresSyncStore } from './sync/postgres.js';
import { SqliteSyncStore } from './sync/sqlite.js';
import type { SyncStore } from './sync/types.js';

/*
 * Store selection (issue 43): the one place that picks the server's storage. DATABASE_URL
 * (postgres://…) opens a pool, migrates PostgreSQL (PG_MIGRATIONS, under an advisory lock, so
 * instances starting together migrate once) and builds every store's PostgreSQL implementation;
 * without it, the SQLite file under DATA_DIR, as before. The services receive `Stores` and never
 * know which. A store without a PostgreSQL implementation is listed in POSTGRES_MISSING: on
 * PostgreSQL it answers every call with StoreUnavailable naming itself, and the start logs them.
 */

/** The storage the server runs on, opened (and migrated) before the services are built. */
export interface Storage {
  engine: 'sqlite' | 'postgres';
  /** The SQLite connection (null on PostgreSQL): demo seeding and the database console need the file. */
  sqlite: Db | null;
  /** PostgreSQL's database (null on SQLite). */
  postgres: PostgresDatabase | null;
  /** True when the database was new (SQLite: the file created; PostgreSQL: no account in it yet). */
  created: boolean;
  close(): Promise<void>;
}

/** Every store of the server, over one database. */
export interface Stores {
  engine: Storage['engine'];
  changes: ChangeStore;
  resources: ResourceStore;
  ids: IdOwnership;
  signed: SignedRecords;
  orgs: OrgStore;
  outbox: OutboxStore;
  sessions: SessionStore;
  audit: AuditStore;
  accounts: AccountStore;
  attempts: AttemptStore;
  emrLaunch: EmrLaunchStore;
  legal: LegalAcceptanceStore;
  localPayments: LocalPaymentStore;
  billing: BillingStore;
  leases: LeaseStore;
  sync: SyncStore;
  liveCases: LiveCaseStore;
  preop: PreopSettingsStore;
  bridges: BridgeStore;
  policies: PolicyStore;
  forms: OrgFormStore;
  presets: PresetStore;
  checklists: OrgChecklistStore;
  officeDrugs: OfficeDrugStore;
  reports: ReportStore;
  pdfLinks: PdfLinkStore;
  analyticsEvents: AnalyticsEventStore;
  patientLinks: PatientLinkStore;
  inventories: InventoryStore;
  feedback: FeedbackStore;
  shop: ShopStore;
  apps: AppStore;
  emrConnections: EmrConnectionStore;
  facts: CaseFactsStore;
  oversight: OversightStore;
  /** The team's customer-support reads (issue 41). */
  support: SupportStore;
  console: DbConsole;
  clientLogs: ClientLogStore;
}

/** The stores without a PostgreSQL implementation yet: on PostgreSQL each refuses every call, naming itself. */
export const POSTGRES_MISSING: readonly string[] = [];

/** Logs the stores POSTGRES_MISSING names, if any: nothing once every store has its PostgreSQL implementation. */
export function logMissingStores(log: Logger, missing: readonly string[] = POSTGRES_MISSING): void {
  if (missing.length === 0) return;
  log.error({ missing }, 'these stores have no PostgreSQL implementation: their features refuse');
}

/** The most connections an instance opens to PostgreSQL, and how many it keeps open while idle. */
const POOL_SIZE = 10;
export const POOL_KEPT_OPEN = 3;

/** Opens the configured storage: PostgreSQL (migrated) when `databaseUrl` is set, else SQLite under `dataDir`. */
export async function openStorage(config: { databaseUrl?: string; dataDir: string }, log: Logger): Promise<Storage> {
  if (!config.databaseUrl) return sqliteStorage(config.dataDir, log);
  const pool = openPostgres(config.databaseUrl, POOL_SIZE, POOL_KEPT_OPEN);
  try {
    const applied = await migratePostgres(pool, PG_MIGRATIONS);
    await warmPool(pool, POOL_KEPT_OPEN);
    if (applied.length > 0) log.info({ migrations: applied }, 'PostgreSQL migrated');
    logMissingStores(log);
    const postgres = new PostgresDatabase(pool);
    // New: no account yet, whoever migrated it (this instance, another, or a copy of a migrated template).
    const created = await holdsNoAccount(postgres);
    return { engine: 'postgres', sqlite: null, postgres, created, close: () => pool.end() };
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw err;
  }
}

/** SQLite under `dataDir` (created and migrated when missing): the default. */
export function sqliteStorage(dataDir: string, log?: Logger): Storage {
  const { db, created } = openDatabase(dataDir, log);
  return {
    ...{ engine: 'sqlite', sqlite: db, postgres: null, created },
    close: () => {
      db.close();
      return Promise.resolve();
    },
  };
}

/** Every store over `storage`, the change feed announcing on `changeBus`. */
export function storesOf(storage: Storage, changeBus: ChangeBus | undefined, now: () => number): Stores {
  if (storage.postgres) return postgresStores(storage.postgres, changeBus, now);
  if (storage.sqlite) return sqliteStores(storage.sqlite, changeBus, now);
  throw new Error('storage without a database');
}

function sqliteStores(db: Db, changeBus: ChangeBus | undefined, now: () => number): Stores {
  const changes = new SqliteChangeStore(db, changeBus);
  const orgs = new SqliteOrgStore(db);
  return {
    ...{ engine: 'sqlite', changes, resources: new SqliteResourceStore(db, changes), orgs },
    ...{ ids: sqliteIdOwnership(db), signed: sqliteSignedRecords(db) },
    ...{ outbox: new SqliteOutboxStore(db), sessions: new SqliteSessionStore(db), audit: new SqliteAuditStore(db) },
    ...{ accounts: new SqliteAccountStore(db), attempts: new SqliteAttemptStore(db) },
    ...{ emrLaunch: new SqliteEmrLaunchStore(db), legal: new SqliteLegalAcceptanceStore(db) },
    ...{ localPayments: new SqliteLocalPaymentStore(db), billing: new SqliteBillingStore(db) },
    ...{ leases: new SqliteLeaseStore(db, now), sync: new SqliteSyncStore(db), liveCases: new SqliteLiveCaseStore(db) },
    ...{ preop: new SqlitePreopSettingsStore(db), bridges: new SqliteBridgeStore(db) },
    ...{ policies: new SqlitePolicyStore(db), forms: new SqliteOrgFormStore(db), presets: new SqlitePresetStore(db) },
    ...{ checklists: new SqliteOrgChecklistStore(db), officeDrugs: new SqliteOfficeDrugStore(db) },
    ...{ reports: new SqliteReportStore(db), pdfLinks: new SqlitePdfLinkStore(db) },
    ...{ analyticsEvents: new SqliteAnalyticsEventStore(db), patientLinks: new SqlitePatientLinkStore(db) },
    ...{ inventories: new SqliteInventoryStore(db), feedback: new SqliteFeedbackStore(db) },
    ...{
      shop: new SqliteShopStore(db),
      apps: new SqliteAppStore(db),
      emrConnections: new SqliteEmrConnectionStore(db),
    },
    ...{
      facts: new SqliteCaseFactsStore(db),
      oversight: new SqliteOversightStore(db),
      support: new SqliteSupportStore(db),
    },
    ...{ console: new ReadOnlyConsole(db.name), clientLogs: new SqliteClientLogStore(db) },
  };
}

function postgresStores(db: PostgresDatabase, changeBus: ChangeBus | undefined, now: () => number): Stores {
  const changes = new PostgresChangeStore(db, changeBus);
  const orgs = new PostgresOrgStore(db);
  return {
    ...{ engine: 'postgres', changes, resources: new PostgresResourceStore(db, changes), orgs },
    ...{ ids: postgresIdOwnership(db), signed: postgresSignedRecords(db) },
    ...{ outbox: new PostgresOutboxStore(db), sessions: new PostgresSessionStore(db) },
    ...{ audit: new PostgresAuditStore(db), accounts: new PostgresAccountStore(db) },
    ...{ attempts: new PostgresAttemptStore(db), emrLaunch: new PostgresEmrLaunchStore(db) },
    ...{ legal: new PostgresLegalAcceptanceStore(db), localPayments: new PostgresLocalPaymentStore(db) },
    ...{ billing: new PostgresBillingStore(db), leases: new PostgresLeaseStore(db.pool, now) },
    ...{ sync: new PostgresSyncStore(db), liveCases: new PostgresLiveCaseStore(db) },
    ...{ preop: new PostgresPreopSettingsStore(db), bridges: new PostgresBridgeStore(db) },
    ...{ policies: new PostgresPolicyStore(db), forms: new PostgresOrgFormStore(db) },
    ...{ presets: new PostgresPresetStore(db), checklists: new PostgresOrgChecklistStore(db) },
    ...{ officeDrugs: new PostgresOfficeDrugStore(db), reports: new PostgresReportStore(db) },
    ...{ pdfLinks: new PostgresPdfLinkStore(db), analyticsEvents: new PostgresAnalyticsEventStore(db) },
    ...{ patientLinks: new PostgresPatientLinkStore(db), inventories: new PostgresInventoryStore(db) },
    ...{ feedback: new PostgresFeedbackStore(db), shop: new PostgresShopStore(db), apps: new PostgresAppStore(db) },
    ...{ emrConnections: new PostgresEmrConnectionStore(db), facts: new PostgresCaseFactsStore(db) },
    ...{ oversight: new PostgresOversightStore(db), support: new PostgresSupportStore(db) },
    ...{ console: new PostgresConsole(db.pool.options), clientLogs: new PostgresClientLogStore(db) },
  };
}
