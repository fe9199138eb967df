import { describe, expect, it } from 'vitest';
import { DATA_IS_DELAYED, MINUTE, SECOND } from '@vigil/shared';
import type { ManualVitalsEntry } from './ManualVitals.js';
import type { VitalsRecord } from './monitor.js';
import {
  bannerState,
  CHART_VITALS,
  chartColumns,
  checkpointRows,
  manualPoints,
  mergePoints,
  monitorPoints,
  timeAxisLabels,
} from './series.js';

const T0 = Date.UTC(2026, 0, 1, 9, 0);
const reading = (
  time: number,
  vitals: Record<string, number>,
  monitorId = 'mon-x',
  simulated = true,
): VitalsRecord => ({
  id: `r${time}`,
  lastUpdated: time,
  simulated,
  monitorLabel: 'Simulated monitor',
  monitorId,
  selectedVitals: Object.keys(vitals),
  vitals: Object.fromEntries(Object.entries(vitals).map(([k, value]) => [k, { value, time }])),
});
const manual = (time: number, vitals: Record<string, number | null>): ManualVitalsEntry => ({
  id: `m${time}`,
  time,
  temperatureUnit: 'F',
  vitals,
});

/** Monitor readings and manual entries as the section makes them: one list of points, oldest first. */
const pointsOf = (records: VitalsRecord[], entries: ManualVitalsEntry[]): ReturnType<typeof mergePoints> =>
  mergePoints(monitorPoints(records), manualPoints(entries));

