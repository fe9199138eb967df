import {
  isLiveCaseCurrent,
  LIVE_CASE_STALE_AFTER_MS,
  liveCaseRead,
  type Appointment,
  type LiveCaseSummary,
  type LiveCaseView,
} from '@vigil/shared';
import { z } from 'zod';
import { audited, recorded, type Audited, type AuditEntry, type AuditSinks, type Recorded } from '../access/audited.js';
import { internalStaff, type Caller } from '../access/caller.js';
import type { OrgAccess } from '../access/index.js';
import { parseInput } from '../input.js';
import type { Logger } from '../log.js';
import { orgFor } from '../orgs/authorize.js';
import type { PageRequest } from '../pages.js';
import type { LiveCaseCursor, LiveCaseStore } from '../store/live-cases/types.js';
import type { OrgRecord } from '../store/orgs/organisations.js';
import type { OrgStore } from '../store/orgs/types.js';
import type { ResourceStore } from '../store/resources/types.js';
import type { LiveVitalsBus } from './bus.js';
import { appointmentNames } from './names.js';

export interface LiveCasesDeps {
  store: LiveCaseStore;
  bus: LiveVitalsBus;
  orgs: Pick<OrgStore, 'org' | 'childOrgs' | 'allOrgs'>;
  access: OrgAccess;
  resources: Pick<ResourceStore, 'read'>;
  now: () => number;
  log: Logger;
}

/** A summary unchanged but for its time is written again only this often (it keeps the case current, LV3). */
export const LIVE_SUMMARY_REFRESH_MS = 60_000;

const listInput = z.object({
  orgId: z.string().min(1),
  first: z.number().int().positive(),
  after: z.string().nullable(),
});
const parentListInput = listInput.omit({ orgId: true }).extend({ parentOrgId: z.string().min(1) });
const teamListInput = listInput.omit({ orgId: true });

/** A page cursor: `{orgId}/{caseId}` of the last row of the page before (organisation ids hold no '/'). */
function cursorOf(after: string | null): LiveCaseCursor | null {
  if (after === null) return null;
  const at = after.indexOf('/');
  return at < 0 ? { orgId: after, caseId: '' } : { orgId: after.slice(0, at), caseId: after.slice(at + 1) };
}

const sameButTime = (a: LiveCaseSummary, b: LiveCaseSummary): boolean =>
  JSON.stringify({ ...a, updatedAt: 0 }) === JSON.stringify({ ...b, updatedAt: 0 });

/**
 * The live vitals of the cases in progress (issue 38 "Screens", issue 41 "Parent organisation").
 * The case rooms hand it each case's document (its readings' tail) at most once a second while it
 * changes (sync/hooks.ts live); it keeps one summary per case in the store and announces it on the
 * live bus, whose events the organisation's live-event streams push. The lists are read with the
 * organisation permission (liveCases) or by whoever administers a parent (parentLiveCases), names
 * read from each case's Appointment, and audited as a read of patient data.
 */
export class LiveCasesService {
  /** What this process last wrote per case: a save that changes no vital writes nothing. */
  private readonly written = new Map<string, LiveCaseSummary>();
  /** Cases this process knows have no summary stored (not started, ended): nothing to remove again. */
  private readonly absent = new Set<string>();

  constructor(private readonly deps: LiveCasesDeps) {}

  /** The rooms' live hook: a case document's summary, written when it changed; removed once the case ended. */
  async caseChanged(
    orgId: string,
    caseId: string,
    caseData: Record<string, unknown>,
    finalized: boolean,
  ): Promise<void> {
    const key = `${orgId}/${caseId}`;
    const read = liveCaseRead(caseData);
    if (finalized || !read.inProgress) {
      await this.ended(orgId, caseId);
      return;
    }
    const { inProgress: _, ...rest } = read;
    const summary: LiveCaseSummary = { caseId, orgId, ...rest, updatedAt: this.deps.now() };
    const before = this.written.get(key);
    if (before && sameButTime(before, summary) && summary.updatedAt - before.updatedAt < LIVE_SUMMARY_REFRESH_MS)
      return;
    this.written.set(key, summary);
    this.absent.delete(key);
    await this.deps.store.put(summary);
    this.deps.bus.publish({ action: 'put', summary });
  }

