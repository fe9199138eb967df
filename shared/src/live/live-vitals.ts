import { HOUR } from '../constants/time.js';
import { monitorRecords } from '../case-data/readings.js';
import { record, records, text, timeOf, type CaseRecord } from '../case-data/read.js';
import { caseStartOf } from '../rules/final-signer.js';
import { blankStaleVitals, vitalsBannerFreshness, type TimedVital } from '../rules/vitals.js';
import type { LiveCaseSummary, LiveVital } from '../views/live.js';

/*
 * Live vitals across the office and the parent organisation (issue 38 "Screens", issue 41 "Parent
 * organisation"): a small summary per case in progress, made by the server from the merged case
 * document, and how a screen shows it with the case banner's freshness rules (VT7, VT8).
 */

/** The vitals a live row shows, in the order of the case banner (the monitor's vitals). */
export const LIVE_VITALS = [
  { type: 'hr', label: 'HR', unit: 'bpm' },
  { type: 'spo2', label: 'SpO2', unit: '%' },
  { type: 'rr', label: 'RR', unit: '/min' },
  { type: 'etco2', label: 'EtCO2', unit: 'mmHg' },
  { type: 'sbp', label: 'SBP', unit: 'mmHg' },
  { type: 'dbp', label: 'DBP', unit: 'mmHg' },
] as const;

/**
 * [LV3] A case leaves the live lists when nothing changed in it for this long (docs/decisions.md,
 * session 27): a case left open at the end of a day is not "in progress" the next morning.
 */
export const LIVE_CASE_STALE_AFTER_MS = 12 * HOUR;

/** How far back the summary reads a case's readings: blood pressure is kept 6 minutes (VT8), so 7 are plenty. */
export const LIVE_READINGS_WINDOW_MS = 7 * 60_000;

/** What a case document says about being live, read by liveCaseSummary. */
export interface LiveCaseRead {
  /** Started (caseStart, or a reading) and not ended (no end time charted). */
  inProgress: boolean;
  startedAt: number | null;
  lastReadingAt: number | null;
  monitorLabel: string | null;
  simulated: boolean;
  vitals: LiveVital[];
}

/**
 * [LV1] What a case document says about being live (issue 38): started when it has a caseStart
 * (FS1, derived when vitals tracking is off) or a monitor reading; in progress until an end time
 * is charted; each vital's newest non-empty value among the readings of the last
 * LIVE_READINGS_WINDOW_MS before the newest one, with its own time. `caseData` may hold only the
 * tail of the readings (the server reads no more).
 */
export function liveCaseRead(caseData: CaseRecord): LiveCaseRead {
  const readings = monitorRecords(caseData);
  const latest = readings.length > 0 ? readings[readings.length - 1]! : null;
  const lastReadingAt = latest ? timeOf(latest.lastUpdated) : null;
  const newest = new Map<string, LiveVital>();
  for (let i = readings.length - 1; i >= 0; i--) {
    const r = readings[i]!;
    const at = timeOf(r.lastUpdated);
    if (lastReadingAt !== null && at !== null && lastReadingAt - at > LIVE_READINGS_WINDOW_MS) break;
    for (const [type, vital] of Object.entries(record(r.vitals) ?? {})) {
      const v = record(vital);
      const value = v?.value;
      if (newest.has(type) || typeof value !== 'number' || !Number.isFinite(value)) continue;
      newest.set(type, { type, value, time: timeOf(v?.time) ?? at ?? 0 });
    }
  }
  const firstReadingAt = readings.length > 0 ? timeOf(readings[0]!.lastUpdated) : null;
  const startedAt = caseStartOf(caseData) ?? firstReadingAt;
  const ended = timeOf(record(caseData.events)?.end) !== null;
  return {
    inProgress: startedAt !== null && !ended,
    startedAt,
    lastReadingAt,
    monitorLabel: latest ? text(latest.monitorLabel) : null,
    simulated: latest?.simulated === true,
    vitals: [...newest.values()].sort((a, b) => a.type.localeCompare(b.type)),
  };
}

/** The last `n` entries of a list (the readings' tail the server hands liveCaseRead). */
export function lastEntries(value: unknown, n: number): CaseRecord[] {
  const list = records(value);
  return list.length <= n ? list : list.slice(list.length - n);
}

/** How a live row shows a case's vitals at `now`. */
export interface LiveVitalsDisplay {
  /** 'none': no monitor has charted; 'noData': the newest reading is older than 60 s (VT7); else shown. */
  kind: 'none' | 'noData' | 'live';
  delayed: 'orange' | 'red' | null;
  vitals: { type: string; label: string; unit: string; value: number | null }[];
}

/**
 * [LV2] A live row's vitals at `now`, by the case banner's rules: hidden ('no data') when the
 * newest reading is older than 60 s, 'Data is delayed' orange after 20 s and red after 30 s
 * (VT7; a live screen is never the monitor's own device, so never local), blood pressure blanked
 * 6 minutes after its reading and other vitals older than 5 s before the newest blanked (VT8).
 */
export function liveVitalsDisplay(
  summary: Pick<LiveCaseSummary, 'lastReadingAt' | 'vitals'>,
  now: number,
): LiveVitalsDisplay {
  const empty = LIVE_VITALS.map((v) => ({ type: v.type, label: v.label, unit: v.unit, value: null }));
  if (summary.lastReadingAt === null) return { kind: 'none', delayed: null, vitals: empty };
  const freshness = vitalsBannerFreshness(summary.lastReadingAt, now, false);
  if (freshness.hidden) return { kind: 'noData', delayed: null, vitals: empty };
  const timed: TimedVital[] = summary.vitals.map((v) => ({ id: v.type, value: v.value, time: v.time }));
  const shown = new Map(blankStaleVitals(timed, now).map((v) => [v.id, v.value]));
  return {
    kind: 'live',
    delayed: freshness.delayed,
    vitals: LIVE_VITALS.map((v) => ({ type: v.type, label: v.label, unit: v.unit, value: shown.get(v.type) ?? null })),
  };
}

/**
 * [LV3] Whether a case is receiving readings at `now` (the calendar's 'live' state, spec 000 §4):
 * its newest reading is not hidden by the banner's 60 s rule (VT7).
 */
export function isReceivingReadings(summary: Pick<LiveCaseSummary, 'lastReadingAt'>, now: number): boolean {
  return summary.lastReadingAt !== null && !vitalsBannerFreshness(summary.lastReadingAt, now, false).hidden;
}

/** [LV3] Whether a summary still counts as a case in progress at `now` (changed within LIVE_CASE_STALE_AFTER_MS). */
export function isLiveCaseCurrent(summary: Pick<LiveCaseSummary, 'updatedAt' | 'lastReadingAt'>, now: number): boolean {
  return now - Math.max(summary.updatedAt, summary.lastReadingAt ?? 0) <= LIVE_CASE_STALE_AFTER_MS;
}
