/**
 * The FHIR core as the server builds it, split from services.ts buildServices (issue 36 item 7):
 * the change bus and feed, the resource store over it, live events, id ownership, the
 * organisations' store, access, entitlements and editing policy, signed records, and the one
 * FhirService every write goes through.
 */
import { Entitlements } from './access/entitlements.js';
import { OrgAccess, orgPolicyOf, type OrgPolicyOf } from './access/index.js';
import { LiveEvents } from './fhir/live-events.js';
import { FhirService } from './fhir/service.js';
import type { SignedRecords } from './fhir/signed-records.js';
import type { ServerConfig } from './config.js';
import type { Logger } from './log.js';
import type { Redis } from 'ioredis';
import { MemoryChangeBus } from './store/changes/bus.js';
import { RedisChangeBus } from './store/changes/redis-bus.js';
import { connectRedis } from './services-redis.js';
import type { ChangeBus } from './store/changes/types.js';
import type { ChangeStore } from './store/changes/types.js';
import type { OrgStore } from './store/orgs/types.js';
import type { IdOwnership } from './store/resources/id-ownership.js';
import type { ResourceStore } from './store/resources/types.js';
import { storesOf, type Storage, type Stores } from './store/select.js';
import type { CaseStates } from './fhir/appointment-guard.js';

/** What buildFhirCore makes. */
export interface FhirCore {
  changeBus: ChangeBus & { close?: () => void };
  /** Every store of the server, over the configured database (store/select.ts). */
  stores: Stores;
  changes: ChangeStore;
  resources: ResourceStore;
  fhirEvents: LiveEvents;
  ids: IdOwnership;
  orgStore: OrgStore;
  access: OrgAccess;
  entitlements: Entitlements;
  orgPolicy: OrgPolicyOf;
  signed: SignedRecords;
  fhir: FhirService;
}

/** The stores and the FHIR service the rest of the server is built on, each built once. */
export function buildFhirCore(
  storage: Storage,
  now: () => number,
  log: Logger,
  { caseStates, redis }: { caseStates?: CaseStates; redis?: { url: string; prefix: string } } = {},
): FhirCore {
  const changeBus = changeBusOf(log, redis);
  const stores = storesOf(storage, changeBus, now);
  const { changes, resources, ids, signed, orgs: orgStore } = stores;
  const fhirEvents = new LiveEvents({
    changes,
    bus: changeBus,
    resources,
    onError: (err) => log.warn({ err }, 'live event not announced'),
  });
  const entitlements = new Entitlements(orgStore, orgStore);
  const access = new OrgAccess({ parentsOf: (orgId) => orgStore.parentsOf(orgId), entitlements });
  const orgPolicy = orgPolicyOf(orgStore, now);
  const fhir = new FhirService({
    store: resources,
    now,
    orgPolicy,
    ids,
    signed,
    sedationLevels: entitlements,
    caseStates,
    emrLockdown: async (orgId) => (await entitlements.values(orgId)).emrLockdownMode === true,
  });
  return {
    stores,
    changeBus,
    changes,
    resources,
    fhirEvents,
    ids,
    orgStore,
    access,
    entitlements,
    orgPolicy,
    signed,
    fhir,
  };
}

/**
 * The change bus: in memory for one instance; through Redis (REDIS_URL) when several serve one
 * database, so a change committed on one reaches every instance's live streams (issue 43).
 */
function changeBusOf(log: Logger, redis: { url: string; prefix: string } | undefined): FhirCore['changeBus'] {
  const onError = (err: unknown): void => log.error({ err }, 'a change-feed subscriber failed');
  if (!redis) return new MemoryChangeBus(onError);
  // A lost announcement is read from the feed (Last-Event-ID).
  const connect = (): Redis => connectRedis(redis.url, log);
  return new RedisChangeBus(connect(), connect(), `${redis.prefix}changes`, onError);
}

/** The Redis the instances share (REDIS_URL, REDIS_PREFIX), when one is configured. */
export function redisOf(
  config: Pick<ServerConfig, 'redisUrl' | 'redisPrefix'>,
): { url: string; prefix: string } | undefined {
  return config.redisUrl ? { url: config.redisUrl, prefix: config.redisPrefix } : undefined;
}
