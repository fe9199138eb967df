import {
  deskAllergy,
  deskMedication,
  deskNoKnownAllergies,
  type AllergyIntolerance,
  type Bundle,
  type Composition,
} from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../utils/start-server.js';
import { codeOf, fhir, patientBody } from './fhir-helpers.js';
import { createOrg, person, type Person } from './orgs-helpers.js';

/*
 * The patient's own allergies and medications (issue 40; spec 001 §3): written at the desk
 * through the FHIR API (the one write path), they are the patient's records and the next health
 * history starts with them (PR5); another office can neither read nor write them.
 */

let server: TestServer;
let desk: Person;
let other: Person;
let patientId = '';
const NOW = new Date();

function caseDataOf(c: Composition): Record<string, unknown> {
  const att = c.extension?.find((e) => e.url.endsWith('composition-case-data'))?.valueAttachment as
    { data: string } | undefined;
  return att ? (JSON.parse(Buffer.from(att.data, 'base64').toString('utf8')) as Record<string, unknown>) : {};
}

beforeAll(async () => {
  server = await startServer();
  desk = await person(server, 'desk@record.test');
  other = await person(server, 'other@record.test');
  expect((await createOrg(desk, 'office', 'regular', 'Office')).code).toBeUndefined();
  expect((await createOrg(other, 'elsewhere', 'regular', 'Elsewhere')).code).toBeUndefined();
  const patient = await fhir<{ id: string }>(
    server,
    desk.browser,
    'POST',
    'office/Patient',
    patientBody('Ada', 'Byron'),
  );
  expect(patient.status).toBe(201);
  patientId = patient.body.id;
}, 120_000);

afterAll(async () => {
  await server.dispose();
});

describe("the patient's allergies and medications (issue 40)", () => {
  it('keeps what the desk records, and the next health history starts with it', async () => {
    // NKDA first, then an allergy: the desk retires the NKDA answer (PR3) by marking it entered in error.
    const nkda = await fhir<AllergyIntolerance>(
      server,
      desk.browser,
      'POST',
      'office/AllergyIntolerance',
      deskNoKnownAllergies(patientId, NOW),
    );
    expect(nkda.status).toBe(201);
    const retired = await fhir(server, desk.browser, 'PUT', `office/AllergyIntolerance/${nkda.body.id}`, {
      ...nkda.body,
      verificationStatus: {
        coding: [
          { system: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-verification', code: 'entered-in-error' },
        ],
      },
    });
    expect(retired.status).toBe(200);
    const allergy = deskAllergy({ substance: 'Penicillin', reaction: 'hives', severity: 'severe' }, patientId, NOW);
    expect((await fhir(server, desk.browser, 'POST', 'office/AllergyIntolerance', allergy)).status).toBe(201);
    const med = deskMedication('Lisinopril 10 mg', patientId, NOW);
    expect((await fhir(server, desk.browser, 'POST', 'office/MedicationStatement', med)).status).toBe(201);

    const listed = await fhir<Bundle>(
      server,
      desk.browser,
      'GET',
      `office/AllergyIntolerance?patient=Patient/${patientId}`,
    );
    expect(listed.body.entry).toHaveLength(2);

    const made = await desk.browser.gql<{ newHhx: { id: string; fhirJSON: string } }>(
      'mutation ($p: String!) { newHhx(orgId: "office", patientId: $p) { id fhirJSON } }',
      { p: patientId },
    );
    expect(made.code).toBeUndefined();
    const content = caseDataOf(JSON.parse(made.data!.newHhx.fhirJSON) as Composition);
    expect(content).toMatchObject({
      allergiesSummary: 'Penicillin',
      allergies: [expect.objectContaining({ substance: 'Penicillin', reaction: 'hives', severity: 'severe' })],
      medications: [expect.objectContaining({ name: 'Lisinopril 10 mg' })],
      medicationsText: 'Lisinopril 10 mg',
    });
  });

  it('is refused for another office, reading and writing, and without a session', async () => {
    const read = await fhir(server, other.browser, 'GET', `office/AllergyIntolerance?patient=Patient/${patientId}`);
    expect(read.status).toBe(403);
    const write = await fhir(
      server,
      other.browser,
      'POST',
      'office/AllergyIntolerance',
      deskNoKnownAllergies(patientId, NOW),
    );
    expect(write.status).toBe(403);
    const anonymous = await fhir(
      server,
      null,
      'POST',
      'office/MedicationStatement',
      deskMedication('X', patientId, NOW),
    );
    expect(anonymous.status).toBe(401);
    expect(codeOf(anonymous)).toBeTruthy();
  });
});
