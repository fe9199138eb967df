import { QUALITY_FIGURES, type CaseFacts } from '@vigil/shared';
import type { PageRequest } from '../../pages.js';
import { MemoryDatabase } from '../memory/database.js';
import {
  readCursor,
  type CaseFactsStore,
  type FactsDrill,
  type FactsFilter,
  type FactsOption,
  type FactsSummary,
  type MonthRow,
  type QualityCounts,
} from './types.js';

/** Whether a case falls inside the filter. */
function inFilter(f: CaseFacts, filter: FactsFilter): boolean {
  if (filter.from !== null && (f.startAt === null || f.startAt < filter.from)) return false;
  if (filter.to !== null && (f.startAt === null || f.startAt >= filter.to)) return false;
  if (filter.providerIds.length > 0 && (f.providerId === null || !filter.providerIds.includes(f.providerId)))
    return false;
  return filter.locationId === null || f.locationId === filter.locationId;
}

/** Whether a case is one the drill-down names. */
function inDrill(f: CaseFacts, d: FactsDrill): boolean {
  if (d.month != null && f.month !== d.month) return false;
  if (d.sedationLevel != null && (f.sedationLevel ?? '') !== d.sedationLevel) return false;
  if (d.providerId != null && f.providerId !== d.providerId) return false;
  if (d.drug != null && !f.drugs.some((x) => x.name === d.drug)) return false;
  if (d.dischargeScore != null && f.dischargeScore !== d.dischargeScore) return false;
  if (d.figure != null) {
    if (f.status !== 'finalized') return false;
    if (d.met != null && f.quality[d.figure] !== d.met) return false;
  }
  return true;
}

/** Binary order of two strings (null as ''), as SQLite's default collation sorts them. */
const cmp = (a: string | null, b: string | null): number => {
  const x = a ?? '';
  const y = b ?? '';
  return x < y ? -1 : x > y ? 1 : 0;
};

const byName = (a: FactsOption, b: FactsOption): number => cmp(a.name, b.name) || cmp(a.id, b.id);

function options(all: readonly CaseFacts[], pick: (f: CaseFacts) => FactsOption | null): FactsOption[] {
  const seen = new Map<string, FactsOption>();
  for (const f of all) {
    const o = pick(f);
    if (o && !seen.has(o.id)) seen.set(o.id, o);
  }
  return [...seen.values()].sort(byName);
}

/** The page's figures over cases in memory (what the SQLite store answers with SQL). */
function summarize(all: readonly CaseFacts[], cases: readonly CaseFacts[]): FactsSummary {
  const months = new Map<string, MonthRow>();
  const drugs = new Map<string, { name: string; unit: string; cases: number; total: number }>();
  const discharge = new Map<string, { type: string; score: number; cases: number }>();
  const quality = { finalized: 0, ...Object.fromEntries(QUALITY_FIGURES.map((q) => [q, 0])) } as QualityCounts;
  for (const f of cases) {
    if (f.month !== null) {
      const key = JSON.stringify([f.month, f.sedationLevel, f.providerId]);
      const row = months.get(key) ?? {
        month: f.month,
        sedationLevel: f.sedationLevel,
        providerId: f.providerId,
        providerName: f.providerName,
        cases: 0,
        anesthesiaMinutes: 0,
        anesthesiaUnits: 0,
      };
      row.cases += 1;
      row.anesthesiaMinutes += f.anesthesiaMinutes ?? 0;
      row.anesthesiaUnits += f.anesthesiaUnits ?? 0;
      months.set(key, row);
    }
    for (const d of f.drugs) {
      const key = `${d.name}\u0000${d.unit}`;
      const row = drugs.get(key) ?? { name: d.name, unit: d.unit, cases: 0, total: 0 };
      row.cases += 1;
      row.total += d.total;
      drugs.set(key, row);
    }
    if (f.dischargeScore !== null) {
      const key = `${f.dischargeType}:${f.dischargeScore}`;
      const row = discharge.get(key) ?? { type: f.dischargeType, score: f.dischargeScore, cases: 0 };
      row.cases += 1;
      discharge.set(key, row);
    }
    if (f.status === 'finalized') {
      quality.finalized += 1;
      for (const q of QUALITY_FIGURES) if (f.quality[q]) quality[q] += 1;
    }
  }
  return {
    cases: cases.length,
    months: [...months.values()].sort(
      (a, b) => cmp(a.month, b.month) || cmp(a.sedationLevel, b.sedationLevel) || cmp(a.providerId, b.providerId),
    ),
    drugs: [...drugs.values()].sort((a, b) => cmp(a.name, b.name) || cmp(a.unit, b.unit)),
    discharge: [...discharge.values()].sort((a, b) => cmp(a.type, b.type) || a.score - b.score),
    quality,
    providers: options(all, (f) => (f.providerId ? { id: f.providerId, name: f.providerName } : null)),
    locations: options(all, (f) => (f.locationId ? { id: f.locationId, name: f.locationName } : null)),
  };
}

/** The analytics read model in memory: the second implementation of the contract (issue 36 item 4). */
export class MemoryCaseFactsStore implements CaseFactsStore {
  private readonly facts;

  constructor(private readonly db = new MemoryDatabase()) {
    this.facts = db.table<CaseFacts[]>([]);
  }

  put(facts: CaseFacts): Promise<void> {
    return this.db.run(() => {
      const all = this.facts.value;
      const i = all.findIndex((f) => f.orgId === facts.orgId && f.caseId === facts.caseId);
      if (i < 0) all.push(structuredClone(facts));
      else all[i] = structuredClone(facts);
    });
  }

  remove(orgId: string, caseId: string): Promise<void> {
    return this.db.run(() => {
      this.facts.value = this.facts.value.filter((f) => !(f.orgId === orgId && f.caseId === caseId));
    });
  }

  get(orgId: string, caseId: string): Promise<CaseFacts | null> {
    return this.db.run(() => {
      const f = this.facts.value.find((x) => x.orgId === orgId && x.caseId === caseId);
      return f ? structuredClone(f) : null;
    });
  }

  clear(): Promise<void> {
    return this.db.run(() => {
      this.facts.value = [];
    });
  }

  summary(orgId: string, filter: FactsFilter): Promise<FactsSummary> {
    return this.db.run(() => {
      const all = this.facts.value.filter((f) => f.orgId === orgId);
      return structuredClone(
        summarize(
          all,
          all.filter((f) => inFilter(f, filter)),
        ),
      );
    });
  }

  cases(orgId: string, filter: FactsFilter, drill: FactsDrill, page: PageRequest): Promise<CaseFacts[]> {
    return this.db.run(() => {
      const after = readCursor(page.after);
      const key = (f: CaseFacts): number => f.startAt ?? 0;
      return this.facts.value
        .filter((f) => f.orgId === orgId && inFilter(f, filter) && inDrill(f, drill))
        .sort((a, b) => key(b) - key(a) || cmp(b.caseId, a.caseId))
        .filter(
          (f) => after === null || key(f) < after.startAt || (key(f) === after.startAt && f.caseId < after.caseId),
        )
        .slice(0, page.first)
        .map((f) => structuredClone(f));
    });
  }
}
