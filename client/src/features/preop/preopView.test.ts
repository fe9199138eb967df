import type { PreopRowView } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { dayRange, formsText, groupRows, hasFormToSend, localDay, tomorrow } from './preopView.js';

function row(id: string, start: Date, providerId: string | null, over: Partial<PreopRowView> = {}): PreopRowView {
  return {
    appointmentId: id,
    start: start.toISOString(),
    end: new Date(start.getTime() + 3_600_000).toISOString(),
    status: 'booked',
    patientId: `p-${id}`,
    patientName: id,
    patientBirthDate: null,
    providerId,
    locationId: null,
    sedationLevel: null,
    healthHistory: 'signed',
    forms: [],
    weightRecorded: true,
    allergiesReviewed: true,
    npo: null,
    missing: ['npo'],
    ...over,
  };
}

describe('the pre-op list as shown', () => {
  it('groups rows by local day, then by provider in order of their first visit', () => {
    const rows = [
      row('a', new Date(2027, 2, 10, 8), 'dr-2'),
      row('b', new Date(2027, 2, 10, 9), 'dr-1'),
      row('c', new Date(2027, 2, 10, 10), 'dr-2'),
      row('d', new Date(2027, 2, 11, 8), null),
    ];
    expect(
      groupRows(rows).map((d) => ({
        day: d.day,
        providers: d.providers.map((p) => [p.providerId, p.rows.map((r) => r.appointmentId)]),
      })),
    ).toEqual([
      {
        day: '2027-03-10',
        providers: [
          ['dr-2', ['a', 'c']],
          ['dr-1', ['b']],
        ],
      },
      { day: '2027-03-11', providers: [[null, ['d']]] },
    ]);
  });

  it('makes a range of whole local days and opens on tomorrow', () => {
    const { from, to } = dayRange('2027-03-10', 2);
    expect(localDay(from)).toBe('2027-03-10');
    expect(new Date(from).getHours()).toBe(0);
    expect(localDay(to)).toBe('2027-03-12');
    expect(tomorrow(new Date(2027, 11, 31, 23, 30))).toBe('2028-01-01');
  });

  it('words the forms and offers sending while one is not signed', () => {
    const none = row('a', new Date(2027, 2, 10, 8), null);
    expect(formsText(none)).toBe('None asked');
    expect(hasFormToSend(none)).toBe(false);
    const some = row('b', new Date(2027, 2, 10, 8), null, {
      forms: [
        { taskId: 't1', title: 'Consent', state: 'opened' },
        { taskId: 't2', title: 'Intake', state: 'signed' },
      ],
    });
    expect(formsText(some)).toBe('Consent: opened, Intake: signed');
    expect(hasFormToSend(some)).toBe(true);
  });
});
