/**
 * The Vigil Bridge (issue 38), split from services.ts buildServices: its store, the service the
 * organisation's screens and the bridge's routes call, with its audited changes.
 */
import { auditTrail, type AuditSinks } from './access/audited.js';
import type { Entitlements } from './access/entitlements.js';
import type { OrgAccess } from './access/index.js';
import type { AuditLog } from './auth/audit.js';
import type { RateLimiter } from './auth/rate-limiter.js';
import { startBridgeReadingPruner } from './bridges/retention.js';
import type { BridgeMemoryRelay } from './bridges/memory.js';
import { auditedBridges, BridgeService, type AuditedBridges } from './bridges/service.js';
import type { Logger } from './log.js';
import type { OrgStore } from './store/orgs/types.js';
import type { ResourceStore } from './store/resources/types.js';
import type { Stores } from './store/select.js';
import type { DocumentRooms } from './sync/documents.js';

export interface BridgeParts {
  stores: Stores;
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
  /** The plan's waveform capture (an ECG strip from a bridge monitor, MON22). */
  entitlements: Pick<Entitlements, 'planHas'>;
  /** Several instances (REDIS_URL): the bridges' deliveries relayed between them for the screens. */
  bridgeMemory?: BridgeMemoryRelay;
}

/** The service, and the pruner of the taken reading ids (bridges/retention.ts), stopped when the server closes. */
export function buildBridges(p: BridgeParts): { bridges: AuditedBridges; readingPruner: { stop(): Promise<void> } } {
  const store = p.stores.bridges;
  const service = new BridgeService({
    store,
    orgs: p.orgStore,
    access: p.access,
    rooms: p.rooms,
    trail: auditTrail({ ...p.sinks, resources: p.resources }),
    limiter: p.limiter,
    audit: p.audit,
    now: p.now,
    log: p.log,
    entitlements: p.entitlements,
    relay: p.bridgeMemory,
  });
  return {
    bridges: auditedBridges(service, p.sinks),
    readingPruner: startBridgeReadingPruner(store, p.now, p.log),
  };
}
