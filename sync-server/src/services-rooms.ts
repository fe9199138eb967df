/**
 * The sync rooms as the server builds them, split from services.ts buildServices (issue 36 item
 * 7): their store, the upgrade's authorization (session, organisation, id ownership, origin),
 * the two document kinds (a case, checked in the worker thread and projected onto its
 * Composition; a health history) and the read audit.
 */
import { callerFromCredentials, type AccountsForCallers } from './access/caller.js';
import type { Entitlements } from './access/entitlements.js';
import type { OrgAccess } from './access/index.js';
import type { ServerConfig } from './config.js';
import type { Logger } from './log.js';
import type { IdOwnership } from './store/resources/id-ownership.js';
import type { ResourceStore } from './store/resources/types.js';
import type { Stores } from './store/select.js';
import { createSyncAuthorizer } from './sync/authorize.js';
import type { CaseChecker } from './sync/case-check.js';
import { caseKind } from './sync/kinds/case.js';
import { healthHistoryKind } from './sync/kinds/health-history.js';
import type { LiveCasesService } from './live/service.js';
import type { compositionProjector } from './sync/projection.js';
import { syncReadAuditor } from './sync/read-audit.js';
import { SyncRooms } from './sync/rooms.js';
import type { Instances } from './services-redis.js';

/** What the rooms are built from (all made once by buildServices). */
export interface RoomsParts {
  config: Pick<ServerConfig, 'allowedOrigins'>;
  stores: Stores;
  log: Logger;
  accounts: AccountsForCallers;
  access: OrgAccess;
  ids: IdOwnership;
  resources: ResourceStore;
  caseChecker: CaseChecker;
  projector: ReturnType<typeof compositionProjector>;
  now: () => number;
  /** The live vitals' hook (issue 38): a case's document, at most once a second while it changes. */
  live: Pick<LiveCasesService, 'caseChanged'>;
  /** The other instances (REDIS_URL; issue 43): the rooms' relay, and sessions ended anywhere. */
  instances?: Instances | null;
  /** The plan's waveform capture: an ECG strip in a case needs it (MON22, the case kind's check). */
  entitlements: Pick<Entitlements, 'planHas'>;
}

/** The server's one SyncRooms. */
export function buildRooms(p: RoomsParts): SyncRooms {
  const { config, stores, log, accounts, access, ids, resources, caseChecker, projector, now, live } = p;
  const rooms = new SyncRooms({
    log,
    store: stores.sync,
    // Finalize's and history signing's seal holds the document in every process over the database (issue 36 item 4).
    leases: stores.leases,
    authorize: createSyncAuthorizer({
      // The socket's Caller, built once per upgrade (issue 36 item 1).
      caller: ({ cookieHeader, token, ip, userAgent }) =>
        callerFromCredentials(accounts, { cookieHeader, token }, { ip, userAgent, transport: 'socket' }),
      access,
      docBelongsElsewhere: (orgId, docId) => ids.belongsElsewhere(orgId, docId),
      allowedOrigins: config.allowedOrigins,
    }),
    // A room is a case (the default kind: validated in the worker thread, projected onto its Composition)
    // unless its Composition is a health history.
    kinds: [
      caseKind({
        check: (content) => caseChecker.check(content),
        project: projector,
        live: (address, caseData, finalized) => live.caseChanged(address.orgId, address.docId, caseData, finalized),
        ecgAllowed: (orgId) => p.entitlements.planHas(orgId, 'waveformCapture'),
        now,
      }),
      // A room whose Composition is a health history (35089-2): its own root, schema and the same projection.
      healthHistoryKind({ store: resources, project: projector }),
    ],
    auditRead: syncReadAuditor({ store: resources, now }),
    // The server's clock closes a case's provider editing window (EW2; moved in tests like the others).
    now,
    ...(p.instances ? { relay: p.instances.relay } : {}),
  });
  // A user signed out on any instance is disconnected on every one at once, not at the next recheck.
  p.instances?.sessionsEnded.hear(() => void rooms.recheckAuth());
  return rooms;
}
