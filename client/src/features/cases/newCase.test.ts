import {
  ANESTHESIA_RECORD_TYPE,
  APPOINTMENT_EXTENSIONS,
  appointmentActorId,
  appointmentSchema,
  appointmentSedationLevel,
  compositionSchema,
  measurementComponent,
  PHYSICAL_ATTRIBUTE_CODES,
  ROOM_PHYSICAL_TYPE,
  type Appointment,
  type Location,
  type Observation,
} from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import {
  allowedSedationLevels,
  carriedMeasurements,
  defaultCaseTimes,
  measurementSourceText,
  localDateTime,
  newCaseConflicts,
  newCaseErrors,
  newCaseResources,
  type NewCaseValues,
} from './newCase.js';

const values: NewCaseValues = {
  patientId: 'pat-1',
  date: '2026-11-23',
  startTime: '09:00',
  endTime: '10:30',
  providerId: 'prc-1',
  locationId: 'loc-room-1',
  sedationLevel: 'moderate',
  description: ' Extractions 1, 16, 17, 32 ',
};
const now = new Date(2026, 10, 22, 8, 15);

describe('a new case', () => {
  it('is an Appointment and an anesthesia-record Composition sharing one id', () => {
    const { appointment, composition } = newCaseResources('apt-abc', values, now);
    expect(appointment.id).toBe('apt-abc');
    expect(composition.id).toBe('apt-abc');
    expect(appointment.extension).toContainEqual({
      url: APPOINTMENT_EXTENSIONS.composition,
      valueReference: { reference: 'Composition/apt-abc' },
    });
    expect(composition.status).toBe('preliminary');
    expect(composition.type.coding).toEqual([ANESTHESIA_RECORD_TYPE]);
    expect(composition.subject).toEqual({ reference: 'Patient/pat-1' });
    expect(composition.author).toEqual([{ reference: 'Practitioner/prc-1' }]);
  });

  it('books the patient, provider and room at the local times with the sedation level (spec 001 §3)', () => {
    const { appointment } = newCaseResources('apt-abc', values, now);
    expect(appointment.status).toBe('booked');
    expect(appointmentActorId(appointment, 'Patient')).toBe('pat-1');
    expect(appointmentActorId(appointment, 'Practitioner')).toBe('prc-1');
    expect(appointmentActorId(appointment, 'Location')).toBe('loc-room-1');
    expect(appointmentSedationLevel(appointment)).toBe('moderate');
    expect(appointment.description).toBe('Extractions 1, 16, 17, 32');
    expect(new Date(appointment.start!).getTime()).toBe(new Date(2026, 10, 23, 9, 0).getTime());
    expect(new Date(appointment.end!).getTime()).toBe(new Date(2026, 10, 23, 10, 30).getTime());
  });

  it('passes the shared FHIR validators, with and without the optional fields', () => {
    const full = newCaseResources('apt-abc', values, now);
    const bare = newCaseResources('apt-def', { ...values, locationId: '', sedationLevel: '', description: '' }, now);
    for (const r of [full, bare]) {
      expect(appointmentSchema.safeParse(r.appointment).error).toBeUndefined();
      expect(compositionSchema.safeParse(r.composition).error).toBeUndefined();
    }
    expect(appointmentSedationLevel(bare.appointment)).toBeNull();
    expect(appointmentActorId(bare.appointment, 'Location')).toBeNull();
  });

  it('needs a patient, a provider and an end after the start', () => {
    expect(newCaseErrors(values, 'ga')).toEqual({});
    expect(newCaseErrors({ ...values, patientId: '', providerId: '' }, 'ga')).toEqual({
      patientId: 'Choose a patient',
      providerId: 'Choose a provider',
    });
    expect(newCaseErrors({ ...values, endTime: '09:00' }, 'ga')).toEqual({
      endTime: 'The end must be after the start',
    });
    expect(newCaseErrors({ ...values, startTime: '9' }, 'ga')).toEqual({ startTime: 'Invalid time input use HH:MM' });
    expect(newCaseErrors({ ...values, date: '2026-02-30' }, 'ga')).toEqual({ date: 'Enter a date' });
  });

  it('[SL2] offers only the sedation levels the organisation allows (spec 002 §5)', () => {
    expect(allowedSedationLevels('moderate')).toEqual(['local', 'minimal', 'moderate']);
    expect(allowedSedationLevels('ga')).toEqual(['local', 'minimal', 'moderate', 'deep', 'ga']);
    expect(newCaseErrors({ ...values, sedationLevel: 'ga' }, 'moderate').sedationLevel).toBeDefined();
  });

  it('defaults to the next half hour, for an hour', () => {
    expect(defaultCaseTimes(new Date(2026, 10, 22, 8, 15))).toEqual({
      date: '2026-11-22',
      startTime: '08:30',
      endTime: '09:30',
    });
    expect(defaultCaseTimes(new Date(2026, 10, 22, 8, 45))).toEqual({
      date: '2026-11-22',
      startTime: '09:00',
      endTime: '10:00',
    });
    expect(defaultCaseTimes(new Date(2026, 10, 22, 23, 10)).endTime).toBe('23:59');
  });

  it('reads local dates and times', () => {
    expect(localDateTime('2026-11-23', '07:05')?.getHours()).toBe(7);
    expect(localDateTime('2026-11-23', '7:05')).toBeNull();
    expect(localDateTime('', '07:05')).toBeNull();
  });
});

