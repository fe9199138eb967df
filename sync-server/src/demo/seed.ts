import { seedDemoApps, seedDemoResellerApp } from '../apps/demo.js';
import { seedDemoFeedback } from '../feedback/demo.js';
import { seedDemoClientLogs } from '../analytics/demo-client-logs.js';
import { SqliteClientLogStore } from '../store/client-logs/sqlite.js';
import { SqliteAppStore } from '../store/apps/sqlite.js';
import { seedDemoLegal } from '../legal/demo.js';
import { SqliteLegalAcceptanceStore } from '../store/legal/sqlite.js';
import { demoAnalyticsCases, seedAnalyticsCases } from '../analytics/demo.js';
import { DEMO_LOCATION_ID, seedDemoResources } from '../fhir/demo-seed.js';
import { seedDemoPreop } from '../preop/demo.js';
import { seedDemoForms } from '../forms/demo.js';
import { seedDemoHealthHistories } from '../hhx/demo.js';
import { seedDemoInventory } from '../inventories/demo.js';
import { seedDemoLiveCase } from '../live/demo.js';
import { seedDemoPolicies } from '../policies/demo.js';
import { seedDemoPresets } from '../presets/demo.js';
import { seedDemoOfficeDrugs } from '../office-drugs/demo.js';
import { SqliteOfficeDrugStore } from '../store/office-drugs/sqlite.js';
import { seedDemoBridge } from '../bridges/demo.js';
import { SqliteBridgeStore } from '../store/bridges/sqlite.js';
import { seedDemoShop } from '../shop/demo.js';
import { SqliteOrgFormStore } from '../store/forms/sqlite.js';
import { SqliteFeedbackStore } from '../store/feedback/sqlite.js';
import { SqliteChangeStore } from '../store/changes/sqlite.js';
import { SqliteInventoryStore } from '../store/inventories/sqlite.js';
import { SqliteLiveCaseStore } from '../store/live-cases/sqlite.js';
import { SqliteOrgStore } from '../store/orgs/sqlite.js';
import { SqlitePolicyStore } from '../store/policies/sqlite.js';
import { SqlitePresetStore } from '../store/presets/sqlite.js';
import { SqliteReportStore } from '../store/reports/sqlite.js';
import { SqliteShopStore } from '../store/shop/sqlite.js';
import { SqliteResourceStore } from '../store/resources/sqlite.js';
import type { Db } from '../store/sqlite/database.js';
import { writeDemoPeople, type DemoPeople } from '../store/sqlite/demo-rows.js';
import type { AppStore } from '../store/apps/types.js';
import type { BridgeStore } from '../store/bridges/types.js';
import type { ClientLogStore } from '../store/client-logs/types.js';
import type { FeedbackStore } from '../store/feedback/types.js';
import type { OrgFormStore } from '../store/forms/types.js';
import type { InventoryStore } from '../store/inventories/types.js';
import type { LegalAcceptanceStore } from '../store/legal/types.js';
import type { LiveCaseStore } from '../store/live-cases/types.js';
import type { OfficeDrugStore } from '../store/office-drugs/types.js';
import type { OrgStore } from '../store/orgs/types.js';
import type { PolicyStore } from '../store/policies/types.js';
import type { PresetStore } from '../store/presets/types.js';
import type { ResourceStore } from '../store/resources/types.js';
import type { ShopStore } from '../store/shop/types.js';
import type { SyncStore } from '../store/sync/types.js';
import { PostgresAppStore } from '../store/apps/postgres.js';
import { PostgresBridgeStore } from '../store/bridges/postgres.js';
import { PostgresChangeStore } from '../store/changes/postgres.js';
import { PostgresClientLogStore } from '../store/client-logs/postgres.js';
import { PostgresFeedbackStore } from '../store/feedback/postgres.js';
import { PostgresOrgFormStore } from '../store/forms/postgres.js';
import { PostgresInventoryStore } from '../store/inventories/postgres.js';
import { PostgresLegalAcceptanceStore } from '../store/legal/postgres.js';
import { PostgresLiveCaseStore } from '../store/live-cases/postgres.js';
import { PostgresOfficeDrugStore } from '../store/office-drugs/postgres.js';
import { PostgresOrgStore } from '../store/orgs/postgres.js';
import { PostgresPolicyStore } from '../store/policies/postgres.js';
import { whileNoAccount, writeDemoPeoplePostgres } from '../store/postgres/demo-rows.js';
import type { PostgresDatabase } from '../store/postgres/unit-of-work.js';
import { PostgresPresetStore } from '../store/presets/postgres.js';
import { PostgresReportStore } from '../store/reports/postgres.js';
import { PostgresResourceStore } from '../store/resources/postgres.js';
import { PostgresShopStore } from '../store/shop/postgres.js';
import { PostgresSyncStore } from '../store/sync/postgres.js';

