import {
  APPOINTMENT_EXTENSIONS,
  ROOM_PHYSICAL_TYPE,
  type Appointment,
  type Location,
  type Patient,
  type Practitioner,
} from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { byId } from '../data/calendar.js';
import { appointmentView, matchesFilters, statusBadges, timeRangeText } from './appointmentView.js';

const office: Location & { id: string } = { resourceType: 'Location', id: 'loc-1', name: 'Main Office' };
const room: Location & { id: string } = {
  resourceType: 'Location',
  id: 'loc-r1',
  status: 'active',
  name: 'Operatory 1',
  physicalType: { coding: [{ ...ROOM_PHYSICAL_TYPE }] },
  partOf: { reference: 'Location/loc-1' },
};
const patient: Patient = { resourceType: 'Patient', id: 'pat-1', name: [{ given: ['Ada'], family: 'Quinn' }] };
const provider: Practitioner = { resourceType: 'Practitioner', id: 'prc-1', name: [{ text: 'Dr. Rosa Diaz' }] };
const lookups = { patients: byId([patient]), practitioners: byId([provider]), locations: [office, room] };
const now = Date.parse('2026-11-22T12:00:00Z');

function appointment(extra: Partial<Appointment> = {}): Appointment & { id: string } {
  return {
    resourceType: 'Appointment',
    id: 'apt-1',
    status: 'booked',
    start: '2026-11-22T14:00:00Z',
    end: '2026-11-22T15:00:00Z',
    description: 'Extractions',
    participant: [
      { actor: { reference: 'Patient/pat-1' }, status: 'accepted' },
      { actor: { reference: 'Practitioner/prc-1' }, status: 'accepted' },
      { actor: { reference: 'Location/loc-r1' }, status: 'accepted' },
    ],
    ...extra,
  };
}

describe('appointment view (spec 000 §3 calendar event)', () => {
  it('names the patient, provider and room, with the status colour and display state', () => {
    const v = appointmentView(appointment(), lookups, now);
    expect(v).toMatchObject({
      patient: 'Ada Quinn',
      provider: 'Dr. Rosa Diaz',
      place: 'Main Office — Operatory 1',
      description: 'Extractions',
      colour: 'cyan',
      state: 'future',
      strikethrough: false,
    });
    expect(timeRangeText(v)).toMatch(/ – /);
  });

  it('[CAL5] strikes through a no-show and completes a finalized case (a report PDF)', () => {
    expect(appointmentView(appointment({ status: 'noshow' }), lookups, now)).toMatchObject({
      state: 'complete',
      strikethrough: true,
      colour: 'red',
    });
    const finalized = appointment({
      start: '2026-11-22T08:00:00Z',
      end: '2026-11-22T09:00:00Z',
      extension: [{ url: APPOINTMENT_EXTENSIONS.pdf, valueReference: { reference: 'Binary/bin-1' } }],
    });
    expect(appointmentView(finalized, lookups, now).state).toBe('complete');
    expect(appointmentView({ ...finalized, extension: [] }, lookups, now).state).toBe('incomplete');
  });

  it('shows a finalized case as finalized in green, not as its appointment\'s "booked" (issue 25)', () => {
    const finalized = appointment({
      start: '2026-11-22T08:00:00Z',
      end: '2026-11-22T09:00:00Z',
      extension: [{ url: APPOINTMENT_EXTENSIONS.pdf, valueReference: { reference: 'Binary/bin-1' } }],
    });
    expect(appointmentView(finalized, lookups, now)).toMatchObject({
      status: 'booked',
      finalized: true,
      statusLabel: 'finalized',
      colour: 'green',
      state: 'complete',
      stateLabel: 'Complete',
    });
  });

  it('[CAL5] shows a case receiving monitor readings as live, unless it is finalized (issue 38)', () => {
    const booked = appointment({ start: '2026-11-22T08:00:00Z', end: '2026-11-22T09:00:00Z' });
    const liveCases = new Set([booked.id]);
    expect(appointmentView(booked, { ...lookups, liveCases }, now)).toMatchObject({
      state: 'live',
      stateLabel: 'Live',
    });
    expect(appointmentView(booked, { ...lookups, liveCases: new Set() }, now).state).not.toBe('live');
    const signed = new Map([[booked.id, true]]);
    expect(appointmentView(booked, { ...lookups, liveCases, signedCases: signed }, now).state).toBe('complete');
  });

  it('shows a case finalized only when the server says it is signed, whatever its appointment carries (issue 35 item 9)', () => {
    const withLink = appointment({
      start: '2026-11-22T08:00:00Z',
      end: '2026-11-22T09:00:00Z',
      extension: [{ url: APPOINTMENT_EXTENSIONS.pdf, valueReference: { reference: 'Binary/bin-1' } }],
    });
    const unsigned = new Map([[withLink.id, false]]);
    expect(appointmentView(withLink, { ...lookups, signedCases: unsigned }, now)).toMatchObject({
      finalized: false,
      statusLabel: 'booked',
    });
    const signed = new Map([[withLink.id, true]]);
    const noLink = { ...withLink, extension: [] };
    expect(appointmentView(noLink, { ...lookups, signedCases: signed }, now)).toMatchObject({
      finalized: true,
      statusLabel: 'finalized',
    });
  });

  it.each([
    ['cancelled', 'cancelled', false],
    ['noshow', 'no-show', true],
    ['entered-in-error', 'entered in error', true],
  ] as const)(
    '[CAL5] a %s appointment shows its status in red and no "Complete" badge, staying complete (issue 25)',
    (status, label, struck) => {
      expect(appointmentView(appointment({ status }), lookups, now)).toMatchObject({
        statusLabel: label,
        colour: 'red',
        state: 'complete',
        strikethrough: struck,
        stateLabel: null,
      });
    },
  );

  it('keeps a cancelled case cancelled even when a report was signed before', () => {
    const v = statusBadges({ status: 'cancelled', finalized: true, state: 'complete' });
    expect(v).toEqual({ statusLabel: 'cancelled', colour: 'red', stateLabel: null });
  });

  it.each([
    ['booked', 'future', 'booked', 'Upcoming'],
    ['arrived', 'now', 'arrived', 'Now'],
    ['fulfilled', 'complete', 'fulfilled', 'Complete'],
    ['booked', 'incomplete', 'booked', 'Incomplete'],
  ] as const)('a %s appointment in state %s reads "%s" · "%s"', (status, state, label, stateLabel) => {
    expect(statusBadges({ status, finalized: false, state })).toMatchObject({ statusLabel: label, stateLabel });
  });

  it('shows an unknown patient plainly', () => {
    expect(appointmentView(appointment({ participant: [] }), lookups, now).patient).toBe('Unknown patient');
  });

  it('[CAL6] filters by provider and by location, a room counting for its office', () => {
    const v = appointmentView(appointment(), lookups, now);
    const locations = [office, room];
    expect(matchesFilters(v, { locationId: null, providerId: null }, locations)).toBe(true);
    expect(matchesFilters(v, { locationId: 'loc-1', providerId: null }, locations)).toBe(true);
    expect(matchesFilters(v, { locationId: 'loc-r1', providerId: 'prc-1' }, locations)).toBe(true);
    expect(matchesFilters(v, { locationId: 'loc-2', providerId: null }, locations)).toBe(false);
    expect(matchesFilters(v, { locationId: null, providerId: 'prc-2' }, locations)).toBe(false);
  });
});
