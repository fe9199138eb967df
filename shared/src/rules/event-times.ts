import { ANESTHESIA_UNIT_MINUTES } from '../constants/case.js';
import { MAX_CASE_DURATION_MS } from '../constants/shell.js';
import { MINUTE } from '../constants/time.js';
import type { CaseStatus, EventId } from '../enums.js';
import { EVENT_IDS } from '../enums.js';
import type { Issue } from '../case-data/issue.js';
import { errorIssue as error } from '../case-data/issue.js';
import { roundTo } from '../units.js';

/**
 * Event times of a case (spec 001 §3–§4) and the case timeline (spec 002 §3–§4).
 * Times are epoch ms; null means not set.
 */

/** Event time entry (spec 001 §3). */
export interface EventTimeEntry {
  readonly id: string;
  readonly note: string | null;
  readonly time: number | null;
  readonly required: boolean;
  readonly derived: boolean;
  readonly static: boolean;
  readonly canSet: boolean;
  readonly min: number | null;
  readonly max: number | null;
  readonly minTimeName: string | null;
  readonly maxTimeName: string | null;
  readonly preReq: string | null;
  readonly showInEventReport: boolean;
}

export interface EventTimesInput {
  /** Times set by the user, by event id. */
  readonly times: Partial<Record<EventId, number | null>>;
  readonly vitalsTrackingEnabled: boolean;
  /** Whether anesthesia times are tracked (decides vitalsEnd's prerequisite). */
  readonly anesthesiaTracked: boolean;
  /** Positions (name, time); each gives a derived `{id}_position` entry. */
  readonly positions?: readonly { id: string; name?: string; time: number | null }[];
  /** Other charted activity (doses, vitals) used to derive caseStart when vitals tracking is off. */
  readonly activityTimes?: readonly number[];
}

/** caseStart's note when vitals tracking is on (spec 001 §4). */
export const CASE_START_NOTE = 'Started monitoring vitals';

/**
 * [ET1] Prerequisites (spec 001 §4): recoveryStart requires caseStart; vitalsEnd requires
 * recoveryStart if anesthesia is tracked, else caseStart; end requires vitalsEnd; surgeryEnd
 * requires surgeryStart; anesthesiaEnd requires anesthesiaStart (docs/decisions.md).
 */
export function eventPrerequisite(id: EventId, anesthesiaTracked: boolean): EventId | null {
  switch (id) {
    case 'recoveryStart':
      return 'caseStart';
    case 'vitalsEnd':
      return anesthesiaTracked ? 'recoveryStart' : 'caseStart';
    case 'end':
      return 'vitalsEnd';
    case 'surgeryEnd':
      return 'surgeryStart';
    case 'anesthesiaEnd':
      return 'anesthesiaStart';
    case 'timeout':
    case 'caseStart':
    case 'anesthesiaStart':
    case 'surgeryStart':
      return null;
  }
}

/**
 * [ET2] Lower bounds (spec 001 §4 "min and max bounds taken from other event times"): each
 * time is not before the listed times, following the order of spec 001 §4 (…, anesthesiaEnd,
 * recoveryStart, …): recovery starts no earlier than anesthesia ends. The upper bounds are the
 * inverse relation.
 */
export const EVENT_LOWER_BOUNDS: Readonly<Record<EventId, readonly EventId[]>> = {
  timeout: [],
  caseStart: [],
  anesthesiaStart: ['caseStart'],
  surgeryStart: ['caseStart'],
  anesthesiaEnd: ['caseStart', 'anesthesiaStart'],
  recoveryStart: ['caseStart', 'anesthesiaStart', 'anesthesiaEnd'],
  surgeryEnd: ['caseStart', 'surgeryStart'],
  vitalsEnd: ['caseStart', 'recoveryStart', 'anesthesiaEnd', 'surgeryEnd'],
  end: ['caseStart', 'vitalsEnd', 'recoveryStart'],
};

/**
 * [ET3] caseStart is derived when vitals tracking is off: the earliest of the other set event
 * times, position times and charted activity (docs/decisions.md); null when nothing is charted.
 */
export function derivedCaseStart(input: EventTimesInput): number | null {
  const candidates: number[] = [];
  for (const id of EVENT_IDS) {
    const t = input.times[id];
    if (id !== 'caseStart' && t != null) candidates.push(t);
  }
  for (const p of input.positions ?? []) if (p.time != null) candidates.push(p.time);
  for (const t of input.activityTimes ?? []) candidates.push(t);
  return candidates.length === 0 ? null : Math.min(...candidates);
}

