import { describe, expect, it } from 'vitest';
import {
  CASE_START_NOTE,
  TIMELINE_BARS,
  TIMELINE_EVENT_LABELS,
  TIMELINE_STATUS_TEXTS,
  anesthesiaMinutes,
  anesthesiaUnits,
  caseStatus,
  derivedCaseStart,
  eventPrerequisite,
  eventTimeEntries,
  eventTimeIssues,
  isRequiredTimeOverdue,
  isWithinMaxCaseDuration,
  timelineBarStatus,
} from './event-times.js';
import type { EventTimesInput } from './event-times.js';

const MIN = 60_000;
const base: EventTimesInput = { times: {}, vitalsTrackingEnabled: true, anesthesiaTracked: true };
const entry = (input: EventTimesInput, id: string) => eventTimeEntries(input).find((e) => e.id === id)!;
const fmt = (ms: number): string => `@${ms / MIN}`;

describe('event entries', () => {
  it('[ET4] lists the events in charting order with positions after surgeryStart', () => {
    const ids = eventTimeEntries({ ...base, positions: [{ id: 'p1', name: 'Supine', time: 5 * MIN }] }).map(
      (e) => e.id,
    );
    expect(ids).toEqual([
      'timeout',
      'caseStart',
      'anesthesiaStart',
      'surgeryStart',
      'p1_position',
      'anesthesiaEnd',
      'recoveryStart',
      'surgeryEnd',
      'vitalsEnd',
      'end',
    ]);
  });

  it.each([
    ['recoveryStart', true, 'caseStart'],
    ['vitalsEnd', true, 'recoveryStart'], // anesthesia tracked
    ['vitalsEnd', false, 'caseStart'], // not tracked
    ['end', true, 'vitalsEnd'],
    ['surgeryEnd', true, 'surgeryStart'],
    ['anesthesiaEnd', true, 'anesthesiaStart'],
    ['caseStart', true, null],
    ['timeout', true, null],
  ] as const)('[ET1] %s (anesthesia tracked %s) requires %s', (id, tracked, pre) => {
    expect(eventPrerequisite(id, tracked)).toBe(pre);
  });

  it.each([
    [{}, 'recoveryStart', false], // no caseStart yet
    [{ caseStart: 0 }, 'recoveryStart', true],
    [{ caseStart: 0 }, 'vitalsEnd', false], // needs recoveryStart when anesthesia tracked
    [{ caseStart: 0, recoveryStart: MIN }, 'vitalsEnd', true],
    [{ caseStart: 0 }, 'end', false],
    [{}, 'surgeryEnd', false],
    [{ surgeryStart: 0 }, 'surgeryEnd', true],
    [{}, 'timeout', true],
  ])('[ET4] with %j, %s can be set: %s', (times, id, canSet) => {
    expect(entry({ ...base, times }, id).canSet).toBe(canSet);
  });

  it('[ET4] lets vitalsEnd follow caseStart when anesthesia is not tracked', () => {
    expect(entry({ ...base, anesthesiaTracked: false, times: { caseStart: 0 } }, 'vitalsEnd').canSet).toBe(true);
  });

  it('[ET4] makes surgeryEnd required once surgeryStart is set', () => {
    expect(entry(base, 'surgeryEnd').required).toBe(false);
    expect(entry({ ...base, times: { surgeryStart: 0 } }, 'surgeryEnd').required).toBe(true);
  });

  it('[ET3] derives caseStart when vitals tracking is off and it cannot be set', () => {
    const input: EventTimesInput = {
      ...base,
      vitalsTrackingEnabled: false,
      times: { caseStart: 99 * MIN, surgeryStart: 20 * MIN, anesthesiaStart: 15 * MIN },
      activityTimes: [12 * MIN],
      positions: [
        { id: 'p', time: 30 * MIN },
        { id: 'q', time: null },
      ],
    };
    const e = entry(input, 'caseStart');
    expect(e.derived).toBe(true);
    expect(e.canSet).toBe(false);
    expect(e.time).toBe(12 * MIN); // earliest charted time, not the stored 99
    expect(e.note).toBeNull();
    expect(derivedCaseStart({ ...base, times: {} })).toBeNull();
    expect(derivedCaseStart({ ...base, times: {}, positions: [{ id: 'p', time: 7 }] })).toBe(7);
  });

  it("[ET3] reads 'Started monitoring vitals' when vitals tracking is on", () => {
    expect(entry(base, 'caseStart').note).toBe('Started monitoring vitals');
    expect(CASE_START_NOTE).toBe('Started monitoring vitals');
  });

  it('[ET2] bounds each time by the tightest other times', () => {
    const input = {
      ...base,
      times: { caseStart: 0, anesthesiaStart: 5 * MIN, anesthesiaEnd: 50 * MIN, recoveryStart: 55 * MIN },
    };
    const anesEnd = entry(input, 'anesthesiaEnd');
    expect([anesEnd.min, anesEnd.minTimeName]).toEqual([5 * MIN, 'anesthesiaStart']); // later of caseStart 0 and 5
    expect([anesEnd.max, anesEnd.maxTimeName]).toEqual([55 * MIN, 'recoveryStart']); // recovery follows anesthesia
    const recovery = entry(input, 'recoveryStart');
    expect([recovery.min, recovery.minTimeName]).toEqual([50 * MIN, 'anesthesiaEnd']); // later of 0, 5 and 50
    const anesStart = entry(input, 'anesthesiaStart');
    expect([anesStart.min, anesStart.minTimeName]).toEqual([0, 'caseStart']);
    expect([anesStart.max, anesStart.maxTimeName]).toEqual([50 * MIN, 'anesthesiaEnd']); // earlier of 50 and 55
    const cs = entry(input, 'caseStart');
    expect([cs.max, cs.maxTimeName]).toEqual([5 * MIN, 'anesthesiaStart']);
  });

  it('[ET4] gives a derived position entry bounded by caseStart and end', () => {
    const p = entry(
      { ...base, times: { caseStart: 0, end: 90 * MIN }, positions: [{ id: 'x', name: 'Prone', time: 10 * MIN }] },
      'x_position',
    );
    expect(p).toMatchObject({
      derived: true,
      canSet: false,
      time: 10 * MIN,
      note: 'Prone',
      min: 0,
      max: 90 * MIN,
      minTimeName: 'caseStart',
      maxTimeName: 'end',
    });
    const q = entry({ ...base, positions: [{ id: 'y', time: null }] }, 'y_position');
    expect([q.note, q.minTimeName, q.maxTimeName]).toEqual([null, null, null]);
  });
});

