import { describe, expect, it } from 'vitest';
import type { AppointmentView } from '../../ui/appointmentView.js';
import { casesListGroups, dayLabel } from './casesList.js';

const today = new Date(2026, 10, 22);
function view(id: string, patient: string, start: Date): AppointmentView {
  const key = `${start.getFullYear()}-${String(start.getMonth() + 1).padStart(2, '0')}-${String(start.getDate()).padStart(2, '0')}`;
  return {
    id,
    patientId: null,
    patient,
    description: '',
    providerId: null,
    provider: null,
    locationId: null,
    place: null,
    status: 'booked',
    finalized: false,
    statusLabel: 'booked',
    colour: 'cyan',
    state: 'future',
    stateLabel: 'Upcoming',
    strikethrough: false,
    start,
    end: null,
    day: key,
  };
}
const views = [
  view('a', 'Mia Chen', new Date(2026, 10, 22, 14)),
  view('b', 'Leo Park', new Date(2026, 10, 22, 9)),
  view('c', 'Ava Stone', new Date(2026, 10, 24, 9)),
  view('d', 'Mia Lopez', new Date(2026, 10, 20, 9)),
  view('e', 'Noah Chen', new Date(2026, 10, 21, 16)),
];

describe('cases list', () => {
  it('lists today and upcoming cases soonest first, by day', () => {
    const groups = casesListGroups(views, { range: 'upcoming', search: '', today });
    expect(groups.map((g) => g.day)).toEqual(['2026-11-22', '2026-11-24']);
    expect(groups[0]!.label).toBe('Today');
    expect(groups[0]!.items.map((v) => v.id)).toEqual(['b', 'a']);
  });

  it('lists past cases newest first', () => {
    const groups = casesListGroups(views, { range: 'past', search: '', today });
    expect(groups.flatMap((g) => g.items.map((v) => v.id))).toEqual(['e', 'd']);
  });

  it('filters by the start of any word of the patient name', () => {
    const ids = (search: string): string[] =>
      casesListGroups(views, { range: 'upcoming', search, today }).flatMap((g) => g.items.map((v) => v.id));
    expect(ids('mi')).toEqual(['a']);
    expect(ids('chen')).toEqual(['a']);
    expect(ids('x')).toEqual([]);
  });

  it('labels other days with the weekday and date', () => {
    expect(dayLabel('2026-11-24', today)).toContain('2026');
    expect(dayLabel('2026-11-24', today)).not.toBe('Today');
  });
});
