import type { DoseRecord, DrugEntry } from '@vigil/shared';
import { clockTime } from '../../../ui/format.js';
import {
  INVALID_TIME_INPUT,
  ORAL_SEDATIVES,
  PARENTERAL_DRUGS,
  drugSlug,
  drugMaximumIssues,
  drugTotals,
  numericInputError,
  parseLenientTime,
  timeBoundError,
  routeGroup,
  type DrugRoute,
  type DrugTotals,
  type DrugMaximumRow,
  type Issue,
  type MassUnit,
  type OfficeDrug,
  officeFirst,
} from '@vigil/shared';

/** A charted dose and a `drugsAdministered` entry: the shapes of shared's case-data entry schemas. */
export type { DoseRecord, DrugEntry };

export interface CatalogueDrug {
  id: string;
  name: string;
  unit: 'mg' | 'mcg';
  routes: readonly DrugRoute[];
  /** The office's common doses of the drug (customize-drugs), offered as one-tap doses. */
  commonDoses?: readonly number[];
}

export const PARENTERAL_AND_ORAL_ROUTES = [
  'IV',
  'IMAD',
  'IM',
  'IN',
  'PO',
  'SL',
] as const satisfies readonly DrugRoute[];

const slug = drugSlug;

/**
 * Alphabetical by name, ignoring case. Not `localeCompare`: its first call loads the locale's
 * collation data (tens of milliseconds of a throttled tablet while a case opens), and drug
 * names are plain Latin letters.
 */
