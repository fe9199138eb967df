import { describe, expect, it } from 'vitest';
import { durationText, localDateTime, readReschedule, rescheduleValues } from './changeForm.js';

describe('the reschedule form', () => {
  it('starts from the appointment as it stands, in local day and clock', () => {
    const start = new Date(2027, 2, 4, 9, 5);
    const end = new Date(2027, 2, 4, 10, 35);
    expect(rescheduleValues({ start, end, providerId: 'prc-1', locationId: null })).toEqual({
      date: '2027-03-04',
      startTime: '09:05',
      endTime: '10:35',
      providerId: 'prc-1',
      locationId: '',
    });
  });

  it('[APC4] sends local times as instants, no place as null, and refuses an end before the start', () => {
    const ok = readReschedule({
      date: '2027-03-04',
      startTime: '14:00',
      endTime: '15:30',
      providerId: 'prc-2',
      locationId: '',
    });
    expect(ok).toEqual({
      ok: true,
      reschedule: {
        start: new Date(2027, 2, 4, 14, 0).toISOString(),
        end: new Date(2027, 2, 4, 15, 30).toISOString(),
        providerId: 'prc-2',
        locationId: null,
      },
    });
    const backwards = readReschedule({
      date: '2027-03-04',
      startTime: '14:00',
      endTime: '13:00',
      providerId: '',
      locationId: 'room-1',
    });
    expect(backwards).toEqual({
      ok: false,
      errors: { endTime: 'The end must be after the start', providerId: 'Choose a provider' },
    });
    expect(readReschedule({ date: '', startTime: '', endTime: '', providerId: 'p', locationId: '' })).toEqual({
      ok: false,
      errors: { date: 'Enter a date' },
    });
    expect(
      readReschedule({ date: '2027-03-04', startTime: '9', endTime: '10:00', providerId: 'p', locationId: '' }),
    ).toEqual({ ok: false, errors: { startTime: 'Invalid time input use HH:MM' } });
  });

  it('shows the duration between start and end', () => {
    expect(durationText({ date: '2027-03-04', startTime: '09:00', endTime: '10:30' })).toBe('1 h 30 min');
    expect(durationText({ date: '2027-03-04', startTime: '09:00', endTime: '09:45' })).toBe('45 min');
    expect(durationText({ date: '2027-03-04', startTime: '09:00', endTime: '08:00' })).toBeNull();
    expect(localDateTime('2027-02-30', '09:00')).toBeNull();
  });
});
