import { ROOM_PHYSICAL_TYPE, type Appointment, type Bundle, type FhirResource } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import type { Caller } from '../access/caller.js';
import { AppError, refuse, VersionConflictError } from '../errors.js';
import type { FhirService } from '../fhir/service.js';
import type { StoredVersion } from '../store/resources/types.js';
import { AppointmentChangeService } from './service.js';

const caller = {
  user: { id: 'usr-1' },
  subject: { signedIn: true, multiFactorValid: true, orgs: [] },
  ip: null,
} as unknown as Caller;

const TASK = { url: 'https://vigil.example/appointment-task', extension: [{ url: 'id', valueString: 't1' }] };

function apt(id: string, start: string, end: string, location = 'Location/room-1'): Appointment & { id: string } {
  return {
    resourceType: 'Appointment',
    id,
    status: 'booked',
    start,
    end,
    participant: [
      { actor: { reference: 'Patient/pat-1' }, status: 'accepted' },
      { actor: { reference: 'Practitioner/prc-1' }, status: 'accepted' },
      { actor: { reference: location }, status: 'accepted' },
    ],
    extension: [TASK],
  };
}

/** A FHIR service over a map: versions count up; the first `conflicts` updates fail as a concurrent write would. */
function fakeFhir(resources: FhirResource[], conflicts = 0) {
  const stored = new Map(resources.map((r) => [`${r.resourceType}/${r.id!}`, { resource: r, versionId: '1' }]));
  const writes: FhirResource[] = [];
  let conflictsLeft = conflicts;
  const version = (key: string): StoredVersion => {
    const s = stored.get(key);
    if (!s) throw new AppError(404, 'NOT_FOUND');
    return { ...s, id: s.resource.id!, resourceType: s.resource.resourceType } as unknown as StoredVersion;
  };
  const fhir: Pick<FhirService, 'read' | 'update' | 'search'> = {
    read: (_ctx, type, id) => Promise.resolve(version(`${type}/${id}`)),
    update: (_ctx, type, id, body) => {
      if (conflictsLeft > 0) {
        conflictsLeft -= 1;
        return Promise.reject(new VersionConflictError('2'));
      }
      const key = `${type}/${id}`;
      const next = { resource: body as FhirResource, versionId: String(Number(stored.get(key)!.versionId) + 1) };
      stored.set(key, next);
      writes.push(next.resource);
      return Promise.resolve({ version: version(key), created: false });
    },
    search: () =>
      Promise.resolve({
        resourceType: 'Bundle',
        type: 'searchset',
        entry: [...stored.values()]
          .filter((s) => s.resource.resourceType === 'Appointment')
          .map((s) => ({ resource: s.resource })),
      } as Bundle),
  };
  return { fhir, writes };
}

const allowed = { authorize: () => Promise.resolve() };

describe('the desk’s appointment operations (issue 40)', () => {
  it('[APC5] moves an appointment, keeping its tasks, after a concurrent write (retried)', async () => {
    const { fhir, writes } = fakeFhir([apt('a', '2027-03-01T09:00:00Z', '2027-03-01T10:00:00Z')], 1);
    const service = new AppointmentChangeService({ fhir, access: allowed });
    const answer = await service.reschedule(caller, 'office', 'a', {
      start: '2027-03-02T14:00:00Z',
      end: '2027-03-02T15:00:00Z',
      providerId: 'prc-2',
    });
    expect(writes).toHaveLength(1);
    expect(answer.appointment.start).toBe('2027-03-02T14:00:00.000Z');
    expect(answer.appointment.extension).toEqual([TASK]);
    expect(answer.conflicts).toEqual([]);
  });

  it('[APC6] answers the same room double-booked, a Location of physical type room', async () => {
    const room = {
      resourceType: 'Location',
      id: 'room-1',
      name: 'Op 1',
      physicalType: { coding: [{ ...ROOM_PHYSICAL_TYPE }] },
    } as FhirResource;
    const { fhir } = fakeFhir([
      room,
      apt('a', '2027-03-01T09:00:00Z', '2027-03-01T10:00:00Z'),
      {
        ...apt('b', '2027-03-01T13:00:00Z', '2027-03-01T14:00:00Z'),
        participant: [{ actor: { reference: 'Location/room-1' }, status: 'accepted' }],
      },
    ]);
    const service = new AppointmentChangeService({ fhir, access: allowed });
    const answer = await service.reschedule(caller, 'office', 'a', {
      start: '2027-03-01T13:30:00Z',
      end: '2027-03-01T14:30:00Z',
    });
    expect(answer.conflicts.map((c) => [c.appointmentId, c.kind])).toEqual([['b', 'room']]);
  });

  it('refuses a caller without the organisation permission, and bad input, writing nothing', async () => {
    const { fhir, writes } = fakeFhir([apt('a', '2027-03-01T09:00:00Z', '2027-03-01T10:00:00Z')]);
    const refusing = new AppointmentChangeService({ fhir, access: { authorize: () => refuse('NOT_AUTHORIZED') } });
    await expect(refusing.cancel(caller, 'office', 'a', { reason: 'x' })).rejects.toMatchObject({
      status: 403,
      code: 'NOT_AUTHORIZED',
    });
    const service = new AppointmentChangeService({ fhir, access: allowed });
    await expect(service.cancel(caller, 'office', 'a', { reason: '   ' })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
    await expect(service.setStatus(caller, 'office', 'a', { status: 'fulfilled' })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
    await expect(
      service.reschedule(caller, 'office', 'a', { start: '2027-03-01T09:00:00Z', end: '2027-03-01T08:00:00Z' }),
    ).rejects.toMatchObject({ code: 'INVALID_APPOINTMENT_TIME' });
    expect(writes).toEqual([]);
    const done = await service.cancel(caller, 'office', 'a', { reason: ' Flu ' });
    expect([done.appointment.status, done.appointment.cancelationReason]).toEqual(['cancelled', { text: 'Flu' }]);
  });
});