function byName(a: { name: string }, b: { name: string }): number {
  const x = a.name.toLowerCase();
  const y = b.name.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Every drug offered by name: the oral sedative catalogue (spec 002 §9) and the parenteral list. */
export const DRUG_CATALOGUE: readonly CatalogueDrug[] = (() => {
  const byId = new Map<string, CatalogueDrug>();
  for (const { id, name, unit } of PARENTERAL_DRUGS)
    byId.set(id, { id, name, unit, routes: ['IV', 'IMAD', 'IM', 'IN'] });
  for (const s of ORAL_SEDATIVES) {
    const known = byId.get(s.id);
    byId.set(s.id, {
      id: s.id,
      name: s.name,
      unit: known?.unit ?? s.unit,
      routes: [...(known?.routes ?? []), ...s.availableRoutes],
    });
  }
  return [...byId.values()].sort(byName);
})();

/**
 * [OD3] The drugs form's list with the office's oral and parenteral drugs first (customize-drugs),
 * in its order, with its default unit, routes and common doses; its own drugs (id `custom-…`)
 * among them; then the rest of the catalogue. Without an office list, the catalogue.
 */
export function officeDrugCatalogue(office: readonly OfficeDrug[]): readonly CatalogueDrug[] {
  if (office.length === 0) return DRUG_CATALOGUE;
  return officeFirst(DRUG_CATALOGUE, office, ['parenteral', 'oral'], (d, known) => {
    const routes = d.routes.length > 0 ? d.routes : (known?.routes ?? []);
    if (routes.length === 0) return null;
    return {
      id: d.id,
      name: known?.name ?? d.name,
      unit: d.unit === 'mcg' || d.unit === 'mg' ? d.unit : (known?.unit ?? 'mg'),
      routes,
      commonDoses: d.commonDoses,
    };
  });
}

/** The drug of a typed name in `catalogue` (case and spacing ignored), or null for a drug not listed. */
export function findCatalogueDrug(
  name: string,
  catalogue: readonly CatalogueDrug[] = DRUG_CATALOGUE,
): CatalogueDrug | null {
  const id = slug(name);
  if (id === '') return null;
  return catalogue.find((d) => slug(d.name) === id) ?? null;
}

/** The drug id of a typed name: the catalogue id (an office drug's `custom-…`), or `custom-` and the name for an unlisted drug. */
export function drugIdFor(name: string, catalogue: readonly CatalogueDrug[] = DRUG_CATALOGUE): string {
  return findCatalogueDrug(name, catalogue)?.id ?? `custom-${slug(name)}`;
}

/** Text of a positive amount typed in a dose field: its value, or the field's error. */
export function readAmount(text: string): { value: number | null; error: string | null } {
  const t = text.trim();
  if (t === '') return { value: null, error: null };
  const error = numericInputError(t, { min: 0 });
  if (error) return { value: null, error };
  const n = Number(t);
  return n > 0 ? { value: n, error: null } : { value: null, error: 'invalid value' };
}

/**
 * A time typed on the case screen (spec 002 §5: lenient forms such as 930, 0930, 1:30p), on the
 * day of `now`; empty means now. Null value with INVALID_TIME_INPUT when unreadable.
 */
export function readChartTime(text: string, now: number): { value: number | null; error: string | null } {
  if (text.trim() === '') return { value: now, error: null };
  const t = parseLenientTime(text);
  if (!t) return { value: null, error: INVALID_TIME_INPUT };
  const d = new Date(now);
  d.setHours(t.hours, t.minutes, 0, 0);
  return { value: d.getTime(), error: null };
}

/**
 * [DT1] The time of a charted dose (a drug, a local anesthetic, an inhaled agent's setting): a
 * chart time (readChartTime, empty is now) that is not in the future, 'max is {HH:MM}' (TI4)
 * when it is. A time before the case started is taken: a dose given before monitoring began is
 * charted at its time, and the sign-off sequence checks (SO10, SO11) read it like any other.
 */
export function readDoseTime(text: string, now: number): { value: number | null; error: string | null } {
  const time = readChartTime(text, now);
  if (time.value == null) return time;
  const error = timeBoundError(time.value, { max: now }, clockTime);
  return error ? { value: null, error } : time;
}

/** The patient the maxima are worked out for (DM2). */
export interface Patient {
  weightKg: number | null;
  ageYears: number | null;
  /** The office's maxima of its own drugs (OD4). */
  officeRows?: readonly DrugMaximumRow[];
}
const NO_PATIENT: Patient = { weightKg: null, ageYears: null };

export interface DrugSummary {
  key: string;
  name: string;
  drugId: string;
  group: 'oral' | 'parenteral';
  doses: (DoseRecord & { entryId: string })[];
  totals: DrugTotals;
}

const isMassUnit = (u: string): u is MassUnit => u === 'mg' || u === 'mcg' || u === 'g';

/**
 * Oral and parenteral drugs of the case, each with its doses and totals by the shared rule
 * [DR5] (total, given during the procedure, drawn, wasted only when waste is calculated), and
 * its maximum and percent of maximum for the patient [DM3].
 * A drug is one drug id within one route group; totals are in the unit of its first dose.
 */
export function summarizeDrugs(
  entries: readonly DrugEntry[],
  calculateDrugWaste: boolean,
  patient: Patient = NO_PATIENT,
): DrugSummary[] {
  const groups = new Map<
    string,
    {
      name: string;
      drugId: string;
      group: 'oral' | 'parenteral';
      doses: DrugSummary['doses'];
      drawn: DrugEntry['drawn'][];
    }
  >();
  const drawnByDrug = new Map<string, NonNullable<DrugEntry['drawn']>[]>();
  for (const e of entries) {
    if (e.drawn) drawnByDrug.set(e.drugId, [...(drawnByDrug.get(e.drugId) ?? []), e.drawn]);
    for (const d of e.doses ?? []) {
      const rg = routeGroup(d.route);
      if (rg !== 'oral' && rg !== 'parenteral') continue;
      const key = `${rg}:${e.drugId}`;
      const g = groups.get(key) ?? { name: e.name, drugId: e.drugId, group: rg, doses: [], drawn: [] };
      g.doses.push({ ...d, entryId: e.id });
      groups.set(key, g);
    }
  }
  const out: DrugSummary[] = [];
  for (const [key, g] of groups) {
    g.doses.sort((a, b) => a.time - b.time);
    const unit = g.doses.map((d) => d.unit).find(isMassUnit) ?? 'mg';
    const masses = g.doses.filter((d) => isMassUnit(d.unit));
    // Drawn amounts count against the parenteral doses of the drug (syringes are drawn for injection).
    const drawn = g.group === 'parenteral' ? (drawnByDrug.get(g.drugId) ?? []).filter((d) => isMassUnit(d.unit)) : [];
    out.push({
      key,
      name: g.name,
      drugId: g.drugId,
      group: g.group,
      doses: g.doses,
      totals: drugTotals({
        unit,
        doses: masses.map((d) => ({
          amount: d.amount,
          unit: d.unit as MassUnit,
          isPreProcedure: d.isPreProcedure,
          route: d.route,
        })),
        drawn: drawn.map((d) => ({ amount: d.amount, unit: d.unit as MassUnit })),
        calculateDrugWaste,
        // [DM3] maxDose and pctOfMax of the route group, each dose against its own route's maximum.
        maxima: {
          drugId: g.drugId,
          weightKg: patient.weightKg,
          ageYears: patient.ageYears,
          officeRows: patient.officeRows,
        },
      }),
    });
  }
  return out.sort(byName);
}

/** The doses of a drug charted so far, by every route (for the check before a dose, DM4). */
export function dosesOfDrug(
  entries: readonly DrugEntry[],
  drugId: string,
): { amount: number; unit: string; route: DrugRoute }[] {
  return entries
    .filter((e) => e.drugId === drugId)
    .flatMap((e) => e.doses ?? [])
    .filter((d) => {
      const g = routeGroup(d.route);
      return g === 'oral' || g === 'parenteral';
    })
    .map((d) => ({ amount: d.amount, unit: d.unit, route: d.route }));
}

/**
 * [DM5] The warnings of the case's oral and parenteral drugs: a drug past its maximum (all routes
 * counted), a per-kg maximum not checked for want of a weight, an age band not known, a dose by a
 * route without a maximum.
 */
export function drugWarnings(entries: readonly DrugEntry[], patient: Patient): Issue[] {
  const byDrug = new Map<
    string,
    { name: string; drugId: string; doses: { amount: number; unit: string; route: string }[] }
  >();
  for (const e of entries) {
    const doses = dosesOfDrug([e], e.drugId);
    if (doses.length === 0) continue;
    const d = byDrug.get(e.drugId) ?? { name: e.name, drugId: e.drugId, doses: [] };
    d.doses.push(...doses);
    byDrug.set(e.drugId, d);
  }
  return drugMaximumIssues([...byDrug.values()], patient.weightKg, patient.ageYears, patient.officeRows);
}