describe('vitals points and chart columns', () => {
  it('merges monitor readings and manual entries in time order', () => {
    const points = pointsOf([reading(T0 + 10 * SECOND, { hr: 70 })], [manual(T0, { sbp: 120, dbp: 80 })]);
    expect(points.map((p) => [p.source, p.time])).toEqual([
      ['manual', T0],
      ['monitor', T0 + 10 * SECOND],
    ]);
  });

  it.each([
    ['both lists in time order', [0, 5, 10, 15, 20], [5, 12, 30]],
    ['manual entries out of order', [0, 5, 10, 15, 20], [30, 5, 12, 5]],
    ['monitor readings out of order (two tablets)', [0, 10, 5, 20, 15], [12, 5]],
  ])('puts %s in the order a stable sort by time gives, a monitor reading first at the same time', (_, m, e) => {
    const monitor = monitorPoints(m.map((t, i) => reading(T0 + t * SECOND, { hr: 60 + i })));
    const entries = manualPoints(e.map((t, i) => ({ ...manual(T0 + t * SECOND, { sbp: 100 + i }), id: `m${i}` })));
    const reference = [...monitor, ...entries].sort((a, b) => a.time - b.time);
    const merged = mergePoints(monitor, entries);
    expect(merged).toEqual(reference);
    // The same points, not copies (the chart and checkpoint rows compare them).
    merged.forEach((p, i) => expect(p).toBe(reference[i]));
  });

  it('lays out a 4-hour case of readings every 5 s as 2,880 points a series, x in seconds', () => {
    const records = Array.from({ length: 2880 }, (_, i) =>
      reading(T0 + i * 5 * SECOND, { hr: 60 + (i % 20), spo2: 98 }),
    );
    const [xs, ...ys] = chartColumns(pointsOf(records, []), 5);
    const [hr, spo2, rr] = ['hr', 'spo2', 'rr'].map((t) => ys[CHART_VITALS.findIndex((v) => v.type === t)]);
    expect(xs.length).toBe(2880);
    expect(xs[1]! - xs[0]!).toBe(5);
    expect(hr![19]).toBe(79);
    expect(spo2![2879]).toBe(98);
    // No RR in any reading: nothing to draw, and nothing breaks a line (undefined is joined across).
    expect(rr![0]).toBeUndefined();
  });

  it('[VC3] breaks a line where a 5-minute checkpoint was missed, and joins readings a checkpoint apart', () => {
    // Manual HR at 0, 5 and 15 minutes (the 10-minute checkpoint missed), SpO2 at 0, 5, 10, 15.
    const points = pointsOf(
      [],
      [
        manual(T0, { hr: 70, spo2: 98 }),
        manual(T0 + 5 * MINUTE, { hr: 72, spo2: 98 }),
        manual(T0 + 10 * MINUTE, { spo2: 97 }),
        manual(T0 + 15 * MINUTE, { hr: 75, spo2: 99 }),
      ],
    );
    const [xs, ...ys] = chartColumns(points, 5);
    const hr = ys[CHART_VITALS.findIndex((v) => v.type === 'hr')]!;
    const spo2 = ys[CHART_VITALS.findIndex((v) => v.type === 'spo2')]!;
    // One extra x, halfway between HR's readings at 5 and 15 minutes: null there (a gap) for HR only.
    expect([...xs].map((x) => (x * 1000 - T0) / MINUTE)).toEqual([0, 5, 10, 10, 15]);
    expect(hr).toEqual([70, 72, undefined, null, 75]);
    expect(spo2).toEqual([98, 98, 97, undefined, 99]);
    // At a 10-minute interval the same 10 minutes between HR readings is no gap.
    expect(chartColumns(points, 10)[0]).toHaveLength(4);
  });

  it('[VC3] puts the gaps of several vitals at the same time on one x, so each gap spans the readings either side', () => {
    const points = pointsOf([], [manual(T0, { hr: 70, spo2: 98 }), manual(T0 + 20 * MINUTE, { hr: 75, spo2: 96 })]);
    const [xs, ...ys] = chartColumns(points, 5);
    expect([...xs].map((x) => (x * 1000 - T0) / MINUTE)).toEqual([0, 10, 20]);
    expect(ys[CHART_VITALS.findIndex((v) => v.type === 'hr')]).toEqual([70, null, 75]);
    expect(ys[CHART_VITALS.findIndex((v) => v.type === 'spo2')]).toEqual([98, null, 96]);
  });

  it("[VC1] draws MAP as recorded, else computed from the same reading's SBP and DBP", () => {
    const [, ...ys] = chartColumns(
      [
        { time: T0, source: 'manual', simulated: false, values: { sbp: 120, dbp: 80 } },
        { time: T0 + MINUTE, source: 'manual', simulated: false, values: { sbp: 120, dbp: 80, map: 90 } },
        { time: T0 + 2 * MINUTE, source: 'manual', simulated: false, values: { sbp: 120 } },
      ],
      5,
    );
    // 80 + (120 − 80) / 3 = 93.3 → 93; a recorded 90 stays 90; SBP alone has none.
    expect(ys[CHART_VITALS.findIndex((v) => v.type === 'map')]).toEqual([93, 90, undefined]);
  });
});

describe('the chart series (RC7: the colours of the printed chart)', () => {
  it('draws every vital in its own colour, systolic and diastolic apart, temperature from a manual temp', () => {
    const colours = CHART_VITALS.map((v) => v.colour);
    expect(new Set(colours).size).toBe(colours.length);
    expect(CHART_VITALS.find((v) => v.type === 'sbp')!.colour).not.toBe(
      CHART_VITALS.find((v) => v.type === 'dbp')!.colour,
    );
    const [, ...ys] = chartColumns(
      [{ time: T0, source: 'manual', simulated: false, values: { temp: 98.6, sbp: 120 } }],
      5,
    );
    expect(ys[CHART_VITALS.findIndex((v) => v.type === 'temperature')]![0]).toBe(98.6);
    expect(ys[CHART_VITALS.findIndex((v) => v.type === 'sbp')]![0]).toBe(120);
  });
});

