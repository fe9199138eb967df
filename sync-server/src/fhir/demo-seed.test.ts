import { describe, expect, it } from 'vitest';
import {
  appointmentActorId,
  isRoom,
  validateResource,
  type Appointment,
  type Location,
  type Patient,
} from '@vigil/shared';
import { demoResources, seedDemoResources } from './demo-seed.js';
import { MemoryResourceStore } from '../store/resources/memory.js';

const now = new Date(Date.UTC(2026, 10, 21, 12, 0));
const practitioners = [
  {
    id: 'prc-demo0000000000',
    userId: 'usr-demo0000000000',
    name: 'Dr. Demo Sedationist, DDS',
    roles: ['admin', 'provider'],
  },
  { id: 'prc-demoprovider00', userId: 'usr-demoprovider00', name: 'Dr. Second Provider, DMD' },
];

describe('demo resources (issue 5)', () => {
  const resources = demoResources(now, practitioners);
  const of = <T>(type: string): T[] => resources.filter((r) => r.resourceType === type) as T[];

  it('are all valid FHIR R4', () => {
    for (const r of resources) expect(validateResource(r), r.id).toEqual([]);
  });

  it('hold a location with two operatories and twelve patients, children and adults', () => {
    const locations = of<Location>('Location');
    expect(locations.filter(isRoom)).toHaveLength(2);
    expect(locations.filter((l) => !isRoom(l))).toHaveLength(1);
    const patients = of<Patient>('Patient');
    expect(patients).toHaveLength(12);
    const ages = patients.map((p) => now.getUTCFullYear() - Number(p.birthDate!.slice(0, 4)));
    expect(ages.filter((a) => a <= 18).length).toBeGreaterThanOrEqual(5);
    expect(ages.filter((a) => a > 18).length).toBeGreaterThanOrEqual(5);
  });

  it("book appointments today and this month with the spec's statuses", () => {
    const appointments = of<Appointment>('Appointment');
    const today = appointments.filter((a) => a.start!.startsWith('2026-11-21'));
    expect(today.length).toBeGreaterThanOrEqual(5);
    expect(new Set(appointments.map((a) => a.status))).toEqual(
      new Set([
        'fulfilled',
        'arrived',
        'checked-in',
        'booked',
        'pending',
        'noshow',
        'cancelled',
        'entered-in-error',
        'proposed',
        'waitlist',
      ]),
    );
    for (const a of appointments) expect(appointmentActorId(a, 'Patient')).toMatch(/^pat-demo/);
  });

  it('seed into the store with fixed ids, never overwriting what is there', async () => {
    const store = new MemoryResourceStore();
    await store.write(
      {
        orgId: 'demo-dental',
        resource: { resourceType: 'Practitioner', id: 'prc-demoprovider00', name: [{ text: 'Kept' }] },
      },
      now.toISOString(),
    );
    const n = await seedDemoResources(store, 'demo-dental', now, practitioners);
    expect(n).toBe(resources.length - 1);
    expect((await store.search('demo-dental', 'Patient', [], { offset: 0, count: 50 })).total).toBe(12);
    expect(
      (await store.read('demo-dental', 'Practitioner', 'prc-demo0000000000'))?.resource?.meta?.security,
    ).toHaveLength(2);
    expect((await store.read('demo-dental', 'Practitioner', 'prc-demoprovider00'))?.resource).toMatchObject({
      name: [{ text: 'Kept' }],
    });
    expect(await seedDemoResources(store, 'demo-dental', now, practitioners)).toBe(0);
  });
});
