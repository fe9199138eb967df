import { ACCOUNTS_PG_MIGRATION, USERS_EMR_EMAIL_PG_MIGRATION } from '../accounts/migration.js';
import { ANALYTICS_FACTS_PG_MIGRATION } from '../analytics/migration.js';
import { ANALYTICS_EVENTS_PG_MIGRATION } from '../analytics-events/migration.js';
import { APP_ASSERTIONS_PG_MIGRATION, APPS_PG_MIGRATION, WEBHOOKS_PG_MIGRATION } from '../apps/migration.js';
import { ATTEMPT_PLACES_PG_MIGRATION } from '../attempts/migration.js';
import { AUDIT_ANCHOR_PG_MIGRATION, AUDIT_CHAIN_PG_MIGRATION } from '../audit/migration.js';
import { BILLING_PG_MIGRATION } from '../billing/migration.js';
import { CLIENT_LOGS_PG_MIGRATION } from '../client-logs/migration.js';
import {
  BRIDGE_MONITORS_PG_MIGRATION,
  BRIDGE_READINGS_PG_MIGRATION,
  BRIDGES_PG_MIGRATION,
} from '../bridges/migration.js';
import { CHANGE_FEED_PG_MIGRATION } from '../changes/migration.js';
import { ORG_CHECKLISTS_PG_MIGRATION } from '../checklists/migration.js';
import { EMR_NONCES_PG_MIGRATION } from '../emr/migration.js';
import { FEEDBACK_PG_MIGRATION } from '../feedback/migration.js';
import { FORMS_PG_MIGRATION } from '../forms/migration.js';
import { INVENTORIES_PG_MIGRATION } from '../inventories/migration.js';
import { LEASES_PG_MIGRATION } from '../leases/migration.js';
import { LEGAL_ACCEPTANCES_PG_MIGRATION } from '../legal/migration.js';
import { LIVE_CASES_PG_MIGRATION } from '../live-cases/migration.js';
import { OFFICE_DRUGS_PG_MIGRATION } from '../office-drugs/migration.js';
import { ORGS_PG_MIGRATION } from '../orgs/migration.js';
import { LOCAL_PAYMENTS_PG_MIGRATION } from '../payments-local/migration.js';
import { POLICIES_PG_MIGRATION } from '../policies/migration.js';
import { PREOP_SETTINGS_PG_MIGRATION } from '../preop/migration.js';
import { PRESETS_PG_MIGRATION } from '../presets/migration.js';
import { REPORTS_PG_MIGRATION } from '../reports/migration.js';
import { RESOURCES_PG_MIGRATION } from '../resources/migration.js';
import type { Migration } from '../sqlite/migrations.js';
import { SHOP_PG_MIGRATION } from '../shop/migration.js';
import { EMR_CONNECTIONS_PG_MIGRATION } from '../smart/migration.js';
import {
  SNAPSHOT_COMPRESSION_PG_MIGRATION,
  SNAPSHOT_STATE_VECTOR_PG_MIGRATION,
  SYNC_PG_MIGRATION,
} from '../sync/migration.js';

/**
 * PostgreSQL's numbered migrations (issue 43), each beside its area's store like SQLite's and
 * registered here by one line, in version order. A store gains a line when its PostgreSQL
 * implementation lands.
 */
export const PG_MIGRATIONS: readonly Migration[] = [
  SYNC_PG_MIGRATION,
  ACCOUNTS_PG_MIGRATION,
  ORGS_PG_MIGRATION,
  RESOURCES_PG_MIGRATION,
  EMR_NONCES_PG_MIGRATION,
  REPORTS_PG_MIGRATION,
  AUDIT_CHAIN_PG_MIGRATION,
  FORMS_PG_MIGRATION,
  INVENTORIES_PG_MIGRATION,
  POLICIES_PG_MIGRATION,
  AUDIT_ANCHOR_PG_MIGRATION,
  CHANGE_FEED_PG_MIGRATION,
  LEASES_PG_MIGRATION,
  ATTEMPT_PLACES_PG_MIGRATION,
  LOCAL_PAYMENTS_PG_MIGRATION,
  BILLING_PG_MIGRATION,
  SHOP_PG_MIGRATION,
  PRESETS_PG_MIGRATION,
  ORG_CHECKLISTS_PG_MIGRATION,
  ANALYTICS_FACTS_PG_MIGRATION,
  OFFICE_DRUGS_PG_MIGRATION,
  PREOP_SETTINGS_PG_MIGRATION,
  LIVE_CASES_PG_MIGRATION,
  FEEDBACK_PG_MIGRATION,
  BRIDGES_PG_MIGRATION,
  BRIDGE_MONITORS_PG_MIGRATION,
  BRIDGE_READINGS_PG_MIGRATION,
  APPS_PG_MIGRATION,
  WEBHOOKS_PG_MIGRATION,
  APP_ASSERTIONS_PG_MIGRATION,
  ANALYTICS_EVENTS_PG_MIGRATION,
  LEGAL_ACCEPTANCES_PG_MIGRATION,
  CLIENT_LOGS_PG_MIGRATION,
  EMR_CONNECTIONS_PG_MIGRATION,
  USERS_EMR_EMAIL_PG_MIGRATION,
  SNAPSHOT_STATE_VECTOR_PG_MIGRATION,
  SNAPSHOT_COMPRESSION_PG_MIGRATION,
];