describe('event issues', () => {
  it.each([
    [{ surgeryStart: 0 }, [['EVENT_REQUIRED', 'surgeryEnd is required']]],
    [{ surgeryStart: 0, surgeryEnd: MIN }, []],
    [
      { caseStart: 10 * MIN, anesthesiaStart: 5 * MIN },
      [
        ['EVENT_AFTER_MAX', 'max is @5'],
        ['EVENT_BEFORE_MIN', 'min is @10'],
      ],
    ],
    [{ end: 5 * MIN }, [['EVENT_MISSING_PREREQUISITE', 'end requires vitalsEnd']]],
    // [ET2] recoveryStart is bounded by anesthesiaEnd (spec 001 §4 order); boundary: equal is allowed
    [{ caseStart: 0, anesthesiaStart: MIN, anesthesiaEnd: 50 * MIN, recoveryStart: 50 * MIN }, []],
    [
      { caseStart: 0, anesthesiaStart: MIN, anesthesiaEnd: 50 * MIN, recoveryStart: 50 * MIN - 1 },
      [
        ['EVENT_AFTER_MAX', 'max is @49.99998333333333'],
        ['EVENT_BEFORE_MIN', 'min is @50'],
      ],
    ],
  ])('[ET5] %j gives %j', (times, expected) => {
    expect(eventTimeIssues({ ...base, times }, fmt).map((i) => [i.code, i.message])).toEqual(expected);
  });

  it('[ET5] does not check a derived caseStart', () => {
    expect(eventTimeIssues({ ...base, vitalsTrackingEnabled: false, times: { timeout: 0 } }, fmt)).toEqual([]);
  });
});