import { SqliteSyncStore } from '../store/sync/sqlite.js';

/*
 * The demo data (issue 4 onwards; its own area since issue 36 item 7): who and what a new demo
 * database holds. It sits above the domain areas whose demo parts it calls, so store/ imports
 * none of them; the demo people's rows are written by the store (store/sqlite/demo-rows.ts).
 */

/** Bumped whenever the demo data grows, so an existing demo database can tell what it holds. */
export const DEMO_SEED_VERSION = 1;

/** The demo user (README "Sign in with the demo user"): verified email, email MFA set up. */
export const DEMO_USER = {
  id: 'usr-demo0000000000',
  name: 'Dr. Demo Sedationist, DDS',
  email: 'demo@vigil.health',
  password: 'vigil demo password',
  /** argon2id (m=19456, t=2, p=1) of the password above, computed once so seeding stays synchronous. */
  passwordHash: '$argon2id$v=19$m=19456,p=1,t=2$nLt0Qiwnl4TpoNEv5R//DA$u2cnR6A1o+MuXbkrfer01NjCUgP/+v5wGfMz6lnmsZY',
} as const;

/** The demo people's rows (the store writes them: store/sqlite/demo-rows.ts, store/postgres/demo-rows.ts). */
function demoPeople(): DemoPeople {
  return {
    seedVersion: DEMO_SEED_VERSION,
    user: DEMO_USER,
    orgs: DEMO_ORGS,
    staff: DEMO_STAFF,
    invitation: DEMO_INVITATION,
  };
}

/**
 * Seeds the demo data into a new database: the demo user, the demo organisations and their
 * people, and the demo office's location, patients and appointments. Each part is written in one
 * transaction so a half-seeded part never exists. The resources go through the (asynchronous)
 * resource store: the returned promise settles once they are written. Over SQLite that happens
 * within the calling tick's microtasks, before the process handles any request.
 */
export function seedDemoData(db: Db, now: Date = new Date()): Promise<void> {
  writeDemoPeople(db, demoPeople(), now);
  return seedDemoParts(sqliteDemoStores(db), now);
}

/**
 * The same demo data on PostgreSQL (issue 43), through its stores, while the database holds no
 * account (several instances starting together on a new database: one seeds it).
 */
export async function seedDemoDataPostgres(db: PostgresDatabase, now: Date = new Date()): Promise<void> {
  await whileNoAccount(db, async () => {
    await writeDemoPeoplePostgres(db, demoPeople(), now);
    await seedDemoParts(postgresDemoStores(db), now);
  });
}

/** The demo data on the server's storage, whichever database it is. */
export function seedDemoStorage(storage: { sqlite: Db | null; postgres: PostgresDatabase | null }): Promise<void> {
  if (storage.sqlite) return seedDemoData(storage.sqlite);
  return storage.postgres ? seedDemoDataPostgres(storage.postgres) : Promise.resolve();
}

