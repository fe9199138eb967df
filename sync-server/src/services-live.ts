/**
 * The live vitals (issue 38 "Screens", issue 41 "Parent organisation"), split from services.ts
 * buildServices: the summaries' store, the live bus the live-event streams hear, the service the
 * case rooms hand their documents to, and the finalize event that takes a case off the lists.
 */
import type { AuditSinks } from './access/audited.js';
import type { OrgAccess } from './access/index.js';
import { MemoryLiveVitalsBus, type LiveVitalsBus } from './live/bus.js';
import { auditedParentCalendar, ParentCalendarService, type AuditedParentCalendar } from './live/calendar.js';
import { auditedLiveCases, LiveCasesService, type AuditedLiveCases } from './live/service.js';
import type { Logger } from './log.js';
import type { ChangeBus } from './store/changes/types.js';
import type { OrgStore } from './store/orgs/types.js';
import type { ResourceStore } from './store/resources/types.js';
import type { Stores } from './store/select.js';

export interface LiveParts {
  stores: Stores;
  orgStore: OrgStore;
  access: OrgAccess;
  resources: ResourceStore;
  changeBus: ChangeBus;
  changes: { transaction<T>(fn: () => Promise<T>): Promise<T> };
  now: () => number;
  log: Logger;
  /** The bus across instances (REDIS_URL); one process's own by default. */
  liveBus?: LiveVitalsBus;
}

export interface LiveServices {
  /** The live lists (audited reads) and the rooms' hook. */
  live: AuditedLiveCases;
  /** Where the summaries are announced: the organisations' live-event streams push them. */
  liveBus: LiveVitalsBus;
  /** The parent organisation's calendar across its offices (audited reads). */
  parentCalendar: AuditedParentCalendar;
}

export function buildLive(p: LiveParts): LiveServices {
  const liveBus = p.liveBus ?? new MemoryLiveVitalsBus();
  const service = new LiveCasesService({
    store: p.stores.liveCases,
    bus: liveBus,
    orgs: p.orgStore,
    access: p.access,
    resources: p.resources,
    now: p.now,
    log: p.log,
  });
  // A finalized case leaves the live lists at once (its room may not change again).
  p.changeBus.subscribe(({ change }) => {
    const caseId = change.kind === 'case.finalized' ? change.payload.compositionId : null;
    if (typeof caseId !== 'string') return;
    service.ended(change.orgId, caseId).catch((err: unknown) => p.log.warn({ err, caseId }, 'live case not removed'));
  });
  const sinks: AuditSinks = { resources: p.resources, transaction: (fn) => p.changes.transaction(fn), now: p.now };
  const parentCalendar = new ParentCalendarService({ orgs: p.orgStore, access: p.access, resources: p.resources });
  return {
    live: auditedLiveCases(service, sinks),
    liveBus,
    parentCalendar: auditedParentCalendar(parentCalendar, sinks),
  };
}