describe('weight and height carried into a new case (issue 25)', () => {
  const obs = (
    id: string,
    time: string,
    parts: { weight?: [number, string?]; height?: [number, string?] },
    extra: Partial<Observation> = {},
  ): Observation => ({
    resourceType: 'Observation',
    id,
    status: 'final',
    code: { coding: [{ ...PHYSICAL_ATTRIBUTE_CODES.panel }] },
    subject: { reference: 'Patient/pat-1' },
    effectiveDateTime: time,
    component: [
      ...(parts.weight ? [measurementComponent('weight', ...parts.weight)] : []),
      ...(parts.height ? [measurementComponent('height', ...parts.height)] : []),
    ],
    ...extra,
  });

  it('takes the latest weight and the latest height of the patient, each with its Observation and time', () => {
    const carried = carriedMeasurements(
      [
        obs('o-old', '2026-05-01T10:00:00Z', { weight: [13, '13 kg'], height: [95] }),
        obs('o-weight', '2026-11-20T10:00:00Z', { weight: [15, '33 lb'] }),
        obs('o-height', '2026-11-21T10:00:00Z', { height: [100, '100 cm'] }),
        obs('o-error', '2026-11-22T10:00:00Z', { weight: [150] }, { status: 'entered-in-error' }),
        obs('o-other', '2026-11-22T10:00:00Z', { weight: [70] }, { subject: { reference: 'Patient/pat-2' } }),
      ],
      'pat-1',
    );
    expect(carried.weight).toEqual({
      value: 15,
      raw: '33 lb',
      observationId: 'o-weight',
      time: '2026-11-20T10:00:00Z',
    });
    expect(carried.height).toEqual({
      value: 100,
      raw: '100 cm',
      observationId: 'o-height',
      time: '2026-11-21T10:00:00Z',
    });
  });

  it('carries nothing for a patient never measured', () => {
    expect(carriedMeasurements([], 'pat-1')).toEqual({ weight: null, height: null });
  });

  it.each([
    [new Date(2026, 10, 20, 10).toISOString(), 'From the patient record, measured 2026-11-20 (6 days ago)', 'green'],
    [new Date(2026, 10, 26, 8).toISOString(), 'From the patient record, measured 2026-11-26 (today)', 'green'],
    [new Date(2026, 9, 1, 10).toISOString(), 'From the patient record, measured 2026-10-01 (56 days ago)', 'orange'],
    [new Date(2026, 4, 1, 10).toISOString(), 'From the patient record, measured 2026-05-01 (6 months ago)', 'red'],
  ])('says where a carried measurement of %s came from and how old it is: %s', (time, text, colour) => {
    const now = new Date(2026, 10, 26, 12).getTime();
    const s = measurementSourceText({ observationId: 'o', time }, now);
    expect(s?.text).toBe(text);
    expect(s?.age.colour).toBe(colour);
  });
});

describe('a new case double-booked (issue 40)', () => {
  const other = (id: string, start: Date, end: Date, refs: string[], status: Appointment['status'] = 'booked') => ({
    resourceType: 'Appointment' as const,
    id,
    status,
    start: start.toISOString(),
    end: end.toISOString(),
    participant: refs.map((reference) => ({ actor: { reference }, status: 'accepted' as const })),
  });
  const room: Location = {
    resourceType: 'Location',
    id: 'loc-room-1',
    name: 'Op 1',
    physicalType: { coding: [{ ...ROOM_PHYSICAL_TYPE }] },
  };
  const at = (h: number, m = 0): Date => new Date(2026, 10, 23, h, m);

  it('[APC6] warns of the same provider or room overlapping 09:00-10:30, not of a neighbour or a cancelled one', () => {
    const others = [
      other('same-provider', at(10), at(11), ['Patient/p2', 'Practitioner/prc-1']),
      other('same-room', at(8), at(9, 30), ['Patient/p3', 'Practitioner/prc-2', 'Location/loc-room-1']),
      // Ends when the new case starts: [08:00, 09:00) does not overlap [09:00, 10:30).
      other('before', at(8), at(9), ['Patient/p4', 'Practitioner/prc-1']),
      other('called-off', at(9), at(10), ['Patient/p5', 'Practitioner/prc-1'], 'cancelled'),
    ];
    expect(newCaseConflicts(values, others, [room]).map((c) => [c.appointmentId, c.kind])).toEqual([
      ['same-provider', 'provider'],
      ['same-room', 'room'],
    ]);
  });

  it('[APC6] says nothing until the times are readable, and nothing for an office that is not a room', () => {
    const same = [other('x', at(9), at(10), ['Practitioner/prc-9', 'Location/loc-room-1'])];
    expect(newCaseConflicts({ ...values, endTime: '' }, same, [room])).toEqual([]);
    expect(newCaseConflicts(values, same, [{ ...room, physicalType: undefined }])).toEqual([]);
  });
});
