import type { Hono } from 'hono';
import type { Db } from '../db/database.js';
import type { Logger } from '../log.js';
import { fhirRoutes } from '../routes/fhir.js';
import { sharedRulesAccess, sqliteOrgPolicy, type CanAccessOrg } from './access.js';
import { LiveEvents } from './live-events.js';
import { sqliteIdOwnership } from './id-ownership.js';
import { FhirService } from './service.js';
import { sqliteSignedRecords } from './signed-records.js';
import { SqliteResourceStore } from './sqlite-store.js';
import type { ResourceStore } from './store.js';

export interface FhirApiDeps {
  db: Db;
  cookieName: string;
  now: () => number;
  log: Logger;
  /** Defaults to the shared permission rules over the session's memberships. */
  canAccessOrg?: CanAccessOrg;
  /** Defaults to a new bus; pass one to end the streams at shutdown (`events.close()`). */
  events?: LiveEvents;
  /** Audit events take the client address from X-Forwarded-For only behind a trusted proxy. */
  trustProxy?: boolean;
}

/** The FHIR API and live events over the SQLite store, ready to mount under `/api`. */
export function createFhirApi(deps: FhirApiDeps): Hono {
  return fhirRoutes({
    db: deps.db,
    store: new SqliteResourceStore(deps.db),
    events: deps.events ?? new LiveEvents(),
    cookieName: deps.cookieName,
    now: deps.now,
    canAccessOrg: deps.canAccessOrg ?? sharedRulesAccess(deps.db),
    orgPolicy: sqliteOrgPolicy(deps.db, deps.now),
    log: deps.log,
    trustProxy: deps.trustProxy ?? false,
  });
}

/**
 * The FHIR service over the SQLite store for the server's own writers (the case document's
 * Composition projection in sync/): pass the API's live-event bus so its changes reach the
 * organisation's streams.
 */
export function createFhirService(deps: { db: Db; now: () => number; events: LiveEvents }): {
  service: FhirService;
  store: ResourceStore;
} {
  const store = new SqliteResourceStore(deps.db);
  const orgPolicy = sqliteOrgPolicy(deps.db, deps.now);
  return {
    store,
    service: new FhirService({
      store,
      events: deps.events,
      now: deps.now,
      orgPolicy,
      ids: sqliteIdOwnership(deps.db),
      signed: sqliteSignedRecords(deps.db),
    }),
  };
}
