import {
  blankStaleVitals,
  readingMap,
  vitalsGapMs,
  vitalCheckpoints,
  vitalsBannerFreshness,
  VITAL_CHART_SERIES,
  type TimedVital,
} from '@vigil/shared';
import type { ManualVitalsEntry } from './ManualVitals.js';
import { clockTime } from '../../../ui/format.js';
import { MONITOR_VITALS, type VitalsRecord } from './monitor.js';

/**
 * The vitals the chart draws, each with its own colour: the same series and colours as the
 * printed report's chart (shared VITAL_CHART_SERIES, RC7), temperature included; `keys` are the
 * names a reading may use (manual entries say temp).
 */
export const CHART_VITALS = VITAL_CHART_SERIES.map((v) => ({
  type: v.id,
  keys: v.keys,
  label: v.label,
  colour: v.colour,
}));

/**
 * The chart's time axis labels: clock time (HH:MM, the app's one time format, format.ts) at every
 * span, where uPlot's own switch to dates or "2pm" as a case grows (issue 25). `splits` in seconds.
 */
export function timeAxisLabels(splits: readonly number[]): string[] {
  return splits.map((s) => clockTime(s * 1000));
}

/** A time-ordered point of any source: a monitor reading or a manual entry. */
export interface VitalsPoint {
  /** Epoch ms. */
  time: number;
  source: 'monitor' | 'manual';
  simulated: boolean;
  values: Partial<Record<string, number | null>>;
}

/** Monitor readings as points, in the order given. */
export function monitorPoints(records: readonly VitalsRecord[]): VitalsPoint[] {
  return records.map((r) => {
    const values: Record<string, number | null> = {};
    for (const type in r.vitals) values[type] = r.vitals[type]?.value ?? null;
    return { time: r.lastUpdated, source: 'monitor', simulated: r.simulated === true, values };
  });
}

/** Manual entries as points, in the order given. */
export function manualPoints(manual: readonly ManualVitalsEntry[]): VitalsPoint[] {
  return manual.map((m) => ({ time: m.time, source: 'manual', simulated: false, values: m.vitals }));
}

const byTime = (a: VitalsPoint, b: VitalsPoint): number => a.time - b.time;

function inTimeOrder(points: readonly VitalsPoint[]): boolean {
  for (let i = 1; i < points.length; i++) if (points[i - 1]!.time > points[i]!.time) return false;
  return true;
}

/**
 * Monitor points and manual points as one list, oldest first; at the same time a monitor point
 * comes first (a stable sort of the monitor points followed by the manual ones). Each list is
 * made on its own (a manual entry does not convert a 4-hour case's readings again) and the two
 * are merged in one pass: readings arrive in time order, so only a list that is not gets sorted.
 */
export function mergePoints(monitor: readonly VitalsPoint[], manual: readonly VitalsPoint[]): VitalsPoint[] {
  if (!inTimeOrder(monitor)) return [...monitor, ...manual].sort(byTime);
  const extra = inTimeOrder(manual) ? manual : [...manual].sort(byTime);
  const out: VitalsPoint[] = new Array<VitalsPoint>(monitor.length + extra.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < monitor.length && j < extra.length) {
    out[k++] = monitor[i]!.time <= extra[j]!.time ? monitor[i++]! : extra[j++]!;
  }
  while (i < monitor.length) out[k++] = monitor[i++]!;
  while (j < extra.length) out[k++] = extra[j++]!;
  return out;
}

/** A point's value of a chart vital: MAP recorded or computed from SBP and DBP (VC1), else the first key it has. */
function pointValue(p: VitalsPoint, vital: (typeof CHART_VITALS)[number]): number | null {
  if (vital.type === 'map') return readingMap(p.values);
  let v: number | null = null;
  for (let k = 0; k < vital.keys.length && v === null; k++) v = p.values[vital.keys[k]!] ?? null;
  return v;
}

/**
 * The chart's columns in uPlot's layout: x in seconds, then one series per CHART_VITALS entry.
 * A point without a value of a vital holds `undefined` there (uPlot joins across it: a monitor
 * reading without blood pressure does not break the BP line); where two readings of a vital are
 * further apart than a missed checkpoint allows (VC3), an extra x halfway between them holds
 * `null` for that vital, which uPlot draws as a gap. Typed arrays for x.
 */