  /** A case finalized or ended: it leaves the live lists (and the screens showing it). */
  async ended(orgId: string, caseId: string): Promise<void> {
    const key = `${orgId}/${caseId}`;
    if (this.absent.has(key)) return;
    this.written.delete(key);
    this.absent.add(key);
    if (await this.deps.store.remove(orgId, caseId)) this.deps.bus.publish({ action: 'remove', orgId, caseId });
  }

  /** liveCases(orgId, first, after): the office's cases in progress; its members and whoever administers it. */
  async list(caller: Caller, args: Record<string, unknown> & PageRequest): Promise<Recorded<LiveCaseView[]>> {
    const input = parseInput(listInput, args);
    const { org } = await orgFor(this.withStore(), caller, input.orgId, 'member');
    return this.views([org], input);
  }

  /**
   * parentLiveCases(parentOrgId, first, after): the cases in progress of every office the parent
   * oversees, ordered by office; whoever administers the parent (its members, the team's ubers).
   */
  async parentList(caller: Caller, args: Record<string, unknown> & PageRequest): Promise<Recorded<LiveCaseView[]>> {
    const input = parseInput(parentListInput, args);
    const { org } = await orgFor(this.withStore(), caller, input.parentOrgId, 'admin');
    return this.views(await this.deps.orgs.childOrgs(org.id), input);
  }

  /**
   * teamLiveCases(first, after): every office's cases in progress, by office then case; internal
   * staff only (the team app's `live`, issue 41). As a parent's list, each read is audited per office.
   */
  async teamList(caller: Caller, args: Record<string, unknown> & PageRequest): Promise<Recorded<LiveCaseView[]>> {
    internalStaff(caller);
    const input = parseInput(teamListInput, args);
    const offices = (await this.deps.orgs.allOrgs()).filter((o) => o.type !== 'parent');
    return this.views(offices, input);
  }

  private async views(orgs: readonly OrgRecord[], page: PageRequest): Promise<Recorded<LiveCaseView[]>> {
    const since = this.deps.now() - LIVE_CASE_STALE_AFTER_MS;
    const names = new Map(orgs.map((o) => [o.id, o.name]));
    const summaries = await this.deps.store.list([...names.keys()], since, {
      first: page.first,
      after: cursorOf(page.after),
    });
    const out: LiveCaseView[] = [];
    const patients = new Map<string, string[]>();
    for (const s of summaries) {
      if (!isLiveCaseCurrent(s, this.deps.now())) continue;
      const { view, patientId } = await this.named(s, names.get(s.orgId) ?? s.orgId);
      out.push(view);
      if (patientId) patients.set(s.orgId, [...(patients.get(s.orgId) ?? []), `Patient/${patientId}`]);
    }
    const entries: AuditEntry[] = [...patients].map(([orgId, entities]) => ({
      trail: 'fhir',
      orgId,
      interaction: 'search-type',
      entities,
      description: 'live-vitals',
    }));
    return recorded(out, ...entries);
  }

  /** A summary with the names its Appointment gives (patient, provider, place). */
  private async named(s: LiveCaseSummary, orgName: string): Promise<{ view: LiveCaseView; patientId: string | null }> {
    const appointment = (await this.deps.resources.read(s.orgId, 'Appointment', s.caseId))?.resource as
      Appointment | undefined;
    const { patientId, ...names } = await appointmentNames(this.deps.resources, s.orgId, appointment ?? null);
    return { view: { ...s, orgName, ...names }, patientId };
  }

  private withStore(): { store: Pick<OrgStore, 'org'>; access: OrgAccess } {
    return { store: this.deps.orgs, access: this.deps.access };
  }
}

/** The live lists as the server builds them: each read of them is a read of patient data. */
export type AuditedLiveCases = Audited<LiveCasesService, 'list' | 'parentList' | 'teamList'>;

export function auditedLiveCases(service: LiveCasesService, sinks: AuditSinks): AuditedLiveCases {
  return audited(service, { list: 'phiRead', parentList: 'phiRead', teamList: 'phiRead' }, sinks);
}
