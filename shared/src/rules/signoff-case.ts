import { migrateCaseData } from '../case-data/migrations.js';
import { DEPTH_SEDATION_LEVELS, EVENT_IDS, type EventId } from '../enums.js';
import { num, record, records, text, timeOf, type CaseRecord } from '../case-data/read.js';
import { monitorRecords } from '../case-data/readings.js';
import { effectiveTimes, type EventTimesInput } from './event-times.js';
import { sedationLevelRank } from './sedation-level.js';

/**
 * The case as the sign-off rules read it (issue 29): migrated to this build's schema, then read
 * tolerantly like the printed report (a field of the wrong shape counts as not recorded, never
 * throws), with times as epoch ms. One reading serves every sign-off rule.
 */

/** One set of vitals at one time: a manual entry or a monitor reading; zero is no reading (spec 002 §5). */
export interface SignoffReading {
  readonly time: number;
  readonly source: 'manual' | 'monitor';
  readonly values: Readonly<Record<string, number>>;
}

/** One dose of a drug given (parenteral, oral, inhalation…; spec 001 §3 "Dose"). */
export interface SignoffDose {
  /** Index in drugsAdministered, for `fields`. */
  readonly drugIndex: number;
  readonly drugId: string;
  readonly name: string;
  readonly route: string | null;
  readonly amount: number | null;
  readonly unit: string | null;
  readonly time: number | null;
}

/** One local anesthetic dose (spec 001 §3 "Local dose"). */
export interface SignoffLocalDose {
  readonly index: number;
  readonly variantId: string;
  readonly amount: number | null;
  readonly unit: string | null;
  readonly mg: number | null;
  /** Epinephrine of the dose, mg (LA8). */
  readonly epiMg: number | null;
  readonly time: number | null;
}

export interface SignoffCase {
  readonly data: CaseRecord;
  /** The case's sedation level in lower case ('moderate'), or null when none is set. */
  readonly sedationLevel: string | null;
  /** Effective event times (caseStart derived when vitals tracking is off, ET3). */
  readonly times: Readonly<Record<EventId, number | null>>;
  readonly eventInput: EventTimesInput;
  /** Vitals tracking is on unless switched off. */
  readonly vitalsTracked: boolean;
  /** Every reading, oldest first (manual first at the same time). */
  readonly readings: readonly SignoffReading[];
  readonly doses: readonly SignoffDose[];
  readonly localDoses: readonly SignoffLocalDose[];
}

/** Keys a reading may use for a vital (manual entries say temp). */
const VITAL_ALIASES: Readonly<Record<string, string>> = { temp: 'temperature' };

function readingValues(vitals: unknown): Record<string, number> {
  const out: Record<string, number> = {};
  const v = record(vitals);
  if (!v) return out;
  for (const key of Object.keys(v)) {
    const raw = v[key];
    const n = typeof raw === 'number' ? raw : num(record(raw)?.value);
    if (n != null && Number.isFinite(n) && n !== 0) out[VITAL_ALIASES[key] ?? key] = n;
  }
  return out;
}

/**
 * Every reading of the case (manual entries and monitor records), oldest first. [SIM3] Readings of
 * the simulated monitor are not the patient's: they neither satisfy a vitals check (SO5, SO6) nor
 * raise a threshold or suspicious flag (SO12, SO17).
 */
export function caseReadings(data: CaseRecord): SignoffReading[] {
  const out: SignoffReading[] = [];
  for (const m of records(data.manualVitals)) {
    const time = timeOf(m.time);
    const values = readingValues(m.vitals);
    if (time != null && Object.keys(values).length > 0) out.push({ time, source: 'manual', values });
  }
  for (const r of monitorRecords(data)) {
    if (r.simulated === true) continue; // the record's `simulated` flag (SIM1)
    const time = timeOf(r.lastUpdated);
    const values = readingValues(r.vitals);
    if (time != null && Object.keys(values).length > 0) out.push({ time, source: 'monitor', values });
  }
  // Stable: manual entries stay ahead of monitor readings at the same time.
  return out.sort((a, b) => a.time - b.time);
}

/** Every dose of drugsAdministered with its drug (an entry without a name is MISSING_DRUG_NAME elsewhere). */
export function caseDoses(data: CaseRecord): SignoffDose[] {
  const out: SignoffDose[] = [];
  records(data.drugsAdministered).forEach((drug, drugIndex) => {
    const name = text(drug.name) ?? 'Unnamed drug';
    const drugId = text(drug.drugId) ?? name.toLowerCase().replace(/\s+/g, '-');
    for (const d of records(drug.doses)) {
      out.push({
        drugIndex,
        drugId,
        name,
        route: text(d.route),
        amount: num(d.amount),
        unit: text(d.unit),
        time: timeOf(d.time),
      });
    }
  });
  return out;
}

/** Every local anesthetic dose, in the order charted. */
export function caseLocalDoses(data: CaseRecord): SignoffLocalDose[] {
  return records(data.localDoses).map((d, index) => ({
    index,
    variantId: text(d.drugVariantId) ?? '',
    amount: num(d.amount),
    unit: text(d.unit),
    mg: num(d.mg),
    epiMg: num(d.epiMg),
    time: timeOf(d.time),
  }));
}

/** The case's sedation level in lower case, or null. */
export function caseSedationLevel(data: CaseRecord): string | null {
  const l = text(data.sedationLevel);
  return l == null ? null : l.toLowerCase();
}

/** True for moderate, deep and GA (spec 001 §5 "Depth"). */
export function isDepthLevel(level: string | null): boolean {
  return level != null && sedationLevelRank(level) >= sedationLevelRank(DEPTH_SEDATION_LEVELS[0]);
}

/** A sedation level as a clinician says it: 'moderate sedation', 'general anesthesia', 'local anesthesia'. */
export function levelPhrase(level: string): string {
  switch (level) {
    case 'ga':
      return 'general anesthesia';
    case 'local':
      return 'local anesthesia';
    default:
      return `${level} sedation`;
  }
}

/** Reads case data of any schema version for the sign-off rules; a non-object reads as an empty case. */
export function readSignoffCase(caseData: unknown): SignoffCase {
  const data: CaseRecord = migrateCaseData(caseData).data ?? {};
  const events = record(data.events);
  const set: Partial<Record<EventId, number | null>> = {};
  for (const id of EVENT_IDS) set[id] = timeOf(events?.[id]);
  const sedationLevel = caseSedationLevel(data);
  const readings = caseReadings(data);
  const doses = caseDoses(data);
  const localDoses = caseLocalDoses(data);
  const vitalsTracked = data.vitalsTrackingEnabled !== false;
  const activity = [
    ...localDoses.map((d) => d.time),
    ...records(data.manualVitals).map((m) => timeOf(m.time)),
    ...records(data.preMeds).map((m) => timeOf(m.time)),
    ...doses.map((d) => d.time),
  ].filter((t): t is number => t != null);
  const eventInput: EventTimesInput = {
    times: set,
    vitalsTrackingEnabled: vitalsTracked,
    // As the case screen: anesthesia is tracked at a depth level or once an anesthesia time is charted.
    anesthesiaTracked: isDepthLevel(sedationLevel) || set.anesthesiaStart != null,
    positions: records(data.positions).map((p, i) => ({
      id: text(p.id) ?? `position${i + 1}`,
      name: text(p.name) ?? undefined,
      time: timeOf(p.time),
    })),
    activityTimes: activity,
  };
  return {
    data,
    sedationLevel,
    times: effectiveTimes(eventInput),
    eventInput,
    vitalsTracked,
    readings,
    doses,
    localDoses,
  };
}
