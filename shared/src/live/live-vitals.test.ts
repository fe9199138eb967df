import { describe, expect, it } from 'vitest';
import { encodeNewReading } from '../case-data/readings.js';
import {
  isLiveCaseCurrent,
  isReceivingReadings,
  lastEntries,
  LIVE_CASE_STALE_AFTER_MS,
  liveCaseRead,
  liveVitalsDisplay,
} from './live-vitals.js';

const S = 1000;
const MIN = 60 * S;
const T0 = Date.UTC(2026, 10, 29, 9, 0);

/** A case with compact readings, as a tablet writes them (recordMonitorReading's encodeNewReading). */
function caseWith(
  readings: { at: number; vitals: Record<string, number | null> }[],
  extra: Record<string, unknown> = {},
) {
  const entries: unknown[] = [];
  const headers: Record<string, unknown> = {};
  for (const r of readings) {
    const vitals = Object.fromEntries(
      Object.entries(r.vitals).map(([k, v]) => [k, { value: v, time: r.at, status: 'auto' }]),
    );
    const encoded = encodeNewReading({
      monitorId: 'mon-1',
      monitorLabel: 'Operatory 2 monitor',
      simulated: false,
      selectedVitals: Object.keys(r.vitals),
      lastUpdated: r.at,
      vitals,
    });
    entries.push(encoded.entry);
    if (encoded.header) headers[encoded.header.key] = encoded.header.value;
  }
  return { events: { caseStart: T0 }, vitalsReadings: entries, vitalsMonitors: headers, ...extra };
}

describe('live case summary', () => {
  it('[LV1] keeps each vital’s newest value with its own time, blood pressure from an earlier reading', () => {
    const data = caseWith([
      { at: T0 + 1 * MIN, vitals: { hr: 70, spo2: 97, sbp: 120, dbp: 80 } },
      { at: T0 + 2 * MIN, vitals: { hr: 72, spo2: 98, sbp: null } },
    ]);
    const read = liveCaseRead(data);
    expect(read).toMatchObject({
      inProgress: true,
      startedAt: T0,
      lastReadingAt: T0 + 2 * MIN,
      monitorLabel: 'Operatory 2 monitor',
    });
    expect(read.vitals).toEqual([
      { type: 'dbp', value: 80, time: T0 + MIN },
      { type: 'hr', value: 72, time: T0 + 2 * MIN },
      { type: 'sbp', value: 120, time: T0 + MIN },
      { type: 'spo2', value: 98, time: T0 + 2 * MIN },
    ]);
  });

  it('[LV1] reads no value older than 7 minutes before the newest reading', () => {
    const data = caseWith([
      { at: T0, vitals: { sbp: 120 } },
      { at: T0 + 8 * MIN, vitals: { hr: 60 } },
    ]);
    expect(liveCaseRead(data).vitals.map((v) => v.type)).toEqual(['hr']);
  });

  it('[LV1] is in progress from the first reading without a caseStart, and no longer once an end is charted', () => {
    const readings = [{ at: T0 + MIN, vitals: { hr: 70 } }];
    expect(liveCaseRead({ ...caseWith(readings), events: {} })).toMatchObject({
      inProgress: true,
      startedAt: T0 + MIN,
    });
    expect(liveCaseRead(caseWith(readings, { events: { caseStart: T0, end: T0 + 5 * MIN } })).inProgress).toBe(false);
    expect(liveCaseRead({}).inProgress).toBe(false);
  });

  it('[LV1] reads the tail of a long list the same as the whole list', () => {
    const readings = Array.from({ length: 300 }, (_, i) => ({ at: T0 + i * 5 * S, vitals: { hr: 60 + (i % 30) } }));
    const data = caseWith(readings);
    const tail = { ...data, vitalsReadings: lastEntries(data.vitalsReadings, 100) };
    expect(liveCaseRead(tail).vitals).toEqual(liveCaseRead(data).vitals);
    expect(lastEntries(data.vitalsReadings, 100)).toHaveLength(100);
  });
});

describe('live row display', () => {
  const summary = {
    lastReadingAt: T0,
    vitals: [
      { type: 'hr', value: 72, time: T0 },
      { type: 'sbp', value: 120, time: T0 - 5 * MIN },
      { type: 'spo2', value: 98, time: T0 - 10 * S },
    ],
  };
  const value = (now: number, type: string) =>
    liveVitalsDisplay(summary, now).vitals.find((v) => v.type === type)?.value;

  it.each([
    // age of the newest reading → what the row shows (VT7: 20 s orange, 30 s red, 60 s hidden)
    [0, 'live', null],
    [20 * S, 'live', null],
    [20 * S + 1, 'live', 'orange'],
    [30 * S + 1, 'live', 'red'],
    [60 * S, 'live', 'red'],
    [60 * S + 1, 'noData', null],
  ])('[LV2] %s ms after the newest reading shows %s, delayed %s', (age, kind, delayed) => {
    expect(liveVitalsDisplay(summary, T0 + age)).toMatchObject({ kind, delayed });
  });

  it('[LV2] blanks blood pressure 6 minutes after it was measured and a vital 5 s older than the newest', () => {
    expect(value(T0, 'hr')).toBe(72);
    expect(value(T0, 'sbp')).toBe(120);
    // 10 s older than the newest heart rate: blanked (VT8).
    expect(value(T0, 'spo2')).toBeNull();
    // 5 min + 1 min + 1 ms after the blood pressure: blanked.
    expect(value(T0 + MIN + 1, 'sbp')).toBeNull();
  });

  it('[LV2] shows every vital empty before a monitor charted', () => {
    expect(liveVitalsDisplay({ lastReadingAt: null, vitals: [] }, T0)).toMatchObject({ kind: 'none' });
  });

  it('[LV3] a case receives readings while its newest is at most 60 s old, and stays listed 12 hours', () => {
    expect(isReceivingReadings({ lastReadingAt: T0 }, T0 + 60 * S)).toBe(true);
    expect(isReceivingReadings({ lastReadingAt: T0 }, T0 + 60 * S + 1)).toBe(false);
    expect(isReceivingReadings({ lastReadingAt: null }, T0)).toBe(false);
    expect(isLiveCaseCurrent({ updatedAt: T0, lastReadingAt: null }, T0 + LIVE_CASE_STALE_AFTER_MS)).toBe(true);
    expect(isLiveCaseCurrent({ updatedAt: T0, lastReadingAt: null }, T0 + LIVE_CASE_STALE_AFTER_MS + 1)).toBe(false);
  });
});
