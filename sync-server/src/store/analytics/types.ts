import type { CaseFacts, QualityFigure } from '@vigil/shared';
import type { PageRequest } from '../../pages.js';

/*
 * The analytics read model's repository (issue 41): one row of facts per case (shared caseFacts),
 * written by the change-feed consumer (analytics/read-model.ts), read by the analytics page's
 * queries. Every method is async and every write one atomic step, so another implementation only
 * has to implement this interface and pass contract.test.ts.
 */

/** Which cases a figure counts: start in [from, to) (epoch ms), any of the providers, one location. */
export interface FactsFilter {
  from: number | null;
  to: number | null;
  /** Empty: every provider. */
  providerIds: readonly string[];
  locationId: string | null;
}

/** Which cases a chart's bar or figure stands for (the drill-down); every field set narrows it. */
export interface FactsDrill {
  month?: string | null;
  /** '' for cases without a sedation level. */
  sedationLevel?: string | null;
  providerId?: string | null;
  drug?: string | null;
  dischargeScore?: number | null;
  /** With `met`: finalized cases that met (or, met false, missed) this quality figure. */
  figure?: QualityFigure | null;
  met?: boolean | null;
}

/** Cases of one month at one sedation level by one provider. */
export interface MonthRow {
  month: string;
  sedationLevel: string | null;
  providerId: string | null;
  providerName: string | null;
  cases: number;
  anesthesiaMinutes: number;
  anesthesiaUnits: number;
}

export interface DrugRow {
  name: string;
  unit: string;
  cases: number;
  total: number;
}

export interface DischargeRow {
  type: string;
  score: number;
  cases: number;
}

/** Finalized cases, and how many of them met each quality figure. */
export type QualityCounts = { finalized: number } & Record<QualityFigure, number>;

export interface FactsOption {
  id: string;
  name: string | null;
}

export interface FactsSummary {
  cases: number;
  months: MonthRow[];
  drugs: DrugRow[];
  discharge: DischargeRow[];
  quality: QualityCounts;
  /** Every provider and location with a case in the organisation (the filters' choices), by name. */
  providers: FactsOption[];
  locations: FactsOption[];
}

export interface CaseFactsStore {
  /** Writes a case's facts, replacing any earlier ones (idempotent: the consumer may see a change twice). */
  put(facts: CaseFacts, at: number): Promise<void>;
  /** Removes a case's facts (its record was deleted); nothing when there were none. */
  remove(orgId: string, caseId: string): Promise<void>;
  get(orgId: string, caseId: string): Promise<CaseFacts | null>;
  /** Every organisation's facts removed: the start of a rebuild. */
  clear(): Promise<void>;
  /** The figures of the analytics page over the cases the filter selects. */
  summary(orgId: string, filter: FactsFilter): Promise<FactsSummary>;
  /**
   * One page of the cases behind a figure, newest start first (then case id); `page.after` is
   * the cursor of the last case of the page before (caseCursor).
   */
  cases(orgId: string, filter: FactsFilter, drill: FactsDrill, page: PageRequest): Promise<CaseFacts[]>;
}

/** A case's place in the drill-down's order: its start (0 when unknown) and id. */
export function caseCursor(f: Pick<CaseFacts, 'startAt' | 'caseId'>): string {
  return `${f.startAt ?? 0}~${f.caseId}`;
}

/** A cursor read back: null for one of another shape (the first page then). */
export function readCursor(cursor: string | null): { startAt: number; caseId: string } | null {
  const m = cursor == null ? null : /^(-?\d+)~(.+)$/.exec(cursor);
  return m ? { startAt: Number(m[1]), caseId: m[2]! } : null;
}