/** The effective time of every event, with caseStart derived when vitals tracking is off. */
export function effectiveTimes(input: EventTimesInput): Record<EventId, number | null> {
  const out = {} as Record<EventId, number | null>;
  for (const id of EVENT_IDS) out[id] = input.times[id] ?? null;
  if (!input.vitalsTrackingEnabled) out.caseStart = derivedCaseStart(input);
  return out;
}

/**
 * [ET4] Event entries in order (spec 001 §3–§4): timeout, caseStart, anesthesiaStart,
 * surgeryStart, positions, anesthesiaEnd, recoveryStart, surgeryEnd, vitalsEnd, end. A time can
 * be set only when its prerequisite has a time and it is not derived (canSet). surgeryEnd
 * becomes required once surgeryStart is set. min/max are the tightest bounds of ET2 with the
 * bounding event's id as minTimeName/maxTimeName.
 */
export function eventTimeEntries(input: EventTimesInput): EventTimeEntry[] {
  const times = effectiveTimes(input);
  const entries: EventTimeEntry[] = [];
  for (const id of EVENT_IDS) {
    const derived = id === 'caseStart' && !input.vitalsTrackingEnabled;
    const preReq = eventPrerequisite(id, input.anesthesiaTracked);
    const canSet = !derived && (preReq == null || times[preReq] != null);
    let min: number | null = null;
    let minTimeName: string | null = null;
    for (const lower of EVENT_LOWER_BOUNDS[id]) {
      const t = times[lower];
      if (t != null && (min == null || t > min)) {
        min = t;
        minTimeName = lower;
      }
    }
    let max: number | null = null;
    let maxTimeName: string | null = null;
    for (const other of EVENT_IDS) {
      const t = times[other];
      if (EVENT_LOWER_BOUNDS[other].includes(id) && t != null && (max == null || t < max)) {
        max = t;
        maxTimeName = other;
      }
    }
    entries.push({
      id,
      note: id === 'caseStart' && input.vitalsTrackingEnabled ? CASE_START_NOTE : null,
      time: times[id],
      required: id === 'surgeryEnd' && times.surgeryStart != null,
      derived,
      static: false,
      canSet,
      min,
      max,
      minTimeName,
      maxTimeName,
      preReq,
      showInEventReport: true,
    });
    if (id === 'surgeryStart') {
      for (const p of input.positions ?? []) {
        entries.push({
          id: `${p.id}_position`,
          note: p.name ?? null,
          time: p.time,
          required: false,
          derived: true,
          static: false,
          canSet: false,
          min: times.caseStart,
          max: times.end,
          minTimeName: times.caseStart == null ? null : 'caseStart',
          maxTimeName: times.end == null ? null : 'end',
          preReq: null,
          showInEventReport: true,
        });
      }
    }
  }
  return entries;
}

/**
 * [ET5] Event-time issues: EVENT_REQUIRED for a required entry without a time,
 * EVENT_MISSING_PREREQUISITE for a time whose prerequisite has none, and 'min is {date}' /
 * 'max is {date}' (EVENT_BEFORE_MIN / EVENT_AFTER_MAX) for a time outside its bounds.
 */
export function eventTimeIssues(input: EventTimesInput, format: (ms: number) => string): Issue[] {
  const issues: Issue[] = [];
  for (const e of eventTimeEntries(input)) {
    const path = ['events', e.id];
    if (e.required && e.time == null) issues.push(error('EVENT_REQUIRED', `${e.id} is required`, path));
    if (e.time == null || e.derived) continue;
    if (e.preReq != null && !e.canSet) {
      issues.push(error('EVENT_MISSING_PREREQUISITE', `${e.id} requires ${e.preReq}`, path));
    }
    if (e.min != null && e.time < e.min) issues.push(error('EVENT_BEFORE_MIN', `min is ${format(e.min)}`, path));
    if (e.max != null && e.time > e.max) issues.push(error('EVENT_AFTER_MAX', `max is ${format(e.max)}`, path));
  }
  return issues;
}

/**
 * [ET6] Case status derived from events (spec 001 §4): complete once end is set, recovery once
 * recoveryStart is set, inProgress once caseStart (or the derived caseStart) is set, ivStarted
 * when only an IV start time exists, else notStarted.
 */
export function caseStatus(input: EventTimesInput, ivStart: number | null = null): CaseStatus {
  const t = effectiveTimes(input);
  if (t.end != null) return 'complete';
  if (t.recoveryStart != null) return 'recovery';
  if (t.caseStart != null) return 'inProgress';
  if (ivStart != null) return 'ivStarted';
  return 'notStarted';
}

