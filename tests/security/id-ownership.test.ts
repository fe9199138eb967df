import WebSocket from 'ws';
import * as Y from 'yjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedPdfCount } from '../../sync-server/src/store/reports/inspect.test-util.js';
import { versionsUnderId } from '../../sync-server/src/store/resources/inspect.test-util.js';
import { documentOrgs } from '../../sync-server/src/store/sync/inspect.test-util.js';
import { withStores } from '../utils/stores.js';
import { CASE_ROOT, SYNC_CLOSE_CODES } from '@vigil/shared';
import { ID_IN_OTHER_ORGANIZATION } from '../../sync-server/src/store/resources/id-ownership.js';
import { SYNC_REFUSAL_REASONS } from '../../sync-server/src/sync/authorize.js';
import { fhir, patientBody } from '../integration/fhir-helpers.js';
import { chartedCase, finalize, SIGNATURE, type ChartedCase } from '../integration/report-helpers.js';
import { orgMember, type OrgMember } from '../utils/members.js';
import { startServer, type TestServer } from '../utils/start-server.js';
import { connectVigilClient, eventually } from '../utils/yjs-clients.js';

/*
 * Issue 24 item 2: an id belongs to one organisation forever. Organisation B tries every path
 * that takes a client-chosen id (FHIR PUT of each type, a new case, finalize, the sync room's
 * open and write) with ids organisation A already holds: each is refused (409
 * ID_IN_OTHER_ORGANIZATION, or 4403 with its named reason on the socket), nothing is created
 * under B, and A's open socket and A's finalize are unaffected.
 */

let server: TestServer;
let a: ChartedCase;
let b: OrgMember;
/** A's ids by kind, all written through the API before B tries them. */
let ids: { caseId: string; patientId: string; practitionerId: string; deletedPatientId: string };

beforeAll(async () => {
  // A generous start: this file runs beside five other suites on a shared machine.
  server = await startServer({ timeoutMs: 60_000 });
  a = await chartedCase(server);
  b = await orgMember(server.url);
  const practitioner = await fhir<{ id: string }>(server, a.member.browser, 'POST', `${a.orgId}/Practitioner`, {
    resourceType: 'Practitioner',
    name: [{ text: 'Dr Ada Owner' }],
  });
  const gone = await fhir<{ id: string }>(
    server,
    a.member.browser,
    'POST',
    `${a.orgId}/Patient`,
    patientBody('Gone', 'Patient', '1980-05-05'),
  );
  expect((await fhir(server, a.member.browser, 'DELETE', `${a.orgId}/Patient/${gone.body.id}`)).status).toBe(200);
  ids = {
    caseId: a.caseId,
    patientId: a.patientId,
    practitionerId: practitioner.body.id,
    deletedPatientId: gone.body.id,
  };
}, 120_000);
afterAll(async () => {
  // Guarded: a server that did not start leaves nothing to close.
  a?.client.destroy();
  await server?.dispose();
});

/** Everything stored under organisation B for an id: resources of any type and case documents. */
function stateUnderB(id: string): Promise<{ resources: number; documents: number }> {
  return withStores(
    server.dataDir,
    async ({ db }) => ({
      resources: await versionsUnderId(db, b.orgId, id),
      documents: (await documentOrgs(db, id)).filter((org) => org === b.orgId).length,
    }),
    { readonly: true },
  );
}

/** A valid body of each type B might create under a taken id (what the new-case screen and others PUT). */
const BODIES: Record<string, (id: string) => Record<string, unknown>> = {
  Appointment: (id) => ({
    resourceType: 'Appointment',
    id,
    status: 'booked',
    start: '2026-11-21T09:00:00.000Z',
    end: '2026-11-21T10:00:00.000Z',
    participant: [{ actor: { display: 'Someone' }, status: 'accepted' }],
  }),
  Composition: (id) => ({
    resourceType: 'Composition',
    id,
    status: 'preliminary',
    type: { text: 'Anesthesia record' },
    date: '2026-11-21T09:00:00.000Z',
    author: [{ display: 'Mallory' }],
    title: 'Anesthesia Record',
  }),
  Patient: (id) => ({ ...patientBody('Mallory', 'Squatter', '1970-01-01'), id }),
  Practitioner: (id) => ({ resourceType: 'Practitioner', id, name: [{ text: 'Dr Mallory' }] }),
  Binary: (id) => ({ resourceType: 'Binary', id, contentType: 'application/pdf', data: 'JVBERi0xLjQK' }),
};

type IdKind = keyof typeof ids;
/** Every relevant type × every kind of A's id (the same type as A's resource, and other types). */
const FHIR_CASES: [string, IdKind][] = Object.keys(BODIES).flatMap((type) =>
  (['caseId', 'patientId', 'practitionerId', 'deletedPatientId'] as const).map((kind): [string, IdKind] => [
    type,
    kind,
  ]),
);

