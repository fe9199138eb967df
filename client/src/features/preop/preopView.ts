import type { PreopFormState, PreopHistoryState, PreopRowView } from '@vigil/shared';

/*
 * How the pre-op list (issue 40) shows the server's rows: grouped by day, then by provider, and
 * each item of PRE6 in the desk's words. Pure, so the grouping and the words are tested without
 * a browser.
 */

/** The desk's words for a health history state (PRE1). */
export const HISTORY_STATE_TEXT: Readonly<Record<PreopHistoryState, string>> = {
  none: 'None',
  inProgress: 'In progress',
  outdated: 'Outdated',
  signed: 'Signed',
};

/** The desk's words for a form's state (PRE2). */
export const FORM_STATE_TEXT: Readonly<Record<PreopFormState, string>> = {
  notSent: 'not sent',
  sent: 'sent',
  opened: 'opened',
  signed: 'signed',
};

/** One provider's visits of one day. */
export interface ProviderGroup {
  providerId: string | null;
  rows: PreopRowView[];
}

/** One day's visits, by provider. */
export interface DayGroup {
  /** YYYY-MM-DD in the device's time zone. */
  day: string;
  providers: ProviderGroup[];
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** The local day of an instant, YYYY-MM-DD. */
export function localDay(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * The rows (in the server's order, by start) by local day, then by provider in the order of
 * their first visit that day; rows without a provider form their own group.
 */
export function groupRows(rows: readonly PreopRowView[]): DayGroup[] {
  const days: DayGroup[] = [];
  for (const row of rows) {
    const day = localDay(row.start);
    let group = days.find((d) => d.day === day);
    if (!group) {
      group = { day, providers: [] };
      days.push(group);
    }
    let provider = group.providers.find((p) => p.providerId === row.providerId);
    if (!provider) {
      provider = { providerId: row.providerId, rows: [] };
      group.providers.push(provider);
    }
    provider.rows.push(row);
  }
  return days;
}

/** The local midnight starting a YYYY-MM-DD day, and the one `days` later, as ISO instants. */
export function dayRange(day: string, days: number): { from: string; to: string } {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return { from: new Date(y, m - 1, d).toISOString(), to: new Date(y, m - 1, d + days).toISOString() };
}

/** Tomorrow's local day: the list opens on the coming day. */
export function tomorrow(now: Date): string {
  return localDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).toISOString());
}

/** The forms cell: "none" or each form's title and state. */
export function formsText(row: PreopRowView): string {
  if (row.forms.length === 0) return 'None asked';
  return row.forms.map((f) => `${f.title}: ${FORM_STATE_TEXT[f.state]}`).join(', ');
}

/** Whether the desk can send something from the row: a form not signed yet. */
export function hasFormToSend(row: PreopRowView): boolean {
  return row.forms.some((f) => f.state !== 'signed');
}
