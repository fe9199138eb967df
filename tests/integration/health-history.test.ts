import WebSocket from 'ws';
import {
  ANESTHESIA_RECORD_TYPE,
  CASE_ROOT,
  HEALTH_HISTORY_ROOT,
  HEALTH_HISTORY_SOURCE_SYSTEM,
  contentHash,
  type Bundle,
  type Composition,
} from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../utils/start-server.js';
import { connectVigilClient, eventually } from '../utils/yjs-clients.js';
import { fhir, patientBody } from './fhir-helpers.js';
import { createOrg, join, person, type Person } from './orgs-helpers.js';
import { uniqueOrgId } from '../utils/members.js';

/**
 * Health histories against the real server (issue 27; spec 001 §3, §7, §9; spec 002 §4–§6):
 * GraphQL newHhx / finalizeHhx / copyHhx, the patient's Composition search by type, the room
 * (root healthHistory) synced by Vigil's own client and read-only once signed or completed, the
 * patient's allergies and medications written on signing, and another organisation refused.
 */

let server: TestServer;
let orgId: string;
let otherOrgId: string;
const people = {} as Record<'provider' | 'recorder' | 'outsider', Person>;
let patientId: string;

const SIGNATURE = 'M 10 150 L 120 60 L 200 220 L 330 80';
const NEW =
  'mutation ($o: String!, $p: String!, $c: String) { newHhx(orgId: $o, patientId: $p, caseCompositionId: $c) { id fhirJSON } }';
const FINALIZE =
  'mutation ($o: String!, $c: String!, $s: String) { finalizeHhx(orgId: $o, compositionId: $c, signature: $s) { checkSum time updateJSON } }';
const COPY = 'mutation ($o: String!, $c: String!) { copyHhx(orgId: $o, compositionId: $c) { id fhirJSON } }';

interface NewHhx {
  id: string;
  fhirJSON: string;
}
interface Finalized {
  checkSum: string;
  time: number;
  updateJSON: string;
}

async function newHhx(who: Person, caseId?: string, org = orgId, patient = patientId) {
  const r = await who.browser.gql<{ newHhx: NewHhx }>(NEW, { o: org, p: patient, c: caseId ?? null });
  return { data: r.data?.newHhx ?? null, code: r.code };
}
async function finalizeHhx(who: Person, id: string, signature?: string, org = orgId) {
  const r = await who.browser.gql<{ finalizeHhx: Finalized }>(FINALIZE, { o: org, c: id, s: signature ?? null });
  return { data: r.data?.finalizeHhx ?? null, code: r.code };
}
async function copyHhx(who: Person, id: string, org = orgId) {
  const r = await who.browser.gql<{ copyHhx: NewHhx }>(COPY, { o: org, c: id });
  return { data: r.data?.copyHhx ?? null, code: r.code };
}

/** Vigil's sync client on a history's room, synced. */
async function openHistory(who: Person, id: string) {
  const client = connectVigilClient(server.url, `${orgId}/${id}`, {
    params: { token: who.browser.token! },
    root: HEALTH_HISTORY_ROOT,
  });
  await eventually(() => expect(client.provider.status.status).toBe('synced'), 15_000);
  return client;
}

async function composition(id: string): Promise<Composition> {
  const r = await fhir<Composition>(server, people.provider.browser, 'GET', `${orgId}/Composition/${id}`);
  expect(r.status).toBe(200);
  return r.body;
}

/** The content the Composition's caseData carries (the projection). */
function caseDataOf(c: Composition): Record<string, unknown> | null {
  const att = c.extension?.find((e) => e.url.endsWith('composition-case-data'))?.valueAttachment as
    { data: string } | undefined;
  return att ? (JSON.parse(Buffer.from(att.data, 'base64').toString('utf8')) as Record<string, unknown>) : null;
}

