import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASE_ROOT } from '@vigil/shared';
import { SIGNED_RECORD } from '../../sync-server/src/fhir/signed-records.js';
import { fhir, type FhirResponse } from '../integration/fhir-helpers.js';
import { adminCli, createOrg, join, person, sudo, type Person } from '../integration/orgs-helpers.js';
import { addAddendum, chartedCase, finalize, SIGNATURE, type ChartedCase } from '../integration/report-helpers.js';
import { uniqueOrgId } from '../utils/members.js';
import { startServer, type TestServer } from '../utils/start-server.js';
import { connectClient, connectVigilClient, eventually, saveAnswered, synced } from '../utils/yjs-clients.js';

/*
 * Issue 24 item 1: signed means immutable, on every path. A GENERATED matrix: every write path
 * (FHIR PUT, PUT with the current If-Match, DELETE, PATCH, POST with the same id, finalize again,
 * the sync socket) × every resource of a finalized case (its Composition, its PDF Binary, its
 * Appointment, the case document) × every role that can reach the organisation (admin,
 * provider, recorder, parent organisation admin, internal uber) → none accepted. The share
 * link then still serves the signed bytes, whose SHA-256 the server confirms; an addendum and
 * the audited, sudo-confirmed unfinalize still work.
 */

const ROLES = ['admin', 'provider', 'recorder', 'parentAdmin', 'uber'] as const;
type Role = (typeof ROLES)[number];
const RESOURCES = ['Composition', 'Binary', 'Appointment'] as const;
type Resource = (typeof RESOURCES)[number];
const FHIR_PATHS = ['PUT', 'PUT If-Match', 'DELETE', 'PATCH', 'POST same id'] as const;
type FhirPath = (typeof FHIR_PATHS)[number];

let server: TestServer;
let c: ChartedCase;
let pdfId: string;
let signedSha: string;
const people = {} as Record<Role, Person>;
/** Each resource as it was right after finalize (the version every attempt must leave). */
const signed = {} as Record<Resource, { id: string; versionId: string; json: Record<string, unknown> }>;
let signedContent: Record<string, unknown>;

