/**
 * The Vigil Bridge (issue 38), split from services.ts buildServices: its store, the service the
 * organisation's screens and the bridge's routes call, with its audited changes.
 */
import { auditTrail, type AuditSinks } from './access/audited.js';
import type { OrgAccess } from './access/index.js';
import type { AuditLog } from './auth/audit.js';
import type { RateLimiter } from './auth/rate-limiter.js';
import { auditedBridges, BridgeService, type AuditedBridges } from './bridges/service.js';
import type { Logger } from './log.js';
import { SqliteBridgeStore } from './store/bridges/sqlite.js';
import type { OrgStore } from './store/orgs/types.js';
import type { ResourceStore } from './store/resources/types.js';
import type { Db } from './store/sqlite/database.js';
import type { DocumentRooms } from './sync/documents.js';

export interface BridgeParts {
  db: Db;
  orgStore: OrgStore;
  access: OrgAccess;
  resources: ResourceStore;
  rooms: Pick<DocumentRooms, 'seal' | 'snapshot'>;
  sinks: AuditSinks;
  /** The one rate limiter and the audit trail it counts from (the pairing limit per client address). */
  limiter: RateLimiter;
  audit: AuditLog;
  now: () => number;
  log: Logger;
}

export function buildBridges(p: BridgeParts): AuditedBridges {
  const service = new BridgeService({
    store: new SqliteBridgeStore(p.db),
    orgs: p.orgStore,
    access: p.access,
    rooms: p.rooms,
    trail: auditTrail({ ...p.sinks, resources: p.resources }),
    limiter: p.limiter,
    audit: p.audit,
    now: p.now,
    log: p.log,
  });
  return auditedBridges(service, p.sinks);
}
