import { describe, expect, it } from 'vitest';
import {
  caseEditingWindowEnd,
  caseEditingWindowEndFrom,
  isProviderEditingWindowOpen,
  providerEditingWindowEnd,
} from './editing-window.js';

const H = 60 * 60 * 1000;
const end = Date.UTC(2026, 10, 21, 15, 0);

describe('provider editing window (spec 000 §9: 24 hours)', () => {
  it('[EW1] closes 24 hours after the case end time', () => {
    expect(providerEditingWindowEnd({ caseStart: end - 2 * H, end })).toBe(end + 24 * H);
    expect(isProviderEditingWindowOpen({ caseStart: end - 2 * H, end }, end + 24 * H)).toBe(true);
    expect(isProviderEditingWindowOpen({ caseStart: end - 2 * H, end }, end + 24 * H + 1)).toBe(false);
  });

  it('[EW1] runs from the case start when no end was charted', () => {
    // 10:00 start, no end: open until 10:00 the next day.
    const start = end - 5 * H;
    expect(providerEditingWindowEnd({ caseStart: start, end: null })).toBe(start + 24 * H);
    expect(isProviderEditingWindowOpen({ caseStart: start, end: null }, start + 25 * H)).toBe(false);
  });

  it('[EW1] stays open while the case has no times', () => {
    expect(providerEditingWindowEnd({ caseStart: null, end: null })).toBeNull();
    expect(isProviderEditingWindowOpen({ caseStart: null, end: null }, end + 1000 * H)).toBe(true);
  });
});

describe("a case's editing window from its data (EW2: the server's reading)", () => {
  const start = end - 2 * H;
  /** Both readings: the whole data, and the one that reads only the events while they decide. */
  const both = (data: Record<string, unknown>): [number | null, number | null] => {
    let whole = 0;
    const lazy = caseEditingWindowEndFrom(
      (key) => data[key],
      () => {
        whole += 1;
        return data;
      },
    );
    return [caseEditingWindowEnd(data), whole === 0 ? lazy : -lazy!];
  };

  it('[EW2] runs from the charted end, else the charted start, as times or ISO text', () => {
    expect(both({ events: { caseStart: start, end } })).toEqual([end + 24 * H, end + 24 * H]);
    expect(both({ events: { caseStart: new Date(start).toISOString() } })).toEqual([start + 24 * H, start + 24 * H]);
  });

  it('[EW2] stays open without times: charted doses do not start it while vitals tracking is on', () => {
    const dosed = { drugsAdministered: [{ name: 'Midazolam', doses: [{ amount: 2, time: start }] }] };
    expect(both(dosed)).toEqual([null, null]);
    expect(both({})).toEqual([null, null]);
    expect(caseEditingWindowEnd(null)).toBeNull();
  });

  it('[EW2] with vitals tracking off and no end, runs from the start derived from every charted time (ET3)', () => {
    const data = {
      vitalsTrackingEnabled: false,
      drugsAdministered: [{ name: 'Midazolam', doses: [{ amount: 2, time: start }] }],
    };
    // Only this case reads the whole data (marked negative by `both`).
    expect(both(data)).toEqual([start + 24 * H, -(start + 24 * H)]);
    expect(both({ ...data, events: { end } })).toEqual([end + 24 * H, end + 24 * H]);
  });
});