beforeAll(async () => {
  server = await startServer({ timeoutMs: 60_000 });
  orgId = uniqueOrgId('hhx');
  otherOrgId = uniqueOrgId('hhxo');
  for (const role of ['provider', 'recorder', 'outsider'] as const) {
    people[role] = await person(server, `${role}-${orgId}@vigil.test`);
  }
  const renamed = await people.provider.browser.gql(
    'mutation ($n: String!) { updateUser(properties: { name: $n }) { id } }',
    {
      n: 'Dr Pat Provider',
    },
  );
  expect(renamed.code).toBeUndefined();
  expect((await createOrg(people.provider, orgId)).code).toBeUndefined();
  expect((await createOrg(people.outsider, otherOrgId)).code).toBeUndefined();
  await join(server, people.provider, orgId, people.recorder, ['member']);
  const patient = await fhir<{ id: string }>(
    server,
    people.provider.browser,
    'POST',
    `${orgId}/Patient`,
    patientBody('Ada', 'Lovelace', '2017-03-04'),
  );
  expect(patient.status).toBe(201);
  patientId = patient.body.id;
}, 120_000);
afterAll(async () => {
  await server.dispose();
});

describe('health histories (issue 27)', () => {
  it('newHhx makes a preliminary 35089-2 Composition the patient search by type finds', async () => {
    const created = await newHhx(people.recorder);
    expect(created.code).toBeUndefined();
    const c = JSON.parse(created.data!.fhirJSON) as Composition;
    expect(c.id).toBe(created.data!.id);
    expect(c.status).toBe('preliminary');
    expect(c.type.coding?.[0]).toMatchObject({ system: 'http://loinc.org', code: '35089-2' });
    expect(c.identifier?.value).toBe(patientId);

    const found = await fhir<Bundle>(
      server,
      people.provider.browser,
      'GET',
      `${orgId}/Composition?subject=Patient/${patientId}&type=${encodeURIComponent('http://loinc.org|35089-2')}`,
    );
    expect(found.status).toBe(200);
    expect(found.body.entry?.map((e) => e.resource?.id)).toContain(c.id);
    // A case Composition of the patient is not a history.
    const other = await fhir<Composition>(server, people.provider.browser, 'POST', `${orgId}/Composition`, {
      resourceType: 'Composition',
      status: 'preliminary',
      type: { coding: [ANESTHESIA_RECORD_TYPE] },
      subject: { reference: `Patient/${patientId}` },
      date: new Date().toISOString(),
      author: [{ display: 'Dr Pat Provider' }],
      title: 'Anesthesia record',
    });
    expect(other.status).toBe(201);
    const again = await fhir<Bundle>(
      server,
      people.provider.browser,
      'GET',
      `${orgId}/Composition?subject=Patient/${patientId}&type=${encodeURIComponent('http://loinc.org|35089-2')}`,
    );
    const ids = again.body.entry?.map((e) => e.resource?.id) ?? [];
    expect(ids).toContain(c.id);
    expect(ids).not.toContain(other.body.id);

    // The tracking event 'New Health History Created' is in the organisation's audit trail.
    const audit = await fhir<Bundle>(
      server,
      people.provider.browser,
      'GET',
      `${orgId}/AuditEvent?entity=Composition/${c.id}`,
    );
    expect(JSON.stringify(audit.body)).toContain('New Health History Created');
  });

  it('[HD2] a history started from a case is hhxCaseExtract and starts with the case’s patient-history fields', async () => {
    const caseComposition = await fhir<Composition>(server, people.provider.browser, 'POST', `${orgId}/Composition`, {
      resourceType: 'Composition',
      status: 'preliminary',
      type: { coding: [ANESTHESIA_RECORD_TYPE] },
      subject: { reference: `Patient/${patientId}` },
      date: new Date().toISOString(),
      author: [{ display: 'Dr Pat Provider' }],
      title: 'Anesthesia record',
    });
    const caseId = caseComposition.body.id!;
    const caseClient = connectVigilClient(server.url, `${orgId}/${caseId}`, {
      params: { token: people.provider.browser.token! },
    });
    try {
      caseClient.doc.transact(() => {
        const root = caseClient.doc.getMap(CASE_ROOT);
        root.set('allergiesSummary', 'Penicillin');
        root.set('asaClassification', '2');
        root.set('procedure', 'Extraction');
      });
      await eventually(() => expect(caseClient.provider.status.status).toBe('synced'), 15_000);
    } finally {
      caseClient.destroy();
    }
    const created = await newHhx(people.provider, caseId);
    expect(created.code).toBeUndefined();
    const c = JSON.parse(created.data!.fhirJSON) as Composition;
    expect(c.extension?.find((e) => e.url.endsWith('composition-generated-category'))?.valueCode).toBe(
      'hhxCaseExtract',
    );
    expect(caseDataOf(c)).toEqual({ allergiesSummary: 'Penicillin', asaClassification: '2' });
    const client = await openHistory(people.provider, c.id!);
    try {
      expect(client.doc.getMap(HEALTH_HISTORY_ROOT).toJSON()).toEqual({
        allergiesSummary: 'Penicillin',
        asaClassification: '2',
      });
    } finally {
      client.destroy();
    }
  });

  it('[HD2] a history started from a case booked but not yet on a Composition is seeded from the case; another patient’s case is refused', async () => {
    const otherPatient = await fhir<{ id: string }>(
      server,
      people.provider.browser,
      'POST',
      `${orgId}/Patient`,
      patientBody('Other', 'Patient'),
    );
    const book = async (patient: string) =>
      (
        await fhir<{ id: string }>(server, people.provider.browser, 'POST', `${orgId}/Appointment`, {
          resourceType: 'Appointment',
          status: 'booked',
          description: 'Extraction',
          start: new Date().toISOString(),
          end: new Date(Date.now() + 3_600_000).toISOString(),
          participant: [{ actor: { reference: `Patient/${patient}` }, status: 'accepted' }],
        })
      ).body.id;
    const caseId = await book(patientId);
    const caseClient = connectVigilClient(server.url, `${orgId}/${caseId}`, {
      params: { token: people.provider.browser.token! },
    });
    try {
      caseClient.doc.getMap(CASE_ROOT).set('allergiesSummary', 'Latex');
      await eventually(() => expect(caseClient.provider.status.status).toBe('synced'), 15_000);
    } finally {
      caseClient.destroy();
    }
    const created = await newHhx(people.provider, caseId);
    expect(created.code).toBeUndefined();
    const c = JSON.parse(created.data!.fhirJSON) as Composition;
    expect(c.extension?.find((e) => e.url.endsWith('composition-generated-category'))?.valueCode).toBe(
      'hhxCaseExtract',
    );
    expect(caseDataOf(c)).toEqual({ allergiesSummary: 'Latex' });

    const othersCase = await book(otherPatient.body.id);
    expect((await newHhx(people.provider, othersCase)).code).toBe('PATIENT_MISMATCH');
    expect((await newHhx(people.provider, 'no-such-case')).code).toBe('NOT_FOUND');
  });

  it('mark complete, then a provider’s signature: written by the server, the room read-only, the patient’s allergies and medications written', async () => {
    const created = await newHhx(people.recorder);
    const id = created.data!.id;
    const client = await openHistory(people.recorder, id);
    try {
      client.doc.transact(() => {
        const root = client.doc.getMap(HEALTH_HISTORY_ROOT);
        root.set('allergiesSummary', 'Penicillin, latex');
        root.set('allergies', [
          { id: 'a1', substance: 'Penicillin', reaction: 'Hives', severity: 'moderate' },
          { id: 'a2', substance: 'Latex', reaction: 'Anaphylaxis', severity: 'severe' },
        ]);
        root.set('medications', [{ id: '197361', name: 'Amlodipine 5 mg' }]);
        root.set('medicationsText', 'Amlodipine 5 mg');
        root.set('ulbt', 'Class 3');
      });
      // A recorder cannot sign; a provider's signature needs the provider role.
      expect((await finalizeHhx(people.recorder, id, SIGNATURE)).code).toBe('NOT_AUTHORIZED');

      // Mark Complete waits for the client's pending save, then writes its fields.
      const completed = await finalizeHhx(people.recorder, id);
      expect(completed.code).toBeUndefined();
      const written = JSON.parse(completed.data!.updateJSON) as Record<string, unknown>;
      expect(Object.keys(written).sort()).toEqual(['markedCompleteByName', 'markedCompleteTime']);
      expect(written.markedCompleteTime).toBe(completed.data!.time);
      expect(typeof written.markedCompleteByName).toBe('string');
      await eventually(() =>
        expect(client.doc.getMap(HEALTH_HISTORY_ROOT).get('markedCompleteTime')).toBe(completed.data!.time),
      );
      expect(client.doc.getMap(HEALTH_HISTORY_ROOT).get('ulbt')).toBe('Class 3');
      expect(completed.data!.checkSum).toBe(contentHash(client.doc.getMap(HEALTH_HISTORY_ROOT).toJSON()));
      const done = await composition(id);
      expect(done.status).toBe('final');
      expect(caseDataOf(done)?.markedCompleteTime).toBe(completed.data!.time);

      // The room refuses writes now.
      client.doc.getMap(HEALTH_HISTORY_ROOT).set('healthHistoryNotes', 'late edit');
      await eventually(() => expect(client.provider.status.refused).toBe('FINALIZED'));
      // Marking complete again is refused.
      expect((await finalizeHhx(people.recorder, id)).code).toBe('FINALIZED');

      // A provider adds a signature to the history only marked complete.
      const signed = await finalizeHhx(people.provider, id, SIGNATURE);
      expect(signed.code).toBeUndefined();
      expect(JSON.parse(signed.data!.updateJSON)).toEqual({
        finalReportSignature: SIGNATURE,
        finalReportSignatureTime: signed.data!.time,
        finalReportSignerName: 'Dr Pat Provider',
      });
      const reader = await openHistory(people.provider, id);
      try {
        const content = reader.doc.getMap(HEALTH_HISTORY_ROOT).toJSON();
        expect(content).toMatchObject({
          finalReportSignerName: 'Dr Pat Provider',
          markedCompleteTime: completed.data!.time,
        });
        expect(content.healthHistoryNotes).toBeUndefined();
        expect(signed.data!.checkSum).toBe(contentHash(content));
      } finally {
        reader.destroy();
      }
      expect((await finalizeHhx(people.provider, id, SIGNATURE)).code).toBe('FINALIZED');

      const allergies = await fhir<Bundle>(
        server,
        people.provider.browser,
        'GET',
        `${orgId}/AllergyIntolerance?patient=Patient/${patientId}`,
      );
      const fromHistory = (allergies.body.entry ?? [])
        .map(
          (e) =>
            e.resource as {
              code?: { text?: string };
              criticality?: string;
              identifier?: { system: string; value: string }[];
            },
        )
        .filter((r) => r.identifier?.some((i) => i.system === HEALTH_HISTORY_SOURCE_SYSTEM));
      expect(fromHistory.map((r) => [r.code?.text, r.criticality]).sort()).toEqual([
        ['Latex', 'high'],
        ['Penicillin', 'low'],
      ]);
      const meds = await fhir<Bundle>(
        server,
        people.provider.browser,
        'GET',
        `${orgId}/MedicationStatement?subject=Patient/${patientId}`,
      );
      expect(
        (meds.body.entry ?? []).map(
          (e) => (e.resource as { medicationCodeableConcept?: { text?: string } }).medicationCodeableConcept?.text,
        ),
      ).toEqual(['Amlodipine 5 mg']);
      const audit = await fhir<Bundle>(
        server,
        people.provider.browser,
        'GET',
        `${orgId}/AuditEvent?entity=Composition/${id}`,
      );
      expect(JSON.stringify(audit.body)).toContain('Health History Signed');

      // [HD3] Update Health History: a new preliminary copy without the signature; the signed one unchanged.
      const before = await composition(id);
      const copy = await copyHhx(people.provider, id);
      expect(copy.code).toBeUndefined();
      expect(copy.data!.id).not.toBe(id);
      const copied = JSON.parse(copy.data!.fhirJSON) as Composition;
      expect(copied.status).toBe('preliminary');
      const copyContent = caseDataOf(copied)!;
      expect(copyContent).toMatchObject({ ulbt: 'Class 3', allergiesSummary: 'Penicillin, latex' });
      for (const k of ['finalReportSignature', 'finalReportSignatureTime', 'markedCompleteTime', 'skippedSections'])
        expect(copyContent[k]).toBeUndefined();
      const after = await composition(id);
      expect(after.meta?.versionId).toBe(before.meta?.versionId);
      expect(caseDataOf(after)?.finalReportSignature).toBe(SIGNATURE);
      // The copy is editable.
      const editor = await openHistory(people.provider, copy.data!.id);
      try {
        editor.doc.getMap(HEALTH_HISTORY_ROOT).set('medicationsText', 'none');
        editor.doc.getMap(HEALTH_HISTORY_ROOT).set('medications', []);
        await eventually(() => expect(editor.provider.status.status).toBe('synced'));
        expect(editor.provider.status.refused).toBeNull();
        // Signing the copy with medications none replaces the patient's medications from histories with none.
        expect((await finalizeHhx(people.provider, copy.data!.id, SIGNATURE)).code).toBeUndefined();
      } finally {
        editor.destroy();
      }
      const medsAfter = await fhir<Bundle>(
        server,
        people.provider.browser,
        'GET',
        `${orgId}/MedicationStatement?subject=Patient/${patientId}`,
      );
      expect(medsAfter.body.entry ?? []).toEqual([]);
    } finally {
      client.destroy();
    }
  });

  it('copy-and-edit of a history the organisation does not have answers ‘No HHX found to update’', async () => {
    expect((await copyHhx(people.provider, 'cmp-doesnotexist')).code).toBe('No HHX found to update');
  });

  it('another organisation cannot create, finalize, copy, read, search or open the room (403 / 4403)', async () => {
    const created = await newHhx(people.provider);
    const id = created.data!.id;
    const outsider = people.outsider;
    expect((await newHhx(outsider)).code).toBe('NOT_AUTHORIZED');
    expect((await finalizeHhx(outsider, id)).code).toBe('NOT_AUTHORIZED');
    expect((await copyHhx(outsider, id)).code).toBe('NOT_AUTHORIZED');
    // In their own organisation the id is not theirs.
    expect((await finalizeHhx(outsider, id, undefined, otherOrgId)).code).toBe('NOT_FOUND');
    expect((await copyHhx(outsider, id, otherOrgId)).code).toBe('No HHX found to update');
    expect((await fhir(server, outsider.browser, 'GET', `${orgId}/Composition/${id}`)).status).toBe(403);
    expect(
      (
        await fhir(
          server,
          outsider.browser,
          'GET',
          `${orgId}/Composition?subject=Patient/${patientId}&type=${encodeURIComponent('http://loinc.org|35089-2')}`,
        )
      ).status,
    ).toBe(403);
    const code = await new Promise<number>((resolve) => {
      const ws = new WebSocket(
        `${server.url.replace('http', 'ws')}/api/sync/${orgId}/${id}?token=${outsider.browser.token!}`,
      );
      ws.on('close', (c) => resolve(c));
      ws.on('error', () => undefined);
    });
    expect(code).toBe(4403);
  });
});
