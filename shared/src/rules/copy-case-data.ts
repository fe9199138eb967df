import { CASE_COPIED_VALUES, type CaseCopiedValue } from '../case-data/copied-values.js';
import { PRE_MEDS_LOOKBACK_DAYS } from '../constants/widgets.js';
import { records, timeOf, type CaseRecord } from '../case-data/read.js';
import { countablePreMeds } from './drugs.js';

/*
 * Copying case data from an earlier case of the same patient (issue 39; spec 000 §3 copyCaseData
 * flag, spec 002 §3 copied values, §9 pre-meds and history look-up of 30 days).
 */

/**
 * [CC1] The values a new case copies from the patient's earlier case: spec 002 §3's copied values
 * without lastFood and lastDrink, which are times of that visit (docs/decisions.md session 26).
 * No signature and no time is among them.
 */
export type CaseCopyField = Exclude<CaseCopiedValue, 'lastFood' | 'lastDrink'>;
export const CASE_COPY_FIELDS: readonly CaseCopyField[] = CASE_COPIED_VALUES.filter(
  (field): field is CaseCopyField => field !== 'lastFood' && field !== 'lastDrink',
);

const DAY_MS = 86_400_000;

/** A case of the patient as the look-up reads it: its id, when it was (epoch ms) and its content. */
export interface PatientCase {
  id: string;
  at: number;
  data: CaseRecord;
}

const isSet = (v: unknown): boolean =>
  v !== null && v !== undefined && !(typeof v === 'string' && v.trim() === '') && !(Array.isArray(v) && v.length === 0);

/** [CC1] The copied values an earlier case holds (set and not blank), by field. */
export function copiedCaseValues(earlier: CaseRecord): Partial<Record<CaseCopyField, unknown>> {
  return Object.fromEntries(CASE_COPY_FIELDS.filter((f) => isSet(earlier[f])).map((f) => [f, earlier[f]]));
}

/**
 * [CC2] The patient's cases within the look-up (spec 002 §9: 30 days back from `now`, none in the
 * future), other than `currentId`, newest first.
 */
export function recentCases(
  cases: readonly PatientCase[],
  currentId: string,
  now: number,
  days: number = PRE_MEDS_LOOKBACK_DAYS,
): PatientCase[] {
  return cases
    .filter((c) => c.id !== currentId && c.at <= now && now - c.at <= days * DAY_MS)
    .sort((a, b) => b.at - a.at);
}

/** A pre-med as the look-up offers it: what was given, without when (a copied pre-med gets its own time). */
export interface RecentPreMed {
  drugId: string;
  drugName: string;
  route: string;
  dosage: number;
  unit: string;
  /** When it was given in that case (epoch ms), shown only. */
  givenAt: number | null;
}

/**
 * [CC2] The pre-meds of the patient's recent cases (CC2's cases), newest first, one per drug, route,
 * dosage and unit; only those that count (DR6: a drug id and a name) with a dosage.
 */
export function recentPreMeds(cases: readonly PatientCase[]): RecentPreMed[] {
  const seen = new Set<string>();
  const out: RecentPreMed[] = [];
  for (const c of cases) {
    for (const p of countablePreMeds(records(c.data.preMeds))) {
      const dosage = typeof p.dosage === 'number' ? p.dosage : Number(p.dosage);
      if (!Number.isFinite(dosage)) continue;
      const entry: RecentPreMed = {
        drugId: String(p.drugId),
        drugName: String(p.drugName).trim(),
        route: typeof p.route === 'string' ? p.route : '',
        dosage,
        unit: typeof p.unit === 'string' ? p.unit : '',
        givenAt: timeOf(p.time),
      };
      const key = [entry.drugId, entry.route, entry.dosage, entry.unit].join('|');
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(entry);
    }
  }
  return out;
}
