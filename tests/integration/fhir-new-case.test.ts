import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANESTHESIA_RECORD_TYPE,
  type Appointment,
  type Bundle,
  type Composition,
  type Location,
  type Observation,
  type Patient,
} from '@vigil/shared';
import { newCaseResources } from '../../client/src/features/cases/newCase.js';
import {
  locationFormValues,
  locationFromForm,
  roomFromForm,
} from '../../client/src/features/locations/locationRules.js';
import { measurementUnits, physicalAttributesObservation } from '../../client/src/data/measurements.js';
import { startServer, type TestServer } from '../utils/start-server.js';
import {
  codeOf,
  createOrg,
  expectValidFhir,
  fhir,
  patientBody,
  signedInUser,
  type FhirResponse,
  type FhirUser,
} from './fhir-helpers.js';

/*
 * The resources the front-desk screens build (new case, locations and rooms, weight and height)
 * against the real server: accepted as the client sends them (PUT with the device's id, as the
 * outbox replays), valid for an independent FHIR R4 validator, found by the searches the
 * calendar makes, and never visible to another organisation.
 */

let server: TestServer;
let user: FhirUser;
let other: FhirUser;
let org: string;
let otherOrg: string;

beforeAll(async () => {
  server = await startServer();
  user = await signedInUser(server, 'desk@harbor-dental.test');
  other = await signedInUser(server, 'desk@elsewhere-dental.test');
  org = await createOrg(user, 'harbor-dental');
  otherOrg = await createOrg(other, 'elsewhere-dental');
});
afterAll(async () => {
  await server.dispose();
});

async function call<T>(method: string, p: string, body?: unknown, as: FhirUser = user): Promise<FhirResponse<T>> {
  const res = await fhir<T>(server, as.browser, method, p, body);
  if (res.body !== null) expectValidFhir(res.body);
  return res;
}

describe('a new case', () => {
  it('stores the Appointment and its anesthesia-record Composition under one device-chosen id, and the calendar finds it', async () => {
    const patient = await call<Patient>('POST', `${org}/Patient`, patientBody('Ines', 'Alvarez'));
    expect(patient.status).toBe(201);
    const practitioners = await call<Bundle>('GET', `${org}/Practitioner`);
    const providerId = practitioners.body.entry![0]!.resource!.id!;
    const id = 'apt-a1b2c3d4e5f6g7';
    const { appointment, composition } = newCaseResources(
      id,
      {
        patientId: patient.body.id!,
        date: '2026-11-23',
        startTime: '09:00',
        endTime: '10:00',
        providerId,
        locationId: '',
        sedationLevel: 'deep',
        description: 'Third molars',
      },
      new Date(),
    );
    // The outbox sends a create as a PUT without If-Match: the record first, then the appointment.
    const record = await call<Composition>('PUT', `${org}/Composition/${id}`, composition);
    expect(record.status).toBe(201);
    const booked = await call<Appointment>('PUT', `${org}/Appointment/${id}`, appointment);
    expect(booked.status).toBe(201);
    // A replay after a lost answer changes nothing but the version.
    expect((await call('PUT', `${org}/Appointment/${id}`, appointment)).status).toBe(200);

    const start = new Date(appointment.start!);
    const from = new Date(start.getTime() - 86_400_000).toISOString();
    const to = new Date(start.getTime() + 86_400_000).toISOString();
    const found = await call<Bundle<Appointment>>(
      'GET',
      `${org}/Appointment?date=ge${encodeURIComponent(from)}&date=lt${encodeURIComponent(to)}&_count=200`,
    );
    expect(found.body.entry!.map((e) => e.resource!.id)).toContain(id);
    const records = await call<Bundle<Composition>>(
      'GET',
      `${org}/Composition?subject=Patient/${patient.body.id!}&type=${encodeURIComponent(`${ANESTHESIA_RECORD_TYPE.system}|${ANESTHESIA_RECORD_TYPE.code}`)}`,
    );
    expect(records.body.entry!.map((e) => e.resource!.id)).toEqual([id]);

    // Another organisation can neither read it nor find it.
    expect((await call('GET', `${org}/Appointment/${id}`, undefined, other)).status).toBe(403);
    const elsewhere = await call<Bundle>(
      'GET',
      `${otherOrg}/Appointment?date=ge${encodeURIComponent(from)}&date=lt${encodeURIComponent(to)}`,
      undefined,
      other,
    );
    expect(elsewhere.body.total).toBe(0);
  });

  it("keeps the appointment's record: its composition reference cannot be removed", async () => {
    const patient = await call<Patient>('POST', `${org}/Patient`, patientBody('Tomas', 'Berg'));
    const id = 'apt-z9y8x7w6v5u4t3';
    const { appointment, composition } = newCaseResources(
      id,
      {
        patientId: patient.body.id!,
        date: '2026-11-24',
        startTime: '13:00',
        endTime: '14:00',
        providerId: 'prc-any',
        locationId: '',
        sedationLevel: '',
        description: '',
      },
      new Date(),
    );
    await call('PUT', `${org}/Composition/${id}`, composition);
    const saved = await call<Appointment>('PUT', `${org}/Appointment/${id}`, appointment);
    const stripped = await call('PUT', `${org}/Appointment/${id}`, { ...saved.body, extension: [] });
    expect(stripped.status).toBe(400);
    expect(JSON.stringify(stripped.body)).toContain('Cannot delete this reference');
    expect(codeOf(stripped)).toBeDefined();
  });
});

describe('locations and rooms (spec 001 §2)', () => {
  it('stores an office from the location form (Country US) and its room, valid R4', async () => {
    const office = locationFromForm({
      ...locationFormValues(),
      name: 'Harbor Dental',
      addressLine1: '1 Pier St',
      city: 'Portland',
      state: 'ME',
      postalCode: '04101',
    });
    const saved = await call<Location>('POST', `${org}/Location`, office);
    expect(saved.status).toBe(201);
    expect(saved.body.address?.country).toBe('US');
    const room = await call<Location>(
      'POST',
      `${org}/Location`,
      roomFromForm({ name: 'Operatory 3', description: '' }, saved.body.id!),
    );
    expect(room.status).toBe(201);
    expect(room.body.partOf?.reference).toBe(`Location/${saved.body.id!}`);
  });
});

describe('weight and height (spec 002 §5)', () => {
  it('stores the physical-attributes Observation with raw text, and the server derives the BMI', async () => {
    const patient = await call<Patient>('POST', `${org}/Patient`, patientBody('Lena', 'Kraus'));
    const observation = physicalAttributesObservation(
      patient.body.id!,
      { weight: '70 lb', height: `4' 8"` },
      measurementUnits(null),
      new Date(),
    )!;
    const saved = await call<Observation>('POST', `${org}/Observation`, observation);
    expect(saved.status).toBe(201);
    const bmi = saved.body.component!.find((c) => c.code.coding?.[0]?.code === '39156-5');
    expect(bmi?.valueQuantity?.value).toBe(15.7); // 31.75 kg / 1.4224² m² = 15.69
    const found = await call<Bundle<Observation>>('GET', `${org}/Observation?patient=Patient/${patient.body.id!}`);
    expect(found.body.total).toBe(1);
  });
});
