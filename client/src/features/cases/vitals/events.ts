/** An event time of the case's `events` map (epoch ms or an ISO string) as epoch ms, or null. */
export function eventTime(events: Record<string, unknown> | undefined, id: string): number | null {
  const v = events?.[id];
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string') {
    const t = Date.parse(v);
    return Number.isNaN(t) ? null : t;
  }
  return null;
}
