import { dayKey } from '@vigil/shared';
import type { AppointmentView } from '../../ui/appointmentView.js';

/** How far the cases list looks back and ahead (days); older cases are in the calendar. */
export const CASES_LIST_DAYS = 30;

export type CasesListRange = 'upcoming' | 'past';

/** One day of the cases list. */
export interface CasesListGroup {
  day: string;
  label: string;
  items: AppointmentView[];
}

/** "Today", else "Monday, November 23, 2026". */
export function dayLabel(day: string, today: Date): string {
  if (day === dayKey(today)) return 'Today';
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d).toLocaleDateString(undefined, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
}

/**
 * The cases list: upcoming (today onward, soonest first) or past (before today, newest first),
 * filtered by a patient-name search (every typed word starts a word of the name), grouped by day.
 */
export function casesListGroups(
  views: readonly AppointmentView[],
  { range, search, today }: { range: CasesListRange; search: string; today: Date },
): CasesListGroup[] {
  const todayKey = dayKey(today);
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const matches = (v: AppointmentView): boolean => {
    const name = v.patient.toLowerCase().split(/\s+/);
    return words.every((w) => name.some((n) => n.startsWith(w)));
  };
  const chosen = views
    .filter((v) => v.day !== null && (range === 'upcoming' ? v.day >= todayKey : v.day < todayKey))
    .filter(matches)
    .sort((a, b) => (a.start!.getTime() - b.start!.getTime()) * (range === 'upcoming' ? 1 : -1));
  const groups: CasesListGroup[] = [];
  for (const v of chosen) {
    const last = groups.at(-1);
    if (last?.day === v.day) last.items.push(v);
    else groups.push({ day: v.day!, label: dayLabel(v.day!, today), items: [v] });
  }
  return groups;
}
