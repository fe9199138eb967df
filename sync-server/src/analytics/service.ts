import {
  analyticsDrillInputSchema,
  analyticsFilterInputSchema,
  type AnalyticsCaseView,
  type AnalyticsSummaryView,
  type CaseFacts,
  type ParentAnalyticsView,
  type ParentOfficeAnalyticsView,
} from '@vigil/shared';
import { z } from 'zod';
import type { Caller } from '../access/caller.js';
import type { Need, OrgAccess } from '../access/index.js';
import { orgFor } from '../orgs/authorize.js';
import { AppError, refuse } from '../errors.js';
import { parseInput } from '../input.js';
import type { PageRequest } from '../pages.js';
import { caseCursor, type CaseFactsStore, type FactsFilter } from '../store/analytics/types.js';
import type { OrgStore } from '../store/orgs/types.js';
import type { AnalyticsReadModel } from './read-model.js';

export interface AnalyticsServiceDeps {
  facts: CaseFactsStore;
  model: Pick<AnalyticsReadModel, 'catchUp'>;
  orgs: Pick<OrgStore, 'org' | 'childOrgs'>;
  access: OrgAccess;
}

/**
 * Who may see the office's analytics: whoever administers it (spec 000 §6), when its plan
 * includes analytics (spec 002 §6 Enterprise: "organization-wide quality control, dashboard and
 * analytics"; PLAN_REQUIRED otherwise).
 */
export const ANALYTICS_NEED: readonly Need[] = ['admin', { plan: 'analytics' }];

const DAY_MS = 24 * 60 * 60 * 1000;
const argsSchema = z.object({
  filter: analyticsFilterInputSchema.nullish(),
  drill: analyticsDrillInputSchema.nullish(),
});

/** The filter's days as epoch ms: from the start of `from` to the end of `to` (UTC days, both included). */
export function factsFilter(args: Record<string, unknown>): FactsFilter {
  const { filter } = parseInput(argsSchema, { filter: args.filter });
  const from = filter?.from ? Date.parse(`${filter.from}T00:00:00Z`) : null;
  const to = filter?.to ? Date.parse(`${filter.to}T00:00:00Z`) + DAY_MS : null;
  if ((from !== null && Number.isNaN(from)) || (to !== null && Number.isNaN(to))) refuse('INVALID_INPUT');
  return { from, to, providerIds: filter?.providerIds ?? [], locationId: filter?.locationId ?? null };
}

function caseView(f: CaseFacts): AnalyticsCaseView {
  return {
    caseId: f.caseId,
    status: f.status,
    startAt: f.startAt === null ? null : new Date(f.startAt).toISOString(),
    providerName: f.providerName,
    locationName: f.locationName,
    sedationLevel: f.sedationLevel,
    anesthesiaMinutes: f.anesthesiaMinutes,
    dischargeScore: f.dischargeScore,
    cursor: caseCursor(f),
  };
}

/**
 * The office's analytics page (issue 41; spec 000 §2, §9): figures and drill-downs read from the
 * read model only, never from case documents. The read model first handles what the change feed
 * holds (catchUp), so a case finalized a moment ago is counted.
 */
export class AnalyticsService {
  constructor(private readonly deps: AnalyticsServiceDeps) {}

  private async allowed(caller: Caller, orgId: unknown): Promise<string> {
    const { org } = await orgFor({ store: this.deps.orgs, access: this.deps.access }, caller, orgId, ANALYTICS_NEED);
    await this.deps.model.catchUp();
    return org.id;
  }

  /** analytics(orgId, filter): cases per month, level and provider, drugs, discharge scores, quality. */
  async summary(caller: Caller, args: Record<string, unknown>): Promise<AnalyticsSummaryView> {
    const orgId = await this.allowed(caller, args.orgId);
    return this.deps.facts.summary(orgId, factsFilter(args));
  }

  /** analyticsCases(orgId, filter, drill, first, after): one page of the cases behind a figure. */
  async cases(caller: Caller, args: Record<string, unknown>, page: PageRequest): Promise<AnalyticsCaseView[]> {
    const orgId = await this.allowed(caller, args.orgId);
    const { drill } = parseInput(argsSchema, { drill: args.drill });
    const facts = await this.deps.facts.cases(orgId, factsFilter(args), drill ?? {}, page);
    return facts.map(caseView);
  }

  /**
   * parentAnalytics(parentOrgId, filter): the parent's offices side by side over the date range
   * (issue 41 "office against office"), each from its own read-model summary: cases, anesthesia
   * minutes and units, the quality figures. Whoever administers the parent (its admins, the
   * team's ubers); an office whose plan has no analytics is listed with planRequired and zeros,
   * as its own page would refuse them. Providers and place are the offices' own, so only the
   * filter's dates apply.
   */
  async parentComparison(caller: Caller, args: Record<string, unknown>): Promise<ParentAnalyticsView> {
    const deps = { store: this.deps.orgs, access: this.deps.access };
    const { org } = await orgFor(deps, caller, args.parentOrgId, 'admin');
    const { from, to } = factsFilter(args);
    await this.deps.model.catchUp();
    const offices: ParentOfficeAnalyticsView[] = [];
    for (const child of await this.deps.orgs.childOrgs(org.id)) {
      const row = { orgId: child.id, name: child.name, cases: 0, anesthesiaMinutes: 0, anesthesiaUnits: 0 };
      try {
        await orgFor(deps, caller, child.id, ANALYTICS_NEED);
      } catch (err) {
        if (!(err instanceof AppError && err.code === 'PLAN_REQUIRED')) throw err;
        offices.push({ ...row, planRequired: true, quality: { ...NO_QUALITY } });
        continue;
      }
      const s = await this.deps.facts.summary(child.id, { from, to, providerIds: [], locationId: null });
      // The month rows hold each case once (by month, level and provider): they add up to the whole.
      const byLevel = s.months;
      offices.push({
        ...row,
        planRequired: false,
        cases: s.cases,
        anesthesiaMinutes: byLevel.reduce((n, m) => n + m.anesthesiaMinutes, 0),
        anesthesiaUnits: Math.round(byLevel.reduce((n, m) => n + m.anesthesiaUnits, 0) * 100) / 100,
        quality: s.quality,
      });
    }
    return { offices };
  }
}

const NO_QUALITY = {
  finalized: 0,
  preOpComplete: 0,
  vitalsAtEveryCheckpoint: 0,
  dischargeBeforeSignoff: 0,
  signedWithin24h: 0,
  noOverride: 0,
} as const;