const cookieOf = (p: Person): string => [...p.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

beforeAll(async () => {
  // A generous start: this file runs beside five other suites on a shared machine.
  server = await startServer({ timeoutMs: 60_000 });
  const tag = uniqueOrgId('imm');
  const [admin, provider, recorder, parentAdmin, uber] = await Promise.all(
    ROLES.map((r) => person(server, `${r.toLowerCase()}-${tag}@vigil.test`)),
  );
  Object.assign(people, { admin, provider, recorder, parentAdmin, uber });
  const office = `${tag}-office`;
  const group = `${tag}-group`;
  expect((await createOrg(admin!, office)).code).toBeUndefined();
  expect((await createOrg(parentAdmin!, group, 'parent')).code).toBeUndefined();
  expect((await adminCli(server, 'make-uber', uber!.email)).code).toBe(0);
  const parented = await uber!.browser.gql(
    'mutation ($o: String!, $g: ID!) { updateOrg(orgId: $o, properties: { parentOrgs: [$g] }) { id } }',
    { o: office, g: group },
  );
  expect(parented.code).toBeUndefined();
  await join(server, admin!, office, provider!, ['member', 'provider']);
  await join(server, admin!, office, recorder!, ['member']);

  // The office admin (also a provider: the creator's roles) charts and signs the case.
  c = await chartedCase(server, {
    email: admin!.email,
    orgId: office,
    token: admin!.browser.token!,
    browser: admin!.browser,
  });
  const reply = await finalize(server, admin!.browser, office, c.caseId, {
    signature: SIGNATURE,
    contentHash: c.hash(),
  });
  expect(reply.lines.at(-1)?.step).toBe('done');
  pdfId = reply.lines.at(-1)!.data!.pdfId as string;
  c.client.destroy();
  for (const [type, id] of [
    ['Composition', c.caseId],
    ['Binary', pdfId],
    ['Appointment', c.caseId],
  ] as const) {
    const res = await fhir<Record<string, unknown> & { meta: { versionId: string } }>(
      server,
      admin!.browser,
      'GET',
      `${office}/${type}/${id}`,
    );
    expect(res.status).toBe(200);
    signed[type] = { id, versionId: res.body.meta.versionId, json: res.body };
  }
  signedSha = sha256(new Uint8Array(Buffer.from(signed.Binary.json.data as string, 'base64')));
  signedContent = await caseContent();
}, 180_000);
afterAll(async () => {
  await server?.dispose();
});

/** The case document as a fresh official y-websocket client reads it from the server. */
async function caseContent(): Promise<Record<string, unknown>> {
  const reader = connectClient(server.url, `${c.orgId}/${c.caseId}`, { token: people.admin.browser.token! });
  try {
    await synced(reader.provider, 15_000);
    return reader.doc.getMap(CASE_ROOT).toJSON();
  } finally {
    reader.destroy();
  }
}

/** A changed copy of a signed resource: what an attacker would store (preliminary, another PDF, other bytes). */
function changed(type: Resource): Record<string, unknown> {
  const { meta: _meta, ...body } = signed[type].json;
  switch (type) {
    case 'Composition':
      return { ...body, status: 'preliminary', title: 'Replaced' };
    case 'Binary':
      return { ...body, data: Buffer.from('%PDF-1.4 forged').toString('base64') };
    case 'Appointment':
      return { ...body, extension: [], description: 'Replaced' };
  }
}

async function attempt(role: Role, path: FhirPath, type: Resource): Promise<FhirResponse<Record<string, unknown>>> {
  const who = people[role].browser;
  const url = `${c.orgId}/${type}/${signed[type].id}`;
  switch (path) {
    case 'PUT':
      return fhir(server, who, 'PUT', url, changed(type));
    case 'PUT If-Match':
      return fhir(server, who, 'PUT', url, changed(type), { 'if-match': `W/"${signed[type].versionId}"` });
    case 'DELETE':
      return fhir(server, who, 'DELETE', url);
    case 'PATCH':
      return fhir(server, who, 'PATCH', url, [{ op: 'replace', path: '/status', value: 'preliminary' }], {
        'content-type': 'application/json-patch+json',
      });
    case 'POST same id':
      return fhir(server, who, 'POST', `${c.orgId}/${type}`, { ...changed(type), id: signed[type].id });
  }
}

const MATRIX: [Role, FhirPath, Resource][] = ROLES.flatMap((role) =>
  FHIR_PATHS.flatMap((path) => RESOURCES.map((type): [Role, FhirPath, Resource] => [role, path, type])),
);

describe('a finalized case is immutable (issue 24 item 1)', () => {
  it.each(MATRIX)('%s: FHIR %s of the signed %s is not accepted', async (role, path, type) => {
    const res = await attempt(role, path, type);
    if (path === 'POST same id') {
      // A create never takes the client's id: whatever it made is a new resource, not the signed one.
      if (res.status === 201) expect(res.body.id).not.toBe(signed[type].id);
      else expect(res.status).toBeGreaterThanOrEqual(400);
    } else if (path === 'PATCH') {
      expect(res.status).toBeGreaterThanOrEqual(400);
    } else {
      expect(res.status).toBe(423);
      expect(JSON.stringify(res.body)).toContain(SIGNED_RECORD);
    }
    const now = await fhir<{ meta: { versionId: string } }>(
      server,
      people.admin.browser,
      'GET',
      `${c.orgId}/${type}/${signed[type].id}`,
    );
    expect(now.status).toBe(200);
    expect(now.body.meta.versionId).toBe(signed[type].versionId);
  });

  it.each(ROLES)(
    '%s: the desk’s appointment operations (issue 40) on the signed Appointment are refused',
    async (role) => {
      const operations: [string, unknown][] = [
        ['reschedule', { start: '2030-01-02T09:00:00.000Z', end: '2030-01-02T10:00:00.000Z' }],
        ['cancel', { reason: 'Forged' }],
        ['status', { status: 'noshow' }],
        ['status', { status: 'entered-in-error' }],
      ];
      for (const [operation, body] of operations) {
        const res = await fetch(`${server.url}/api/appointments/${c.orgId}/${c.caseId}/${operation}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: cookieOf(people[role]) },
          body: JSON.stringify(body),
        });
        expect([operation, res.status, ((await res.json()) as { error?: string }).error]).toEqual([
          operation,
          423,
          SIGNED_RECORD,
        ]);
      }
      const now = await fhir<{ meta: { versionId: string } }>(
        server,
        people.admin.browser,
        'GET',
        `${c.orgId}/Appointment/${c.caseId}`,
      );
      expect(now.body.meta.versionId).toBe(signed.Appointment.versionId);
    },
  );

  it.each(ROLES)('%s: finalize again is refused', async (role) => {
    const reply = await finalize(server, people[role].browser, c.orgId, c.caseId, {
      signature: SIGNATURE,
      contentHash: '0'.repeat(40),
    });
    expect(reply.status).toBeGreaterThanOrEqual(400);
  });

  it.each(ROLES)('%s: a sync socket update to the case document is refused and not stored', async (role) => {
    const writer = connectVigilClient(server.url, `${c.orgId}/${c.caseId}`, {
      params: { token: people[role].browser.token! },
    });
    try {
      await eventually(() => expect(writer.provider.status.refused).toBe('FINALIZED'), 15_000);
      const answered = saveAnswered(writer.provider);
      writer.doc.getMap(CASE_ROOT).set('procedure', `Rewritten by ${role}`);
      // The server's answer to the save, then what the server holds.
      expect((await answered).refused).toBe('FINALIZED');
    } finally {
      writer.destroy();
    }
    expect(await caseContent()).toEqual(signedContent);
  });

  it('offers no GraphQL mutation that takes a case, composition, appointment or PDF id', async () => {
    const r = await people.admin.browser.gql<{
      __schema: { mutationType: { fields: { name: string; args: { name: string }[] }[] } };
    }>('{ __schema { mutationType { fields { name args { name } } } } }');
    const touching = r.data!.__schema.mutationType.fields.filter((f) =>
      f.args.some((a) => /^(caseId|compositionId|appointmentId|pdfId|binaryId|resourceId)$/i.test(a.name)),
    );
    // The health history's mutations take a history's Composition id; a case's is refused (404).
    // The form-task mutations (issue 28) write the Appointment's task extensions: a finalized
    // case's Appointment is refused. A comment names the appointment but is its own resource.
    // A bridge's monitor picked for a case (issue 38) charts into it: a finalized case is refused
    // FINALIZED (bridges/service.test.ts), and the room refuses every write to it anyway; so is a
    // bridge monitor's strip captured into it (captureBridgeWaveform, bridges/waves.test.ts).
    expect(touching.map((f) => f.name).sort()).toEqual([
      'addFormTasksToAppointment',
      'addPatientComment',
      'captureBridgeWaveform',
      'chartBridgeMonitor',
      'copyHhx',
      'deleteAppointmentTask',
      'finalizeHhx',
      'sendAppointmentForm',
      // Issue 40: the pre-op list's NPO mark on the Appointment; a finalized case's is refused below.
      'setPreopNpo',
      'showAppointmentFormQr',
    ]);
    for (const mutation of [
      'mutation ($o: String!, $c: String!) { finalizeHhx(orgId: $o, compositionId: $c) { checkSum } }',
      'mutation ($o: String!, $c: String!) { copyHhx(orgId: $o, compositionId: $c) { id } }',
    ]) {
      const refused = await people.admin.browser.gql(mutation, { o: c.orgId, c: c.caseId });
      expect(refused.errors?.length, mutation).toBeGreaterThan(0);
    }
    const form = await people.admin.browser.gql<{ createTextBodyForm: { id: string; name: string }[] }>(
      'mutation ($o: String!) { createTextBodyForm(orgId: $o, properties: { name: "Pre-op instructions" }) { id name } }',
      { o: c.orgId },
    );
    expect(form.code).toBeFalsy();
    const formId = form.data!.createTextBodyForm.find((f) => f.name === 'Pre-op instructions')!.id;
    const attach = await people.admin.browser.gql(
      'mutation ($o: String!, $c: String!, $f: String!) { addFormTasksToAppointment(orgId: $o, formIds: [$f], appointmentId: $c) { fhirJSON } }',
      { o: c.orgId, c: c.caseId, f: formId },
    );
    expect(attach.code).toBe('SIGNED_RECORD');
    // No task can be attached, so none can be shown as a QR code: refused, nothing written.
    const qr = await people.admin.browser.gql(
      'mutation ($o: String!, $c: String!) { showAppointmentFormQr(orgId: $o, appointmentTaskId: "task-any", appointmentId: $c) { url } }',
      { o: c.orgId, c: c.caseId },
    );
    expect(qr.errors?.length).toBeGreaterThan(0);
    const npo = await people.admin.browser.gql(
      'mutation ($o: String!, $c: String!) { setPreopNpo(orgId: $o, appointmentId: $c, given: true) { appointmentId } }',
      { o: c.orgId, c: c.caseId },
    );
    expect(npo.code).toBe('SIGNED_RECORD');
    const appointment = await fhir<{ meta: { versionId: string } }>(
      server,
      people.admin.browser,
      'GET',
      `${c.orgId}/Appointment/${c.caseId}`,
    );
    expect(appointment.body.meta.versionId).toBe(signed.Appointment.versionId);
  });

  it('serves the signed bytes through a share link, and the server confirms their SHA-256', async () => {
    const share = await people.recorder.browser.gql<{ pdfUrl: { url: string } }>(
      'query ($o: String!, $p: String!) { pdfUrl(orgId: $o, pdfId: $p, shared: true) { url } }',
      { o: c.orgId, p: pdfId },
    );
    const res = await fetch(share.data!.pdfUrl.url.replace(/^https?:\/\/[^/]+/, server.url));
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(sha256(bytes)).toBe(signedSha);
    const verify = await fetch(`${server.url}/api/report-pdf/verify/${c.orgId}/${c.caseId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/pdf', cookie: cookieOf(people.recorder) },
      body: Buffer.from(bytes),
    });
    expect(await verify.json()).toMatchObject({ signed: true, current: true, pdfId, sha256: signedSha });
  });

  it('still takes an addendum from a provider, and the audited, sudo-confirmed unfinalize', async () => {
    const added = await addAddendum(server, people.provider.browser, c.orgId, c.caseId, {
      title: 'Late entry',
      text: 'Called the next day: doing well.',
      signerName: 'Dr Provider',
      signature: SIGNATURE,
    });
    expect(added.status).toBe(201);
    const amended = await fhir<{ status: string }>(
      server,
      people.admin.browser,
      'GET',
      `${c.orgId}/Composition/${c.caseId}`,
    );
    expect(amended.body.status).toBe('amended');

    // Unfinalize: the flag, then a fresh sudo.
    const flag = await people.admin.browser.gql(
      'mutation ($o: String!) { addOrgFeature(orgId: $o, featureName: "adminUnfinalize") { name } }',
      { o: c.orgId },
    );
    expect(flag.code).toBeUndefined();
    const unfinalize = (): Promise<Response> =>
      fetch(`${server.url}/api/finalize/${c.orgId}/${c.caseId}/unfinalize`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: cookieOf(people.admin) },
        body: '{}',
      });
    const withoutSudo = await unfinalize();
    expect(withoutSudo.status).toBe(403);
    expect(await withoutSudo.json()).toEqual({ error: 'SUDO_REQUIRED' });
    await sudo(server, people.admin);
    expect((await unfinalize()).status).toBe(200);

    // The case is open again: its Composition takes a change; the signed PDFs stay immutable.
    const cmp = await fhir<Record<string, unknown>>(
      server,
      people.admin.browser,
      'GET',
      `${c.orgId}/Composition/${c.caseId}`,
    );
    const { meta: _meta, ...body } = cmp.body;
    expect(
      (await fhir(server, people.provider.browser, 'PUT', `${c.orgId}/Composition/${c.caseId}`, body)).status,
    ).toBe(200);
    for (const id of [pdfId, added.body.pdfId as string]) {
      expect((await fhir(server, people.admin.browser, 'DELETE', `${c.orgId}/Binary/${id}`)).status).toBe(423);
    }
  });
});
