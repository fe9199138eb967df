import {
  deskAllergy,
  deskMedication,
  deskNoKnownAllergies,
  type AllergyIntolerance,
  type Bundle,
  type Composition,
} from '@vigil/shared';
import { CASE_ROOT, copyHistoryIntoCase } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../utils/yjs-clients.js';
import { chartedCase, finalize, pdfText, pdfUrl, SIGNATURE } from './report-helpers.js';
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

  it('reach the signed PDF: desk records → the next health history → the case that uses it → finalize', async () => {
    const c = await chartedCase(server);
    const me = c.member.browser;
    const post = (type: string, body: unknown) => fhir(server, me, 'POST', `${c.orgId}/${type}`, body);
    expect(
      (await post('AllergyIntolerance', deskAllergy({ substance: 'Sulfa drugs', reaction: 'rash' }, c.patientId, NOW)))
        .status,
    ).toBe(201);
    expect((await post('MedicationStatement', deskMedication('Metformin 500 mg', c.patientId, NOW))).status).toBe(201);
    const made = await me.gql<{ newHhx: { id: string; fhirJSON: string } }>(
      'mutation ($o: String!, $p: String!) { newHhx(orgId: $o, patientId: $p) { id fhirJSON } }',
      { o: c.orgId, p: c.patientId },
    );
    expect(made.code).toBeUndefined();
    const historyId = made.data!.newHhx.id;
    const history = caseDataOf(JSON.parse(made.data!.newHhx.fhirJSON) as Composition);
    const signed = await me.gql(
      'mutation ($o: String!, $c: String!, $s: String) { finalizeHhx(orgId: $o, compositionId: $c, signature: $s) { time } }',
      { o: c.orgId, c: historyId, s: SIGNATURE },
    );
    expect(signed.code).toBeUndefined();
    // The case uses the history as the case screen does (HX2, the shared copy).
    const root = c.client.doc.getMap(CASE_ROOT);
    const copy = copyHistoryIntoCase(historyId, history, root.toJSON());
    c.client.doc.transact(() => {
      for (const [k, v] of Object.entries(copy.set)) root.set(k, v);
      for (const k of copy.remove) root.delete(k);
    });
    await eventually(() => {
      if (c.client.provider.status.status !== 'synced') throw new Error(c.client.provider.status.status);
    }, 15_000);
    const reply = await finalize(server, me, c.orgId, c.caseId, { signature: SIGNATURE, contentHash: c.hash() });
    expect(reply.lines.at(-1)?.step, JSON.stringify(reply)).toBe('done');
    const pdfId = reply.lines.at(-1)!.data!.pdfId as string;
    c.client.destroy();
    const { data } = await pdfUrl(me, c.orgId, pdfId);
    const cookie = [...me.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(data!.url.replace(/^https?:\/\/[^/]+/, server.url), { headers: { cookie } });
    expect(res.status).toBe(200);
    const text = pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(text).toContain('Sulfa drugs');
    expect(text).toContain('Metformin 500 mg');
  }, 120_000);
});
