import {
  dischargeItems,
  dischargeSummary,
  itemMaxScore,
  vitalsComparison,
  vitalsScore,
  type DischargeSummary,
  type VitalComparison,
} from '../rules/discharge-score.js';
import { DISCHARGE_SCORE_TYPES, VITAL_IDS, type DischargeScoreType, type VitalId } from '../enums.js';
import { DISCHARGE_CHOICE_LABELS, DISCHARGE_ITEM_LABELS, VITAL_NAMES } from './labels.js';
import { record, records, timeOf, type CaseRecord } from '../case-data/read.js';
import { monitorRecords } from '../case-data/readings.js';
import { isSimulatedRecord } from './chart.js';

/**
 * The discharge score as the case screen shows it and the report prints it (spec 001 §3–§5,
 * rules DS1–DS7): one computation on both sides, so the PDF's total matches the screen's.
 */

/** Keys a reading may use for a vital (manual entries say temp). */
const ALIASES: Readonly<Record<string, VitalId>> = { temp: 'temperature' };

/** A vital's value at its earliest and latest reading, and how many readings had it. */
interface VitalEnds {
  firstTime: number;
  first: number;
  lastTime: number;
  last: number;
  count: number;
}

/** Each vital's first and last reading over some readings (see vitalsEnds). */
export type VitalsEnds = Partial<Record<VitalId, VitalEnds>>;

const KNOWN_VITALS: ReadonlySet<string> = new Set(VITAL_IDS);

/** A reading's value of a vital: a number or `{ value }`; zero counts as no reading (spec 002 §5). */
function vitalValue(raw: unknown): number | null {
  const v =
    typeof raw === 'number'
      ? raw
      : raw != null && typeof raw === 'object' && typeof (raw as { value?: unknown }).value === 'number'
        ? (raw as { value: number }).value
        : null;
  return v != null && Number.isFinite(v) && v !== 0 ? v : null;
}

/**
 * Each vital's first and last value over readings (manual entries keyed by `time`, monitor
 * records by `lastUpdated`; vitals keyed by vital id, manual entries saying temp), in one pass
 * without sorting: the discharge comparison needs only these (DS5), and a 4-hour case has
 * thousands of readings that a new entry would otherwise copy and sort again. Of readings at
 * the same time, the first is the earliest in the list and the last the latest, as a stable
 * sort by time would give. Readings of the simulated monitor are left out (SIM2).
 */
export function vitalsEnds(
  readings: readonly { lastUpdated?: unknown; time?: unknown; vitals?: unknown; simulated?: unknown }[],
): VitalsEnds {
  const ends: VitalsEnds = {};
  for (const r of readings) {
    // [SIM2] A simulated reading is not the patient's: it never scores a discharge.
    if (isSimulatedRecord(r)) continue;
    const time = timeOf(r.lastUpdated ?? r.time);
    const vitals = r.vitals;
    if (time == null || vitals == null || typeof vitals !== 'object') continue;
    for (const key in vitals) {
      const id = (ALIASES[key] ?? key) as VitalId;
      if (!KNOWN_VITALS.has(id)) continue;
      const v = vitalValue((vitals as Record<string, unknown>)[key]);
      if (v == null) continue;
      const e = ends[id];
      if (!e) {
        ends[id] = { firstTime: time, first: v, lastTime: time, last: v, count: 1 };
        continue;
      }
      e.count++;
      if (time < e.firstTime) {
        e.firstTime = time;
        e.first = v;
      }
      if (time >= e.lastTime) {
        e.lastTime = time;
        e.last = v;
      }
    }
  }
  return ends;
}

/**
 * Each vital's first and last values in time order, from manual entries and monitor records
 * (`vitalsEnds` of each; manual entries count as earlier at the same time), in VITAL_IDS order:
 * `[first, last]`, or `[value]` with a single reading. What vitalsComparison reads (DS5).
 */
export function vitalsSeries(manual: VitalsEnds, records: VitalsEnds): Partial<Record<VitalId, number[]>> {
  const series: Partial<Record<VitalId, number[]>> = {};
  for (const id of VITAL_IDS) {
    const a = manual[id];
    const b = records[id];
    if (!a && !b) continue;
    const first = a && (!b || a.firstTime <= b.firstTime) ? a.first : (b as VitalEnds).first;
    const last = b && (!a || b.lastTime >= a.lastTime) ? b.last : (a as VitalEnds).last;
    series[id] = (a?.count ?? 0) + (b?.count ?? 0) >= 2 ? [first, last] : [first];
  }
  return series;
}

export interface DischargeModel {
  type: DischargeScoreType;
  items: { id: string; label: string; max: number; score: number | null; choices: readonly string[] }[];
  comparisons: VitalComparison[];
  summary: DischargeSummary;
}

/** The discharge score (spec 001 §3–§5, rules DS1–DS7) from the case's entries and vitals. */
export function dischargeModel(
  type: DischargeScoreType,
  entries: Readonly<Record<string, { score?: unknown } | undefined>>,
  series: Partial<Record<VitalId, readonly number[]>>,
): DischargeModel {
  const comparisons = vitalsComparison(series, VITAL_NAMES);
  const score = vitalsScore([...comparisons]);
  return {
    type,
    items: dischargeItems(type).map((id) => {
      const s = entries[id]?.score;
      return {
        id,
        label: DISCHARGE_ITEM_LABELS[id] ?? id,
        max: itemMaxScore(type, id) ?? 0,
        score: typeof s === 'number' ? s : null,
        choices: DISCHARGE_CHOICE_LABELS[id] ?? [],
      };
    }),
    comparisons,
    summary: dischargeSummary(type, entries, score),
  };
}

/**
 * [RL2] The discharge score of a case's data, as the Discharge section computes it: the stored
 * type (Aldrete when unset), the stored entries and the vitals comparison over the manual
 * entries and the monitor records.
 */
export function caseDischarge(caseData: CaseRecord): DischargeModel {
  const stored = caseData.dischargeScoreType;
  const type: DischargeScoreType = (DISCHARGE_SCORE_TYPES as readonly unknown[]).includes(stored)
    ? (stored as DischargeScoreType)
    : 'aldrete';
  const entries = (record(caseData.dischargeScoreEntries) ?? {}) as Readonly<
    Record<string, { score?: unknown } | undefined>
  >;
  const series = vitalsSeries(vitalsEnds(records(caseData.manualVitals)), vitalsEnds(monitorRecords(caseData)));
  return dischargeModel(type, entries, series);
}
