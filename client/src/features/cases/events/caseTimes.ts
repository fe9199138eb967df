import {
  DEPTH_SEDATION_LEVELS,
  EVENT_IDS,
  TIMELINE_EVENT_LABELS,
  effectiveTimes,
  type EventId,
  type EventTimesInput,
} from '@vigil/shared';

/** A stored time (epoch ms or an ISO date-time, spec 001 §3 CD2) as epoch ms; null otherwise. */
export function toMs(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string') {
    const t = Date.parse(value);
    return Number.isNaN(t) ? null : t;
  }
  return null;
}

/** Event labels: the timeline's (spec 002 §3), and Timeout; caseStart reads Case Start when derived. */
export function eventLabel(id: string, derived = false): string {
  if (id === 'timeout') return 'Timeout';
  if (id === 'caseStart' && derived) return 'Case Start';
  return (TIMELINE_EVENT_LABELS as Record<string, string>)[id] ?? id;
}

/**
 * Anesthesia is tracked (spec 001 §4, vitalsEnd's prerequisite) for the depth levels moderate,
 * deep and GA (spec 001 §5 "Depth"), or once an anesthesia time is charted (docs/decisions.md).
 */
export function isAnesthesiaTracked(level: unknown, times: Partial<Record<EventId, number | null>>): boolean {
  const l = typeof level === 'string' ? level.toLowerCase() : '';
  return (DEPTH_SEDATION_LEVELS as readonly string[]).includes(l) || times.anesthesiaStart != null;
}

export interface CaseTimesSource {
  events: Readonly<Record<string, unknown>> | undefined;
  sedationLevel: unknown;
  vitalsTrackingEnabled: unknown;
  positions: readonly { id?: unknown; name?: unknown; time?: unknown }[];
  ivSites: readonly { time?: unknown; timeRemoved?: unknown }[];
  /** Times of other charted activity (doses, vitals), for the derived caseStart. */
  activity: readonly unknown[];
}

export interface CaseTimes {
  input: EventTimesInput;
  /** Effective time per event (caseStart derived when vitals tracking is off). */
  times: Record<EventId, number | null>;
  /** First IV placed and, once every IV is out, the last removed (timeline IV bar). */
  ivStart: number | null;
  ivEnd: number | null;
}

/** Everything the event-time rules need, read from the case document's values. */
export function caseTimes(src: CaseTimesSource): CaseTimes {
  const set: Partial<Record<EventId, number | null>> = {};
  for (const id of EVENT_IDS) set[id] = toMs(src.events?.[id]);
  const input: EventTimesInput = {
    times: set,
    // Vitals tracking is on unless switched off (docs/decisions.md).
    vitalsTrackingEnabled: src.vitalsTrackingEnabled !== false,
    anesthesiaTracked: isAnesthesiaTracked(src.sedationLevel, set),
    positions: src.positions.map((p, i) => ({
      id: typeof p.id === 'string' ? p.id : `position${i + 1}`,
      name: typeof p.name === 'string' ? p.name : undefined,
      time: toMs(p.time),
    })),
    activityTimes: src.activity.map(toMs).filter((t): t is number => t != null),
  };
  const placed = src.ivSites.map((s) => toMs(s.time)).filter((t): t is number => t != null);
  const removed = src.ivSites.map((s) => toMs(s.timeRemoved));
  const allOut = src.ivSites.length > 0 && removed.every((t) => t != null);
  return {
    input,
    times: effectiveTimes(input),
    ivStart: placed.length > 0 ? Math.min(...placed) : null,
    ivEnd: allOut ? Math.max(...removed) : null,
  };
}
