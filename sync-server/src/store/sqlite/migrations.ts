import { MIGRATIONS_1_TO_3 } from './migrations/001-accounts.js';
import { MIGRATIONS_10_TO_25 } from './migrations/010-orgs-resources.js';
import { MIGRATIONS_40_TO_55 } from './migrations/040-reports-audit.js';
import { ANALYTICS_FACTS_MIGRATION } from '../analytics/migration.js';
import { ATTEMPT_PLACES_MIGRATION } from '../attempts/migration.js';
import { AUDIT_ANCHOR_MIGRATION } from '../audit/migration.js';
import { ORG_CHECKLISTS_MIGRATION } from '../checklists/migration.js';
import { FEEDBACK_MIGRATION } from '../feedback/migration.js';
import { PREOP_SETTINGS_MIGRATION } from '../preop/migration.js';
import { OFFICE_DRUGS_MIGRATION } from '../office-drugs/migration.js';
import { CHANGE_FEED_MIGRATION, CHANGE_FEED_WITHOUT_AUTOINCREMENT_MIGRATION } from '../changes/migration.js';
import { FORMS_MIGRATION } from '../forms/migration.js';
import { LEASES_MIGRATION } from '../leases/migration.js';
import { INVENTORIES_MIGRATION, LEDGER_CORRECTIONS_MIGRATION } from '../inventories/migration.js';
import { BILLING_MIGRATION } from '../billing/migration.js';
import { LOCAL_PAYMENTS_MIGRATION } from '../payments-local/migration.js';
import { SHOP_MIGRATION } from '../shop/migration.js';
import { POLICIES_MIGRATION } from '../policies/migration.js';
import { PRESETS_MIGRATION } from '../presets/migration.js';
import { ONE_CURRENT_PDF_MIGRATION } from '../reports/migration.js';
import { LIVE_CASES_MIGRATION } from '../live-cases/migration.js';
import {
  BRIDGE_MONITORS_MIGRATION,
  BRIDGE_READINGS_MIGRATION,
  BRIDGE_READINGS_PRUNE_MIGRATION,
  BRIDGES_MIGRATION,
} from '../bridges/migration.js';
import {
  APP_ASSERTIONS_MIGRATION,
  APP_JWKS_URL_MIGRATION,
  APPS_MIGRATION,
  WEBHOOKS_MIGRATION,
} from '../apps/migration.js';
import { EMR_CONNECTIONS_MIGRATION } from '../smart/migration.js';
import { LEGAL_ACCEPTANCES_MIGRATION } from '../legal/migration.js';
import { ANALYTICS_EVENTS_MIGRATION } from '../analytics-events/migration.js';
import { CLIENT_LOGS_BY_ORG_MIGRATION, CLIENT_LOGS_MIGRATION } from '../client-logs/migration.js';
import { USERS_EMR_EMAIL_MIGRATION } from '../accounts/migration.js';
import { SNAPSHOT_COMPRESSION_MIGRATION, SNAPSHOT_STATE_VECTOR_MIGRATION } from '../sync/migration.js';

/**
 * Numbered schema migrations, applied in order at start. `PRAGMA user_version` records the
 * last one applied. Never edit a released migration: add the next number. The first ones are
 * kept by range under migrations/; later ones beside their area's store (store/<area>/migration.ts),
 * each registered below by one line.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  ...MIGRATIONS_1_TO_3,
  ...MIGRATIONS_10_TO_25,
  ...MIGRATIONS_40_TO_55,
  FORMS_MIGRATION,
  INVENTORIES_MIGRATION,
  POLICIES_MIGRATION,
  ONE_CURRENT_PDF_MIGRATION,
  AUDIT_ANCHOR_MIGRATION,
  LEDGER_CORRECTIONS_MIGRATION,
  CHANGE_FEED_MIGRATION,
  LEASES_MIGRATION,
  ATTEMPT_PLACES_MIGRATION,
  CHANGE_FEED_WITHOUT_AUTOINCREMENT_MIGRATION,
  LOCAL_PAYMENTS_MIGRATION,
  BILLING_MIGRATION,
  SHOP_MIGRATION,
  PRESETS_MIGRATION,
  ORG_CHECKLISTS_MIGRATION,
  FEEDBACK_MIGRATION,
  ANALYTICS_FACTS_MIGRATION,
  PREOP_SETTINGS_MIGRATION,
  OFFICE_DRUGS_MIGRATION,
  LIVE_CASES_MIGRATION,
  BRIDGES_MIGRATION,
  BRIDGE_MONITORS_MIGRATION,
  BRIDGE_READINGS_MIGRATION,
  BRIDGE_READINGS_PRUNE_MIGRATION,
  APPS_MIGRATION,
  WEBHOOKS_MIGRATION,
  APP_ASSERTIONS_MIGRATION,
  LEGAL_ACCEPTANCES_MIGRATION,
  ANALYTICS_EVENTS_MIGRATION,
  APP_JWKS_URL_MIGRATION,
  CLIENT_LOGS_MIGRATION,
  EMR_CONNECTIONS_MIGRATION,
  CLIENT_LOGS_BY_ORG_MIGRATION,
  USERS_EMR_EMAIL_MIGRATION,
  SNAPSHOT_STATE_VECTOR_MIGRATION,
  SNAPSHOT_COMPRESSION_MIGRATION,
];