/** [ET7] Anesthesia units = anesthesia minutes / 15, to 1 decimal (spec 001 §9); 0 for a negative or non-finite duration. */
export function anesthesiaUnits(minutes: number): number {
  if (!Number.isFinite(minutes) || minutes <= 0) return 0;
  return roundTo(minutes / ANESTHESIA_UNIT_MINUTES, 1);
}

/** [ET7] Anesthesia minutes between anesthesiaStart and anesthesiaEnd; null unless both are set and in order. */
export function anesthesiaMinutes(start: number | null, end: number | null): number | null {
  if (start == null || end == null || end < start) return null;
  return (end - start) / MINUTE;
}

/**
 * [ET8] Max case duration (spec 000 §9): 270 minutes in production, 5 days in development.
 * True when the case (caseStart to end, or to now while open) is within it.
 */
export function isWithinMaxCaseDuration(
  caseStart: number,
  endOrNow: number,
  environment: 'production' | 'development',
): boolean {
  return endOrNow - caseStart <= MAX_CASE_DURATION_MS[environment];
}

/** Timeline events and their labels (spec 002 §3). */
export const TIMELINE_EVENT_LABELS = {
  caseStart: 'Started Monitoring',
  vitalsEnd: 'Stopped Monitoring Vitals',
  ivStart: 'IV Started',
  ivEnd: 'IV Removed',
  surgeryStart: 'Procedure Start',
  surgeryEnd: 'Procedure End',
  anesthesiaStart: 'Anes. Start',
  anesthesiaEnd: 'Anes. End',
  recoveryStart: 'Recovery Start',
  end: 'Recovery Completed',
} as const;
export type TimelineEventId = keyof typeof TIMELINE_EVENT_LABELS;

/** Timeline bars and their start and end events (spec 002 §2–§3). */
export const TIMELINE_BARS = [
  { name: 'Monitoring', start: 'caseStart', end: 'vitalsEnd' },
  { name: 'IV', start: 'ivStart', end: 'ivEnd' },
  { name: 'Procedure', start: 'surgeryStart', end: 'surgeryEnd' },
  { name: 'Anesthesia', start: 'anesthesiaStart', end: 'anesthesiaEnd' },
  { name: 'Recovery', start: 'recoveryStart', end: 'end' },
] as const satisfies readonly { name: string; start: TimelineEventId; end: TimelineEventId }[];

export type TimelineBarStatus = 'ok' | 'noStart' | 'noEnd' | 'startBeforeEnd' | 'noData';

/** Texts shown for a bar's status (spec 002 §4). */
export const TIMELINE_STATUS_TEXTS: Readonly<Record<TimelineBarStatus, string | null>> = {
  ok: null,
  noStart: '(missing start)',
  noEnd: '(no end time)',
  startBeforeEnd: null,
  noData: '(no data)',
};

/**
 * [ET9] Timeline bar status (spec 002 §4): noData without start or end; noStart with an end but
 * no start; noEnd with a start but no end; startBeforeEnd when the end is not after the start
 * (no bar drawn); else ok.
 */
export function timelineBarStatus(start: number | null, end: number | null): TimelineBarStatus {
  if (start == null && end == null) return 'noData';
  if (start == null) return 'noStart';
  if (end == null) return 'noEnd';
  return end > start ? 'ok' : 'startBeforeEnd';
}

/** [ET10] The events whose time shows the case has moved past a required one. */
const MOVED_PAST: Partial<Record<EventId, readonly EventId[]>> = {
  surgeryEnd: ['anesthesiaEnd', 'recoveryStart', 'vitalsEnd', 'end'],
};

/**
 * [ET10] When a missing required time is worth a red mark (issue 25): once the case has moved
 * past it. Procedure End (the one required time, ET4) once Anes. End, Recovery Start, Stopped
 * Monitoring or Recovery Completed has a time; any other once Recovery Completed has. Before that
 * the field only says it is required: a procedure just started cannot have its end yet. The issue
 * itself (EVENT_REQUIRED, ET5) is unchanged and still counts where a complete record is needed.
 */
export function isRequiredTimeOverdue(id: string, input: EventTimesInput): boolean {
  if (!(EVENT_IDS as readonly string[]).includes(id)) return false;
  const t = effectiveTimes(input);
  return (MOVED_PAST[id as EventId] ?? ['end']).some((later) => t[later] != null);
}