describe('case status', () => {
  it.each([
    [{}, null, 'notStarted'],
    [{}, 5, 'ivStarted'],
    [{ caseStart: 0 }, 5, 'inProgress'],
    [{ caseStart: 0, recoveryStart: 1 }, null, 'recovery'],
    [{ caseStart: 0, recoveryStart: 1, vitalsEnd: 2, end: 3 }, null, 'complete'],
  ])('[ET6] %j with IV start %s is %s', (times, iv, status) => {
    expect(caseStatus({ ...base, times }, iv)).toBe(status);
  });

  it('[ET6] counts a derived caseStart as started', () => {
    expect(caseStatus({ ...base, vitalsTrackingEnabled: false, times: { surgeryStart: 0 } })).toBe('inProgress');
  });
});

describe('anesthesia units and case duration', () => {
  it.each([
    [15, 1], // 15 / 15
    [60, 4],
    [50, 3.3], // 3.333
    [52.5, 3.5],
    [7, 0.5], // 0.4667 → 0.5
    [0, 0],
    [-10, 0],
    [Number.NaN, 0],
  ])('[ET7] %s minutes is %s units', (minutes, units) => {
    expect(anesthesiaUnits(minutes)).toBe(units);
  });

  it('[ET7] measures anesthesia minutes from start to end', () => {
    expect(anesthesiaMinutes(0, 90 * MIN)).toBe(90);
    expect(anesthesiaMinutes(null, 90 * MIN)).toBeNull();
    expect(anesthesiaMinutes(10, 5)).toBeNull();
  });

  it.each([
    [270 * MIN, 'production', true],
    [270 * MIN + 1, 'production', false],
    [5 * 24 * 60 * MIN, 'development', true],
    [5 * 24 * 60 * MIN + 1, 'development', false],
  ] as const)('[ET8] a %s ms case in %s is within the maximum: %s', (duration, env, ok) => {
    expect(isWithinMaxCaseDuration(0, duration, env)).toBe(ok);
  });
});

describe('timeline', () => {
  it.each([
    [null, null, 'noData', '(no data)'],
    [null, 5, 'noStart', '(missing start)'],
    [5, null, 'noEnd', '(no end time)'],
    [5, 5, 'startBeforeEnd', null], // end not after start: no bar
    [5, 4, 'startBeforeEnd', null],
    [5, 6, 'ok', null],
  ] as const)('[ET9] start %s end %s is %s', (start, end, status, text) => {
    expect(timelineBarStatus(start, end)).toBe(status);
    expect(TIMELINE_STATUS_TEXTS[status]).toBe(text);
  });

  it('[ET9] labels the bars and events as spec 002 §2–§3', () => {
    expect(TIMELINE_BARS.map((b) => b.name)).toEqual(['Monitoring', 'IV', 'Procedure', 'Anesthesia', 'Recovery']);
    expect(Object.values(TIMELINE_EVENT_LABELS)).toEqual([
      'Started Monitoring',
      'Stopped Monitoring Vitals',
      'IV Started',
      'IV Removed',
      'Procedure Start',
      'Procedure End',
      'Anes. Start',
      'Anes. End',
      'Recovery Start',
      'Recovery Completed',
    ]);
  });
});

describe('required times shown when actionable', () => {
  const T0 = Date.UTC(2026, 10, 21, 9, 0);
  it.each([
    ['procedure just started', { caseStart: T0, surgeryStart: T0 + 10 * MIN }, false],
    ['anesthesia ended', { caseStart: T0, surgeryStart: T0 + 10 * MIN, anesthesiaEnd: T0 + 40 * MIN }, true],
    ['recovery started', { caseStart: T0, surgeryStart: T0 + 10 * MIN, recoveryStart: T0 + 50 * MIN }, true],
    ['recovery completed', { caseStart: T0, surgeryStart: T0 + 10 * MIN, end: T0 + 90 * MIN }, true],
  ] as const)('[ET10] Procedure End is overdue when %s: %s', (_label, times, overdue) => {
    expect(isRequiredTimeOverdue('surgeryEnd', { ...base, times })).toBe(overdue);
  });

  it('[ET10] an unknown id is never overdue; any other event is once Recovery Completed is set', () => {
    expect(isRequiredTimeOverdue('lunch', { ...base, times: { end: T0 } })).toBe(false);
    expect(isRequiredTimeOverdue('anesthesiaEnd', { ...base, times: { recoveryStart: T0 } })).toBe(false);
    expect(isRequiredTimeOverdue('anesthesiaEnd', { ...base, times: { end: T0 } })).toBe(true);
  });
});
