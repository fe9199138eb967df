import { MINUTE } from '../constants/time.js';

/**
 * Rules of the vitals chart shared by the case screen's chart and the printed report's (issue 35
 * item 15): mean arterial pressure, the time axis ticks and where a line breaks for a gap.
 */

/**
 * [VC1] Mean arterial pressure from a reading's systolic and diastolic pressure:
 * DBP + (SBP − DBP) / 3, rounded to a whole mmHg (the standard estimate; the spec lists map among
 * the vitals, spec 001 §2, without a formula). Null unless both are positive numbers with
 * SBP ≥ DBP.
 */
export function meanArterialPressure(sbp: number | null | undefined, dbp: number | null | undefined): number | null {
  if (sbp == null || dbp == null || !Number.isFinite(sbp) || !Number.isFinite(dbp)) return null;
  if (sbp <= 0 || dbp <= 0 || sbp < dbp) return null;
  return Math.round(dbp + (sbp - dbp) / 3);
}

/**
 * [VC1] A reading's MAP: the one recorded, else the one computed from its SBP and DBP; null
 * when neither.
 */
export function readingMap(values: Readonly<Partial<Record<string, number | null | undefined>>>): number | null {
  const recorded = values.map;
  if (recorded != null && Number.isFinite(recorded) && recorded > 0) return recorded;
  return meanArterialPressure(values.sbp, values.dbp);
}

/** The steps the time axis may take, in minutes: whole minutes, never a label repeated. */
export const TIME_AXIS_STEPS_MINUTES = [1, 2, 5, 10, 15, 30, 60, 120, 180, 240, 360, 720] as const;

/**
 * [VC2] The time axis ticks of a chart from `start` to `end` (epoch ms): the smallest step of
 * TIME_AXIS_STEPS_MINUTES that puts at most `maxTicks` ticks on the span, each tick on a whole
 * multiple of the step in the clock the labels are read in (`offsetMinutes` east of UTC, so 30-
 * minute ticks fall on :00 and :30 of that clock), from the first at or after `start` to the
 * last at or before `end`. Labels are HH:MM, so no two ticks share a label (a 3-minute case gets
 * 1-minute ticks, not ten ticks reading the same minute). A span shorter than a minute has one
 * tick, at the minute it begins in.
 */
export function timeAxisTicks(start: number, end: number, maxTicks: number, offsetMinutes = 0): number[] {
  if (!Number.isFinite(start) || !Number.isFinite(end) || end < start) return [];
  const offset = offsetMinutes * MINUTE;
  const span = end - start;
  const most = Math.max(1, Math.floor(maxTicks));
  const longest = TIME_AXIS_STEPS_MINUTES[TIME_AXIS_STEPS_MINUTES.length - 1]!;
  const step = (TIME_AXIS_STEPS_MINUTES.find((m) => Math.floor(span / (m * MINUTE)) + 1 <= most) ?? longest) * MINUTE;
  const first = Math.ceil((start + offset) / step) * step - offset;
  const ticks: number[] = [];
  for (let t = first; t <= end; t += step) ticks.push(t);
  if (ticks.length === 0) ticks.push(Math.floor((start + offset) / MINUTE) * MINUTE - offset);
  return ticks;
}

/**
 * [VC3] The longest time between two readings of a vital that the chart joins with a line: one
 * and a half vitals intervals (VT4). Two readings further apart have a missed checkpoint (VT5)
 * between them, and the line breaks there, so a gap shows as a gap.
 */
export function vitalsGapMs(intervalMinutes: 5 | 10): number {
  return intervalMinutes * MINUTE * 1.5;
}

/**
 * [VC3] A vital's readings (in time order) split where two follow each other more than
 * vitalsGapMs apart: each run is drawn as one line.
 */
export function splitAtGaps<T extends { time: number }>(points: readonly T[], intervalMinutes: 5 | 10): T[][] {
  const gap = vitalsGapMs(intervalMinutes);
  const runs: T[][] = [];
  let run: T[] = [];
  for (const p of points) {
    const prev = run[run.length - 1];
    if (prev && p.time - prev.time > gap) {
      runs.push(run);
      run = [];
    }
    run.push(p);
  }
  if (run.length > 0) runs.push(run);
  return runs;
}
