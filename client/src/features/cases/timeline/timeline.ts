import {
  TIMELINE_BARS,
  TIMELINE_EVENT_LABELS,
  TIMELINE_STATUS_TEXTS,
  timelineBarStatus,
  type TimelineBarStatus,
  type TimelineEventId,
} from '@vigil/shared';

export interface TimelineRow {
  name: string;
  status: TimelineBarStatus;
  /** '(missing start)', '(no end time)', '(no data)', or null (spec 002 §4). */
  statusText: string | null;
  start: { label: string; time: number } | null;
  end: { label: string; time: number } | null;
  /** Where the bar is drawn, in percent of the case span; null when no bar is drawn. */
  bar: { left: number; width: number; open: boolean } | null;
}

/**
 * The case timeline (spec 002 §2–§4, rule ET9): the Monitoring, IV, Procedure, Anesthesia and
 * Recovery bars over the span of every charted time (up to now while a bar is open). A bar
 * without an end is drawn to now; one whose end is not after its start, or without a start, is
 * not drawn.
 */
export function timelineRows(times: Readonly<Record<TimelineEventId, number | null>>, now: number): TimelineRow[] {
  const statuses = TIMELINE_BARS.map((b) => timelineBarStatus(times[b.start], times[b.end]));
  const all = Object.values(times).filter((t): t is number => t != null);
  const anyOpen = statuses.includes('noEnd');
  const from = all.length > 0 ? Math.min(...all) : null;
  const to = all.length > 0 ? Math.max(...all, anyOpen ? now : -Infinity) : null;
  const span = from != null && to != null ? Math.max(to - from, 1) : 1;
  const pct = (t: number): number => ((t - (from ?? t)) / span) * 100;
  return TIMELINE_BARS.map((b, i) => {
    const status = statuses[i] as TimelineBarStatus;
    const start = times[b.start];
    const end = times[b.end];
    let bar: TimelineRow['bar'] = null;
    if (status === 'ok' && start != null && end != null) {
      bar = { left: pct(start), width: pct(end) - pct(start), open: false };
    } else if (status === 'noEnd' && start != null) {
      bar = { left: pct(start), width: Math.max(pct(Math.max(now, start)) - pct(start), 0), open: true };
    }
    return {
      name: b.name,
      status,
      statusText: TIMELINE_STATUS_TEXTS[status],
      start: start == null ? null : { label: TIMELINE_EVENT_LABELS[b.start], time: start },
      end: end == null ? null : { label: TIMELINE_EVENT_LABELS[b.end], time: end },
      bar,
    };
  });
}
