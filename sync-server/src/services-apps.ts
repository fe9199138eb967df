/** Apps, their tokens and webhooks (issue 42; split from services.ts, under its size bounds). */
import type { AuditSinks } from './access/audited.js';
import type { Entitlements } from './access/entitlements.js';
import type { OrgAccess } from './access/index.js';
import { auditedResellerApps, ResellerAppsService, type AuditedResellerApps } from './apps/reseller.js';
import { AppsService, auditedApps, type AuditedApps } from './apps/service.js';
import { WebhookDispatcher } from './apps/webhooks.js';
import { AppTokens } from './auth/app-tokens.js';
import type { Accounts } from './auth/accounts.js';
import type { AuditLog } from './auth/audit.js';
import type { FhirService } from './fhir/service.js';
import { auditedEmrConnections, EmrConnections, type AuditedEmrConnections } from './smart/connections.js';
import { SmartLaunch } from './auth/smart-launch.js';
import { EmrWriteBacks } from './smart/write-back.js';
import type { ResourceStore } from './store/resources/types.js';
import type { Logger } from './log.js';
import type { ChangeBus, ChangeStore } from './store/changes/types.js';
import type { OrgStore } from './store/orgs/types.js';
import type { Stores } from './store/select.js';
import { ConsumerLease } from './store/changes/consumer.js';
import { randomUUID } from 'node:crypto';

export interface AppParts {
  /** Apps, installations and webhooks as GraphQL asks (issue 42), every change audited. */
  apps: AuditedApps;
  /** The reseller app's calls: a reseller's apps, their installations, webhooks and deliveries. */
  resellerApps: AuditedResellerApps;
  /** The token endpoint and the FHIR API's bearer tokens of installed apps. */
  appTokens: AppTokens;
  /** The webhooks' change-feed consumer and sender (started here; stopped before the database closes). */
  webhooks: WebhookDispatcher;
  /** The office's EMR connection (GraphQL), every change audited. */
  emrConnections: AuditedEmrConnections;
  /** The SMART EHR launch into Vigil (routes/smart.ts). */
  smart: SmartLaunch;
  /** The write-back of signed records to the office's EMR (started here; stopped before the database closes). */
  emrWriteBacks: EmrWriteBacks;
}

/**
 * Builds the apps' store, service, tokens and webhook dispatcher over the server's database, and
 * starts the dispatcher; and the office's EMR connection with the SMART launch (issue 42).
 */
export function buildApps(
  parts: {
    stores: Stores;
    changes: ChangeStore;
    changeBus?: ChangeBus;
    orgStore: OrgStore;
    access: OrgAccess;
    entitlements: Entitlements;
    audit: AuditLog;
    accounts: Accounts;
    fhir: FhirService;
    resources: ResourceStore;
    now: () => number;
    log: Logger;
    /** Webhooks to this machine or a private network allowed (not in production). */
    localWebhooks: boolean;
  },
  auditSinks: AuditSinks,
): AppParts {
  const { stores, changes, changeBus, orgStore, access, entitlements, audit, now, log, localWebhooks } = parts;
  const emrStore = stores.emrConnections;
  const store = stores.apps;
  // One instance at a time consumes the feed and sends (issue 43: several instances on one database).
  const lease = new ConsumerLease(stores.leases, 'consumer:webhooks', randomUUID());
  const webhooks = new WebhookDispatcher({ changes, store, now, log, lease, ...(changeBus ? { bus: changeBus } : {}) });
  webhooks.start();
  const emrWriteBacks = new EmrWriteBacks({
    ...{ changes, store: emrStore, resources: parts.resources, reports: stores.reports, now, log },
    lease: new ConsumerLease(stores.leases, 'consumer:emr-write-back', randomUUID()),
    ...(changeBus ? { bus: changeBus } : {}),
  });
  // On SQLite and PostgreSQL alike; with several instances the lease lets one write back at a time.
  emrWriteBacks.start();
  return {
    apps: auditedApps(new AppsService({ store, orgs: orgStore, access, entitlements, now, localWebhooks }), auditSinks),
    resellerApps: auditedResellerApps(new ResellerAppsService({ store, orgs: orgStore, access, now }), auditSinks),
    appTokens: new AppTokens({ store, orgs: orgStore, audit, now, localKeys: localWebhooks }),
    webhooks,
    emrConnections: auditedEmrConnections(
      new EmrConnections({ store: emrStore, orgs: orgStore, access, now }),
      auditSinks,
    ),
    smart: new SmartLaunch({ store: emrStore, accounts: parts.accounts, fhir: parts.fhir }),
    emrWriteBacks,
  };
}
