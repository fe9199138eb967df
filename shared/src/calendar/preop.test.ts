import { describe, expect, it } from 'vitest';
import { DAY } from '../constants/time.js';
import { withAppointmentTasks, type Appointment } from '../fhir/appointment.js';
import type { CaseHistoryItem } from '../health-history/case-copy.js';
import {
  appointmentNpo,
  preopForms,
  preopHistoryState,
  preopVerdict,
  reviewDaysOf,
  withAppointmentNpo,
  withinReviewPeriod,
  type PreopFacts,
} from './preop.js';

const START = Date.parse('2027-03-10T09:00:00.000Z');

function apt(tasks: { status: string; title?: string }[] = []): Appointment {
  const base: Appointment = {
    resourceType: 'Appointment',
    status: 'booked',
    start: new Date(START).toISOString(),
    end: new Date(START + 3_600_000).toISOString(),
    participant: [{ actor: { reference: 'Patient/pat-1' }, status: 'accepted' }],
  };
  return withAppointmentTasks(
    base,
    tasks.map((t, i) => ({ id: `t${i}`, type: 'patientForm', status: t.status, title: t.title ?? `Form ${i}` })),
  );
}

function history(signedAt: number | null, over: Partial<CaseHistoryItem> = {}): CaseHistoryItem {
  return {
    id: over.id ?? 'h1',
    status: signedAt === null ? 'preliminary' : 'final',
    createdAt: signedAt ?? START - DAY,
    updatedAt: signedAt ?? START - DAY,
    data: signedAt === null ? {} : { finalReportSignatureTime: new Date(signedAt).toISOString() },
    ...over,
  };
}

const NPO = { byId: 'u1', byName: 'Dana Desk', at: '2027-03-09T15:00:00.000Z' };

function facts(over: Partial<PreopFacts> = {}): PreopFacts {
  return {
    appointment: withAppointmentNpo(apt([{ status: 'completed' }]), NPO),
    histories: [history(START - 10 * DAY)],
    weightTimes: [START - 2 * DAY],
    allergyTimes: [],
    reviewDays: 30,
    ...over,
  };
}

describe('the pre-op list', () => {
  it.each([
    ['no history on file', [], 'none'],
    ['an unsigned history', [history(null)], 'inProgress'],
    // Signed 2026-09-09: six calendar months later is 2027-03-09, before the visit on 2027-03-10.
    ['a history signed just over 6 months before the visit', [history(Date.parse('2026-09-09T08:00:00Z'))], 'outdated'],
    ['a history signed within 6 months of the visit', [history(Date.parse('2026-09-11T08:00:00Z'))], 'signed'],
  ] as const)('[PRE1] reads %s as %s', (_, histories, expected) => {
    expect(preopHistoryState(histories, START)).toBe(expected);
  });

  it('[PRE1] judges the current (signed) history, not an older one, at the visit', () => {
    const older = history(START - 400 * DAY, { id: 'old', createdAt: START - 400 * DAY });
    const current = history(START - 5 * DAY, { id: 'new', createdAt: START - 5 * DAY });
    expect(preopHistoryState([older, current], START)).toBe('signed');
  });

  it('[PRE2] maps each form task to not sent, sent, opened or signed', () => {
    const a = apt([
      { status: 'requested' },
      { status: 'failed' },
      { status: 'sent' },
      { status: 'opened' },
      { status: 'completed' },
    ]);
    expect(preopForms(a).map((f) => f.state)).toEqual(['notSent', 'notSent', 'sent', 'opened', 'signed']);
  });

  it.each([
    [START - 30 * DAY, 30, true],
    [START - 30 * DAY - 1, 30, false],
    [START, 30, true],
    [START + 1, 30, false],
    [START - 6 * DAY, 5, false],
  ])('[PRE3] a time %i is in a %i-day period before the visit: %s', (t, days, expected) => {
    expect(withinReviewPeriod(t, START, days)).toBe(expected);
  });

  it.each([
    [undefined, 30],
    [0, 30],
    [1, 1],
    [365, 365],
    [366, 30],
    [7.5, 30],
  ])('[PRE3] the office period %s is read as %i days', (value, expected) => {
    expect(reviewDaysOf(value)).toBe(expected);
  });

  it('[PRE5] sets, reads and clears the NPO mark, keeping the tasks', () => {
    const a = withAppointmentNpo(apt([{ status: 'sent' }]), NPO);
    expect(appointmentNpo(a)).toEqual(NPO);
    const cleared = withAppointmentNpo(a, null);
    expect(appointmentNpo(cleared)).toBeNull();
    expect(preopForms(cleared)).toHaveLength(1);
  });

  it('[PRE6] a ready patient misses nothing', () => {
    expect(preopVerdict(facts()).missing).toEqual([]);
  });

  it('[PRE6] lists every missing item in column order', () => {
    const verdict = preopVerdict(
      facts({
        appointment: apt([{ status: 'sent' }]),
        histories: [],
        weightTimes: [START - 31 * DAY],
        allergyTimes: [START - 40 * DAY],
      }),
    );
    expect(verdict.missing).toEqual(['healthHistory', 'forms', 'weight', 'allergies', 'npo']);
  });

  it('[PRE4] allergies count as reviewed by an answer recorded in the period or a history signed in it', () => {
    // The history was signed 10 days before the visit: inside the 30-day period.
    expect(preopVerdict(facts()).allergiesReviewed).toBe(true);
    const oldHistory = [history(START - 60 * DAY)];
    expect(preopVerdict(facts({ histories: oldHistory })).allergiesReviewed).toBe(false);
    expect(preopVerdict(facts({ histories: oldHistory, allergyTimes: [null, START - DAY] })).allergiesReviewed).toBe(
      true,
    );
    // A shorter office period: 7 days. The allergy answer 8 days before is too old.
    expect(
      preopVerdict(facts({ histories: oldHistory, allergyTimes: [START - 8 * DAY], reviewDays: 7 })).allergiesReviewed,
    ).toBe(false);
  });

  it('[PRE6] an appointment without forms owes none', () => {
    expect(preopVerdict(facts({ appointment: withAppointmentNpo(apt([]), NPO) })).missing).toEqual([]);
  });
});