/** The demo's parts after its people, through the stores of either database. */
function seedDemoParts(s: DemoStores, now: Date): Promise<void> {
  // The demo office's location, operatories, patients and this month's appointments (issue 5).
  const { resources } = s;
  return seedDemoResources(resources, DEMO_ORGS.office.id, now, [
    { id: 'prc-demo0000000000', userId: DEMO_USER.id, name: DEMO_USER.name, roles: ['admin', 'provider'] },
    ...DEMO_STAFF.filter((p) => p.orgId === DEMO_ORGS.office.id).map((p) => ({
      id: p.memberId,
      userId: p.id,
      name: p.name,
      roles: p.roles,
    })),
  ])
    .then(() =>
      // Issue 27: health histories of the demo patients (Most Recent, Outdated, In-Progress).
      seedDemoHealthHistories({ resources, sync: s.sync }, DEMO_ORGS.office.id, now, {
        practitionerId: 'prc-demo0000000000',
        name: DEMO_USER.name,
      }),
    )
    .then(() =>
      // Issue 28: forms, a sent task, a signed contract and comments.
      seedDemoForms({ forms: s.forms, resources, orgs: s.orgs }, DEMO_ORGS.office.id, now, {
        userId: DEMO_USER.id,
        practitionerId: 'prc-demo0000000000',
        name: DEMO_USER.name,
      }),
    )
    .then(() =>
      // Issue 40: the pre-op list's coming visits (a ready one, a consent missing, a consent opened).
      seedDemoPreop(resources, DEMO_ORGS.office.id, now, { userId: DEMO_USER.id, name: DEMO_USER.name }),
    )
    .then(() =>
      // Issue 29: a safe and a cart with midazolam and fentanyl lots and their ledger.
      seedDemoInventory({ inventories: s.inventories, orgs: s.orgs }, DEMO_ORGS.office.id, now, {
        userId: DEMO_USER.id,
        caseId: 'apt-demo0000000001',
      }),
    )
    .then(() =>
      // Issue 29: the policies flag on and a few sign-off policies (the office's and its parent's).
      seedDemoPolicies(
        { policies: s.policies, orgs: s.orgs },
        { office: DEMO_ORGS.office.id, parent: DEMO_ORGS.parent.id },
        now,
        { userId: DEMO_USER.id },
      ),
    )
    .then(() =>
      // Issue 39: the demo office's presets (two of the demo's, one of the demo user's).
      seedDemoPresets({ presets: s.presets }, DEMO_ORGS.office.id, now, { userId: DEMO_USER.id }),
    )
    .then(() =>
      // Issue 39: the demo office's drug list (customize-drugs) and its parent's.
      seedDemoOfficeDrugs({ drugs: s.officeDrugs }, { office: DEMO_ORGS.office.id, parent: DEMO_ORGS.parent.id }, now, {
        userId: DEMO_USER.id,
      }),
    )
    .then(() =>
      // Issue 38: a paired demo bridge with its two monitors.
      seedDemoBridge({ bridges: s.bridges }, DEMO_ORGS.office.id, now, { userId: DEMO_USER.id }),
    )
    .then(() =>
      // Issue 37: the team's store with a catalogue, and an order of the demo office in each status.
      seedDemoShop({ shop: s.shop, orgs: s.orgs }, DEMO_ORGS.office.id, now, DEMO_USER.id),
    )
    .then(() => {
      // Issue 40: two Help / Feedback messages from the demo recorder for the team's Customer Support.
      const recorder = DEMO_STAFF.find((p) => p.id === 'usr-demorecorder00')!;
      return seedDemoFeedback(s.feedback, DEMO_ORGS.office.id, now, {
        userId: recorder.id,
        name: recorder.name,
        email: recorder.email,
      });
    })
    .then(() =>
      // Issue 41: the demo recorder's browser errors for the team's Customer Support search.
      seedDemoClientLogs(s.clientLogs, DEMO_ORGS.office.id, now, 'usr-demorecorder00'),
    )
    .then(() =>
      // Issue 42: an app installed in the demo office with a webhook and its deliveries.
      seedDemoApps(s.apps, DEMO_ORGS.office.id, now, DEMO_USER.id),
    )
    .then(() =>
      // Issue 42: the demo reseller's app, installed in the demo office.
      seedDemoResellerApp(s.apps, { resellerId: DEMO_ORGS.reseller.id, orgId: DEMO_ORGS.office.id }, now, {
        resellerUserId: 'usr-demoreseller0',
        officeUserId: DEMO_USER.id,
      }),
    )
    .then(() => seedDemoAnalytics(s, now))
    .then(() =>
      // Issue 38: today's arrived appointment is a case in progress on the live vitals screens.
      seedDemoLiveCase({ live: s.liveCases }, DEMO_ORGS.office.id, now),
    )
    .then(() =>
      // Issue 40: the demo's people accepted the current terms and privacy policy.
      seedDemoLegal(s.legal, [DEMO_USER.id, ...DEMO_STAFF.map((p) => p.id)], now),
    )
    .then(() => undefined);
}

/**
 * Issue 41: the demo office's signed cases of the last three months, for its analytics page. Written
 * with the change feed recorded, so the analytics read model's consumer finds them from its cursor.
 */
function seedDemoAnalytics(s: DemoStores, now: Date): Promise<void> {
  const cases = demoAnalyticsCases(now, {
    providers: ['prc-demo0000000000', DEMO_STAFF[0].memberId],
    patients: Array.from({ length: 12 }, (_, i) => `pat-demo${String(i + 1).padStart(10, '0')}`),
    locationId: DEMO_LOCATION_ID,
  });
  return seedAnalyticsCases(s.withFeed, DEMO_ORGS.office.id, cases);
}

/** The stores the demo is written through; `resources` records no change (the analytics cases' `withFeed` do). */
interface DemoStores {
  resources: ResourceStore;
  withFeed: Parameters<typeof seedAnalyticsCases>[0];
  sync: SyncStore;
  forms: OrgFormStore;
  orgs: OrgStore;
  inventories: InventoryStore;
  policies: PolicyStore;
  presets: PresetStore;
  officeDrugs: OfficeDrugStore;
  bridges: BridgeStore;
  shop: ShopStore;
  feedback: FeedbackStore;
  clientLogs: ClientLogStore;
  apps: AppStore;
  liveCases: LiveCaseStore;
  legal: LegalAcceptanceStore;
}