export function chartColumns(
  points: readonly VitalsPoint[],
  intervalMinutes: 5 | 10,
): [Float64Array, ...(number | null | undefined)[][]] {
  const gap = vitalsGapMs(intervalMinutes);
  const values = CHART_VITALS.map((vital) => points.map((p) => pointValue(p, vital)));
  // The gaps of each vital: the time halfway between the two readings either side; vitals with a
  // gap at the same time share one x (two x values alike would make each gap zero pixels wide).
  const gapsAt = new Map<number, number[]>();
  values.forEach((ys, s) => {
    let last: number | null = null;
    for (let i = 0; i < points.length; i++) {
      if (ys[i] == null) continue;
      const t = points[i]!.time;
      if (last !== null && t - last > gap) {
        const at = (last + t) / 2;
        gapsAt.set(at, [...(gapsAt.get(at) ?? []), s]);
      }
      last = t;
    }
  });
  const gaps = [...gapsAt].sort((a, b) => a[0] - b[0]);
  const length = points.length + gaps.length;
  const xs = new Float64Array(length);
  const ys = CHART_VITALS.map(() => new Array<number | null | undefined>(length).fill(undefined));
  let g = 0;
  let k = 0;
  for (let i = 0; i <= points.length; i++) {
    const next = i < points.length ? points[i]!.time : Infinity;
    while (g < gaps.length && gaps[g]![0] < next) {
      xs[k] = gaps[g]![0] / 1000;
      for (const s of gaps[g]![1]) ys[s]![k] = null;
      g++;
      k++;
    }
    if (i === points.length) break;
    xs[k] = next / 1000;
    for (let s = 0; s < CHART_VITALS.length; s++) ys[s]![k] = values[s]![i] ?? undefined;
    k++;
  }
  return [xs, ...ys];
}

/** One checkpoint row: the time on the interval grid and the reading nearest to it, if any. */
export interface CheckpointRow {
  time: number;
  point: VitalsPoint | null;
}

/**
 * [VT5] Checkpoint rows every 5 or 10 minutes from case start (spec 001 §9), up to `until`.
 * Each row shows the point nearest its time within half an interval either side (a manual
 * entry wins over a monitor reading at the same distance), or none.
 */
export function checkpointRows(
  points: readonly VitalsPoint[],
  caseStart: number,
  until: number,
  intervalMinutes: 5 | 10,
): CheckpointRow[] {
  const half = (intervalMinutes * 60_000) / 2;
  const times = vitalCheckpoints(caseStart, caseStart, until, intervalMinutes);
  let lo = 0;
  return times.map((time) => {
    while (lo < points.length && points[lo]!.time < time - half) lo++;
    let best: VitalsPoint | null = null;
    let bestDistance = Infinity;
    for (let i = lo; i < points.length && points[i]!.time <= time + half; i++) {
      const p = points[i]!;
      const d = Math.abs(p.time - time);
      if (d < bestDistance || (d === bestDistance && p.source === 'manual')) {
        best = p;
        bestDistance = d;
      }
    }
    return { time, point: best };
  });
}

/** What the live vitals banner shows. */
export type BannerState =
  | { kind: 'empty' }
  | { kind: 'noData' }
  | {
      kind: 'live';
      delayed: 'orange' | 'red' | null;
      simulated: boolean;
      monitorLabel: string;
      vitals: { type: string; label: string; unit: string; value: number | null }[];
    };

/**
 * The live vitals banner (spec 002 §4, §9): nothing recorded yet; the newest monitor reading
 * hidden after 60 s unless it comes from a monitor on this device ('no data'); 'Data is
 * delayed' orange after 20 s and red after 30 s [VT7]; blood pressure blanked after 6 minutes
 * and other vitals older than 5 s before the newest blanked [VT8].
 */
export function bannerState(
  records: readonly VitalsRecord[],
  manualCount: number,
  now: number,
  localMonitorId: string | null,
): BannerState {
  const latest = records.length === 0 ? null : records.reduce((a, b) => (b.lastUpdated >= a.lastUpdated ? b : a));
  if (latest == null) return manualCount === 0 ? { kind: 'empty' } : { kind: 'noData' };
  const isLocal = localMonitorId != null && latest.monitorId === localMonitorId;
  const freshness = vitalsBannerFreshness(latest.lastUpdated, now, isLocal);
  if (freshness.hidden) return { kind: 'noData' };
  // Each vital's newest value among the recent readings (blood pressure is measured rarely).
  const newest = new Map<string, TimedVital>();
  for (let i = records.length - 1; i >= 0 && newest.size < MONITOR_VITALS.length; i--) {
    const r = records[i]!;
    for (const [type, v] of Object.entries(r.vitals)) {
      if (v == null || v.value == null || newest.has(type)) continue;
      newest.set(type, { id: type, value: v.value, time: v.time });
    }
    if (latest.lastUpdated - r.lastUpdated > 6 * 60_000) break;
  }
  const shown = new Map(blankStaleVitals([...newest.values()], now).map((v) => [v.id, v.value]));
  return {
    kind: 'live',
    delayed: freshness.delayed,
    simulated: latest.simulated,
    monitorLabel: latest.monitorLabel,
    vitals: MONITOR_VITALS.map((v) => ({
      type: v.type,
      label: v.label,
      unit: v.unit,
      value: shown.get(v.type) ?? null,
    })),
  };
}