describe('the time axis (issue 25: clock time at any span)', () => {
  it('labels minutes, hours and a day of case alike as HH:MM on the 24-hour clock', () => {
    const at = (h: number, m: number): number => new Date(2026, 10, 20, h, m).getTime() / 1000;
    expect(timeAxisLabels([at(9, 5), at(14, 0), at(23, 55)])).toEqual(['09:05', '14:00', '23:55']);
    // A split on midnight is a time too, not a date.
    expect(timeAxisLabels([new Date(2026, 10, 21, 0, 0).getTime() / 1000])).toEqual(['00:00']);
  });
});

describe('checkpoint rows (spec 001 §9: every 5 or 10 minutes from case start)', () => {
  it.each([
    [5, [0, 5, 10, 15, 20]],
    [10, [0, 10, 20]],
  ] as const)('puts rows every %i minutes from case start', (interval, minutes) => {
    const rows = checkpointRows([], T0, T0 + 22 * MINUTE, interval);
    expect(rows.map((r) => (r.time - T0) / MINUTE)).toEqual(minutes);
    expect(rows.every((r) => r.point === null)).toBe(true);
  });

  it('shows the reading nearest each checkpoint within half an interval, a manual entry winning a tie', () => {
    const points = pointsOf(
      [reading(T0 + 4 * MINUTE, { hr: 71 }), reading(T0 + 5 * MINUTE + 30 * SECOND, { hr: 75 })],
      [manual(T0 + 4 * MINUTE + 30 * SECOND, { hr: 90 }), manual(T0 + 5 * MINUTE - 30 * SECOND, { hr: 88 })],
    );
    const rows = checkpointRows(points, T0, T0 + 12 * MINUTE, 5);
    expect(rows[0]!.point).toBeNull();
    expect(rows[1]!.point?.values.hr).toBe(88);
    expect(rows[2]!.point).toBeNull();
  });
});

describe('vitals banner (spec 002 §4, §9)', () => {
  it('says no vitals measurements were recorded when there is nothing', () => {
    expect(bannerState([], 0, T0, null)).toEqual({ kind: 'empty' });
  });

  it.each([
    [15 * SECOND, 'live', null],
    [21 * SECOND, 'live', 'orange'],
    [31 * SECOND, 'live', 'red'],
    [61 * SECOND, 'noData', undefined],
  ] as const)('a reading from another device %i ms old: %s, delayed %s', (age, kind, delayed) => {
    const state = bannerState([reading(T0, { hr: 70 })], 0, T0 + age, 'mon-mine');
    expect(state.kind).toBe(kind);
    if (state.kind === 'live') expect(state.delayed).toBe(delayed);
  });

  it('never hides or delays data from the monitor on this device', () => {
    const state = bannerState([reading(T0, { hr: 70 }, 'mon-mine')], 0, T0 + 5 * MINUTE, 'mon-mine');
    expect(state).toMatchObject({ kind: 'live', delayed: null });
  });

  it('blanks blood pressure after 6 minutes and other vitals older than 5 s before the newest', () => {
    const records = [
      reading(T0 + MINUTE, { sbp: 120, dbp: 80 }, 'mon-mine', false),
      reading(T0 + 6 * MINUTE, { rr: 13 }, 'mon-mine', false),
      reading(T0 + 6 * MINUTE + 10 * SECOND, { hr: 70 }, 'mon-mine', false),
    ];
    const at = (now: number): Record<string, number | null> => {
      const s = bannerState(records, 0, now, 'mon-mine');
      return s.kind === 'live' ? Object.fromEntries(s.vitals.map((v) => [v.type, v.value])) : {};
    };
    expect(at(T0 + 6 * MINUTE + 10 * SECOND)).toMatchObject({ sbp: 120, dbp: 80, hr: 70, rr: null });
    expect(at(T0 + 7 * MINUTE + SECOND)).toMatchObject({ sbp: null, dbp: null, hr: 70 });
  });

  it('shows no data when only manual vitals exist', () => {
    expect(bannerState([], 2, T0, null)).toEqual({ kind: 'noData' });
    expect(DATA_IS_DELAYED).toBe('Data is delayed');
  });
});