function sqliteDemoStores(db: Db): DemoStores {
  const changes = new SqliteChangeStore(db);
  const sync = new SqliteSyncStore(db);
  const withFeed = {
    resources: new SqliteResourceStore(db, changes),
    reports: new SqliteReportStore(db),
    changes,
    sync,
  };
  return {
    ...{ resources: new SqliteResourceStore(db), withFeed, sync, forms: new SqliteOrgFormStore(db) },
    ...{ orgs: new SqliteOrgStore(db), inventories: new SqliteInventoryStore(db), policies: new SqlitePolicyStore(db) },
    ...{ presets: new SqlitePresetStore(db), officeDrugs: new SqliteOfficeDrugStore(db) },
    ...{ bridges: new SqliteBridgeStore(db), shop: new SqliteShopStore(db), feedback: new SqliteFeedbackStore(db) },
    ...{ clientLogs: new SqliteClientLogStore(db), apps: new SqliteAppStore(db) },
    ...{ liveCases: new SqliteLiveCaseStore(db), legal: new SqliteLegalAcceptanceStore(db) },
  };
}

function postgresDemoStores(db: PostgresDatabase): DemoStores {
  const changes = new PostgresChangeStore(db);
  const sync = new PostgresSyncStore(db);
  const withFeed = {
    resources: new PostgresResourceStore(db, changes),
    reports: new PostgresReportStore(db),
    changes,
    sync,
  };
  return {
    ...{ resources: new PostgresResourceStore(db), withFeed, sync, forms: new PostgresOrgFormStore(db) },
    ...{ orgs: new PostgresOrgStore(db), inventories: new PostgresInventoryStore(db) },
    ...{ policies: new PostgresPolicyStore(db), presets: new PostgresPresetStore(db) },
    ...{ officeDrugs: new PostgresOfficeDrugStore(db), bridges: new PostgresBridgeStore(db) },
    ...{ shop: new PostgresShopStore(db), feedback: new PostgresFeedbackStore(db) },
    ...{ clientLogs: new PostgresClientLogStore(db), apps: new PostgresAppStore(db) },
    ...{ liveCases: new PostgresLiveCaseStore(db), legal: new PostgresLegalAcceptanceStore(db) },
  };
}

/** The demo organisations (issue 4): IDs in the README's Administration section and docs/decisions.md. */
export const DEMO_ORGS = {
  office: { id: 'demo-dental', fhirId: 'org-demodental0000', name: 'Demo Dental Office' },
  parent: { id: 'demo-group', fhirId: 'org-demogroup00000', name: 'Demo Dental Group' },
  /** Issue 42: a reseller whose app the demo office installed (administered by Rory Reseller). */
  reseller: { id: 'demo-reseller', fhirId: 'org-demoreseller00', name: 'Demo Practice Software' },
} as const;

/** The demo office's other people; they sign in with the demo user's password (codes in the outbox). */
export const DEMO_STAFF = [
  {
    id: 'usr-demoprovider00',
    name: 'Dr. Second Provider, DMD',
    email: 'demo-provider@vigil.health',
    memberId: 'prc-demoprovider00',
    orgId: 'demo-dental',
    roles: ['member', 'provider'],
  },
  {
    id: 'usr-demorecorder00',
    name: 'Riley Recorder',
    email: 'demo-recorder@vigil.health',
    memberId: 'prc-demorecorder00',
    orgId: 'demo-dental',
    roles: ['member'],
  },
  {
    id: 'usr-demoparent0000',
    name: 'Pat Parent',
    email: 'demo-parent@vigil.health',
    memberId: 'prc-demoparent0000',
    orgId: 'demo-group',
    roles: ['admin'],
  },
  {
    id: 'usr-demoreseller0',
    name: 'Rory Reseller',
    email: 'demo-reseller@vigil.health',
    memberId: 'prc-demoreseller0',
    orgId: 'demo-reseller',
    roles: ['admin'],
  },
] as const;

/**
 * The demo office's pending invitation (issue 35 item 15), sent by the demo user when the data was
 * seeded, so the members screen lists one; it expires 7 days later like any other. Its link's code
 * is random and never kept (only a hash of it): nobody can accept it.
 */
export const DEMO_INVITATION = {
  id: 'inv-demo0000000000',
  email: 'new-hygienist@demo.vigil.health',
  roles: ['member'],
} as const;