describe("another organisation's ids (issue 24 item 2)", () => {
  it.each(FHIR_CASES)('refuses FHIR PUT %s/{A %s} from B with 409 and creates nothing', async (type, kind) => {
    const id = ids[kind];
    const res = await fhir<{ issue: { details?: { text?: string } }[] }>(
      server,
      b.browser,
      'PUT',
      `${b.orgId}/${type}/${id}`,
      BODIES[type]!(id),
    );
    expect(res.status).toBe(409);
    expect(JSON.stringify(res.body)).toContain(ID_IN_OTHER_ORGANIZATION);
    expect((await fhir(server, b.browser, 'GET', `${b.orgId}/${type}/${id}`)).status).toBe(404);
    expect(await stateUnderB(id)).toEqual({ resources: 0, documents: 0 });
  });

  it('refuses the new-case PUTs (Appointment then Composition with the device id) for an id A holds', async () => {
    for (const type of ['Appointment', 'Composition']) {
      const res = await fhir(server, b.browser, 'PUT', `${b.orgId}/${type}/${a.caseId}`, BODIES[type]!(a.caseId), {
        'if-match': 'W/"0"',
      });
      expect(res.status).toBe(409);
    }
    expect(await stateUnderB(a.caseId)).toEqual({ resources: 0, documents: 0 });
  });

  it("refuses B's finalize of A's case id with 409 ID_IN_OTHER_ORGANIZATION and creates no document", async () => {
    const reply = await finalize(server, b.browser, b.orgId, a.caseId, {
      signature: SIGNATURE,
      contentHash: '0'.repeat(40),
    });
    expect(reply).toMatchObject({ status: 409, error: ID_IN_OTHER_ORGANIZATION });
    expect(await stateUnderB(a.caseId)).toEqual({ resources: 0, documents: 0 });
    expect(await withStores(server.dataDir, ({ db }) => signedPdfCount(db, b.orgId), { readonly: true })).toBe(0);
  });

  it.each([
    ['open', false],
    ['open and write', true],
  ])(
    `refuses B's sync room on A's id at %s with ${SYNC_CLOSE_CODES.forbidden} and its reason, and stores nothing`,
    async (_name, write) => {
      const socket = new WebSocket(
        `${server.url.replace(/^http/, 'ws')}/api/sync/${b.orgId}/${a.caseId}?token=${encodeURIComponent(b.token)}`,
      );
      if (write) {
        socket.on('open', () => {
          // y-websocket sync step 2 carrying an update that sets case.procedure.
          const doc = new Y.Doc();
          doc.getMap(CASE_ROOT).set('procedure', 'Mallory was here');
          const update = Y.encodeStateAsUpdate(doc);
          socket.send(Buffer.from([0, 2, ...varUint(update.length), ...update]));
        });
      }
      const closed = await new Promise<{ code: number; reason: string }>((resolve) =>
        socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
      );
      expect(closed).toEqual({ code: SYNC_CLOSE_CODES.forbidden, reason: SYNC_REFUSAL_REASONS.otherOrganisation });
      expect(await stateUnderB(a.caseId)).toEqual({ resources: 0, documents: 0 });
    },
  );

  it("refuses A's PUT of an id B created first: the first organisation owns it, whichever it is", async () => {
    const mine = await fhir<{ id: string }>(server, b.browser, 'POST', `${b.orgId}/Patient`, BODIES.Patient!('x'));
    expect(mine.status).toBe(201);
    const res = await fhir(server, a.member.browser, 'PUT', `${a.orgId}/Patient/${mine.body.id}`, {
      ...BODIES.Patient!(mine.body.id),
    });
    expect(res.status).toBe(409);
    // B keeps writing its own id.
    const again = await fhir(
      server,
      b.browser,
      'PUT',
      `${b.orgId}/Patient/${mine.body.id}`,
      BODIES.Patient!(mine.body.id),
    );
    expect(again.status).toBe(200);
  });

  it("leaves the owner alone: A's open socket stays open and writing, a new socket joins, and A's finalize works", async () => {
    // A's client has been connected through every attempt above.
    expect(a.client.provider.status.refused).toBeNull();
    a.client.doc.getMap(CASE_ROOT).set('recoveryNotes', 'Discharged home with escort');
    await eventually(() => expect(a.client.provider.status.status).toBe('synced'), 15_000);
    const second = connectVigilClient(server.url, `${a.orgId}/${a.caseId}`, { params: { token: a.member.token } });
    await eventually(() => {
      expect(second.provider.status.status).toBe('synced');
      expect(second.doc.getMap(CASE_ROOT).get('recoveryNotes')).toBe('Discharged home with escort');
    }, 15_000);
    second.destroy();
    expect(await withStores(server.dataDir, ({ db }) => documentOrgs(db, a.caseId), { readonly: true })).toEqual([
      a.orgId,
    ]);
    // A's own FHIR writes under its ids go on.
    const patient = await fhir<Record<string, unknown>>(
      server,
      a.member.browser,
      'GET',
      `${a.orgId}/Patient/${a.patientId}`,
    );
    const { meta: _meta, ...body } = patient.body;
    expect((await fhir(server, a.member.browser, 'PUT', `${a.orgId}/Patient/${a.patientId}`, body)).status).toBe(200);

    const reply = await finalize(server, a.member.browser, a.orgId, a.caseId, {
      signature: SIGNATURE,
      contentHash: a.hash(),
    });
    expect(reply.lines.map((l) => l.step)).toEqual(['pdfGen', 'saveUpdates', 'done']);
    const pdfId = reply.lines.at(-1)!.data!.pdfId as string;
    // The signed PDF's id is A's too: B cannot write a Binary under it.
    const squat = await fhir(server, b.browser, 'PUT', `${b.orgId}/Binary/${pdfId}`, BODIES.Binary!(pdfId));
    expect(squat.status).toBe(409);
    expect(await stateUnderB(pdfId)).toEqual({ resources: 0, documents: 0 });
  });
});

/** lib0's variable-length unsigned integer (the y-websocket message framing). */
function varUint(n: number): number[] {
  const out: number[] = [];
  let v = n;
  while (v > 0x7f) {
    out.push(0x80 | (v & 0x7f));
    v >>>= 7;
  }
  out.push(v);
  return out;
}
