import { describe, expect, it } from 'vitest';
import { caseTimes, eventLabel, isAnesthesiaTracked, toMs } from './caseTimes.js';

const src = {
  events: {},
  sedationLevel: 'moderate',
  vitalsTrackingEnabled: true,
  positions: [],
  ivSites: [],
  activity: [],
};

describe('case times', () => {
  it('reads epoch ms and ISO times, nothing else', () => {
    expect(toMs(1000)).toBe(1000);
    expect(toMs('2026-11-21T10:00:00Z')).toBe(Date.UTC(2026, 10, 21, 10));
    expect(toMs('soon')).toBeNull();
    expect(toMs(null)).toBeNull();
  });

  it('labels events as the timeline does (spec 002 §3)', () => {
    expect(eventLabel('caseStart')).toBe('Started Monitoring');
    expect(eventLabel('end')).toBe('Recovery Completed');
    expect(eventLabel('timeout')).toBe('Timeout');
    expect(eventLabel('caseStart', true)).toBe('Case Start');
  });

  it('tracks anesthesia for moderate, deep and GA, or once an anesthesia start is charted', () => {
    expect(isAnesthesiaTracked('minimal', {})).toBe(false);
    expect(isAnesthesiaTracked('Moderate', {})).toBe(true);
    expect(isAnesthesiaTracked('local', { anesthesiaStart: 5 })).toBe(true);
  });

  it('[ET3] derives caseStart from the first charted activity when vitals tracking is off', () => {
    const t = caseTimes({ ...src, vitalsTrackingEnabled: false, events: { caseStart: 1 }, activity: [500, 300] });
    expect(t.times.caseStart).toBe(300);
    expect(caseTimes({ ...src, events: { caseStart: 1 }, activity: [300] }).times.caseStart).toBe(1);
  });

  it('takes the IV bar from the first IV placed to the last removed once every IV is out', () => {
    const open = caseTimes({ ...src, ivSites: [{ time: 200, timeRemoved: 900 }, { time: 100 }] });
    expect([open.ivStart, open.ivEnd]).toEqual([100, null]);
    const out = caseTimes({
      ...src,
      ivSites: [
        { time: 200, timeRemoved: 900 },
        { time: 100, timeRemoved: 800 },
      ],
    });
    expect([out.ivStart, out.ivEnd]).toEqual([100, 900]);
  });
});
