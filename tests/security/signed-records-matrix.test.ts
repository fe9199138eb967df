import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPOINTMENT_EXTENSIONS,
  appointmentTasks,
  PATIENT_HEALTH_HISTORY_TYPE,
  SIGNED_SECURITY_LABEL,
  type Appointment,
  type Bundle,
  type Communication,
  type Contract,
} from '@vigil/shared';
import { SIGNED_RECORD } from '../../sync-server/src/fhir/signed-records.js';
import { outbox, type Browser } from '../integration/accounts-client.js';
import { codeOf, fhir, patientBody, type FhirResponse } from '../integration/fhir-helpers.js';
import { adminCli, createOrg, join, person, sudo, type Person } from '../integration/orgs-helpers.js';
import { addAddendum, chartedCase, finalize, SIGNATURE } from '../integration/report-helpers.js';
import { uniqueOrgId } from '../utils/members.js';
import { pngDataUrl } from '../utils/png.js';
import { startServer, type TestServer } from '../utils/start-server.js';

/*
 * Issue 35 item 3: "signed" is a property of the record ([SG1]), decided by one write guard
 * (fhir/signed-records.ts guardWrite) that every write passes. A GENERATED matrix: every client
 * write path (FHIR PUT, PUT with the current If-Match, DELETE, PATCH, POST with the same id, a
 * batch Bundle) × every kind of record a person signed (the anesthesia record, its signed PDF,
 * the signed case's Appointment, an addendum's PDF, a signed health history, the patient's
 * consent Contract, the patient's answers) × every role that reaches the organisation → refused
 * with SIGNED_RECORD (or the route's own refusal), the stored record byte for byte as it was.
 * Then what only the server writes ([SG2]: a Contract, the patient's answers, a comment and its
 * author, the signed report's link the cases list reads, a form task's completion, a document's
 * final status, the signed label) is refused from every role; and the server's own flows still work.
 */

const ROLES = ['admin', 'provider', 'frontDesk', 'parentAdmin', 'uber'] as const;
type Role = (typeof ROLES)[number];
const KINDS = [
  'anesthesia record',
  'signed report PDF',
  'signed case appointment',
  'addendum PDF',
  'signed health history',
  'consent contract',
  'patient answers',
] as const;
type Kind = (typeof KINDS)[number];
const PATHS = ['PUT', 'PUT If-Match', 'DELETE', 'PATCH', 'POST same id', 'batch Bundle'] as const;
type WritePath = (typeof PATHS)[number];

const TYPE_OF: Record<Kind, string> = {
  'anesthesia record': 'Composition',
  'signed report PDF': 'Binary',
  'signed case appointment': 'Appointment',
  'addendum PDF': 'Binary',
  'signed health history': 'Composition',
  'consent contract': 'Contract',
  'patient answers': 'Composition',
};
const CONSENT_TEXT = 'I, {{signerName}}, consent to moderate sedation for my child.';
const FORGED_TEXT = 'I waive every claim against the practice.';
const PHONE = '+14155552671';

let server: TestServer;
let org: string;
const people = {} as Record<Role, Person>;
const ids = {} as Record<Kind, string>;
/** Each signed record as the server served it once set up: the text every refused write must leave. */
const stored = {} as Record<Kind, string>;
let formId: string;
let patientId: string;

const cookieOf = (b: Browser): string => [...b.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

async function gqlOk<T>(who: Person, query: string, variables: Record<string, unknown>): Promise<T> {
  const r = await who.browser.gql<T>(query, variables);
  if (r.code || !r.data) throw new Error(`${query.slice(0, 60)}: ${r.code ?? 'no data'}`);
  return r.data;
}

/** The resource exactly as the API serves it (its stored JSON). */
async function raw(type: string, id: string): Promise<string> {
  const res = await fetch(`${server.url}/api/fhir/${org}/${type}/${id}`, {
    headers: { cookie: cookieOf(people.admin.browser) },
  });
  expect(res.status).toBe(200);
  return res.text();
}

const ADD_TASK = `mutation ($o: String!, $f: [String!]!, $a: String!) {
  addFormTasksToAppointment(orgId: $o, formIds: $f, appointmentId: $a) { fhirJSON } }`;
const SEND = `mutation ($o: String!, $t: String!, $a: String!, $to: String!) {
  sendAppointmentForm(orgId: $o, appointmentTaskId: $t, appointmentId: $a, to: $to, channel: "sms") { fhirJSON } }`;

/** A booked appointment of the patient with the consent form sent by SMS: its id, the task and the link's token. */
async function sentForm(): Promise<{ appointmentId: string; taskId: string; token: string }> {
  const appointment = await fhir<{ id: string }>(server, people.admin.browser, 'POST', `${org}/Appointment`, {
    resourceType: 'Appointment',
    status: 'booked',
    start: '2026-12-01T15:00:00.000Z',
    end: '2026-12-01T16:00:00.000Z',
    participant: [{ actor: { reference: `Patient/${patientId}` }, status: 'accepted' }],
  });
  expect(appointment.status).toBe(201);
  const appointmentId = appointment.body.id;
  const added = await gqlOk<{ addFormTasksToAppointment: { fhirJSON: string } }>(people.admin, ADD_TASK, {
    o: org,
    f: [formId],
    a: appointmentId,
  });
  const taskId = appointmentTasks(JSON.parse(added.addFormTasksToAppointment.fhirJSON) as Appointment)[0]!.id;
  await gqlOk(people.admin, SEND, { o: org, t: taskId, a: appointmentId, to: PHONE });
  const sms = (await outbox(server.url, PHONE)).at(-1)!;
  return { appointmentId, taskId, token: /\/patient-form\/([A-Za-z0-9_-]{43})$/.exec(sms.body)![1]! };
}

/** The patient answers the form on the phone: the Contract's id. */
async function submitForm(token: string): Promise<string> {
  const res = await fetch(`${server.url}/api/patient-forms/${token}/submit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      accepted: true,
      values: {
        signerName: 'Maria Lopez',
        signature: pngDataUrl(300, 100),
        history: { answers: { cardiac: 'no', renal: 'no', surgery: 'no', pulmonary: 'no' } },
        allergies: [{ name: 'Peanut', reaction: 'anaphylaxis' }],
        meds: [],
      },
    }),
  });
  const body = (await res.json()) as { contractId?: string };
  expect(res.status).toBe(200);
  return body.contractId!;
}

/** The contract PDF's text as the office prints it. */
async function contractPdfText(contractId: string): Promise<string> {
  const res = await fetch(`${server.url}/api/contract/${org}/${contractId}`, {
    headers: { cookie: cookieOf(people.frontDesk.browser) },
  });
  expect(res.status).toBe(200);
  const file = path.join(tmpdir(), `signed-matrix-${contractId}.pdf`);
  writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(file, { force: true });
  }
}

beforeAll(async () => {
  server = await startServer({ timeoutMs: 60_000 });
  const tag = uniqueOrgId('srm');
  org = `${tag}-office`;
  const group = `${tag}-group`;
  const [admin, provider, frontDesk, parentAdmin, uber] = await Promise.all(
    ROLES.map((r) => person(server, `${r.toLowerCase()}-${tag}@vigil.test`)),
  );
  Object.assign(people, { admin, provider, frontDesk, parentAdmin, uber });
  expect((await createOrg(admin!, org)).code).toBeUndefined();
  expect((await createOrg(parentAdmin!, group, 'parent')).code).toBeUndefined();
  expect((await adminCli(server, 'make-uber', uber!.email)).code).toBe(0);
  await gqlOk(
    uber!,
    'mutation ($o: String!, $g: ID!) { updateOrg(orgId: $o, properties: { parentOrgs: [$g] }) { id } }',
    {
      o: org,
      g: group,
    },
  );
  await sudo(server, uber!);
  await gqlOk(uber!, 'mutation ($o: String!) { addOrgFeature(orgId: $o, featureName: "formBuilder") { name } }', {
    o: org,
  });
  await join(server, admin!, org, provider!, ['member', 'provider']);
  await join(server, admin!, org, frontDesk!, ['member']);

  // A case charted, signed and amended: its Composition, its Appointment and both PDFs.
  const c = await chartedCase(server, {
    email: admin!.email,
    orgId: org,
    token: admin!.browser.token!,
    browser: admin!.browser,
  });
  const reply = await finalize(server, admin!.browser, org, c.caseId, { signature: SIGNATURE, contentHash: c.hash() });
  expect(reply.lines.at(-1)?.step).toBe('done');
  c.client.destroy();
  const added = await addAddendum(server, provider!.browser, org, c.caseId, {
    title: 'Late entry',
    text: 'Called the next day: doing well.',
    signerName: 'Dr Provider',
    signature: SIGNATURE,
  });
  expect(added.status).toBe(201);
  ids['anesthesia record'] = c.caseId;
  ids['signed case appointment'] = c.caseId;
  ids['signed report PDF'] = reply.lines.at(-1)!.data!.pdfId as string;
  ids['addendum PDF'] = added.body.pdfId as string;

  // The patient's consent and answers, sent from the phone.
  const patient = await fhir<{ id: string }>(
    server,
    admin!.browser,
    'POST',
    `${org}/Patient`,
    patientBody('Maria', 'Lopez'),
  );
  patientId = patient.body.id;
  const made = await gqlOk<{ createOrgForm: { id: string; name: string }[] }>(
    admin!,
    'mutation ($o: String!, $p: OrgFormProperties!) { createOrgForm(orgId: $o, properties: $p) { id name } }',
    {
      o: org,
      p: {
        name: 'Sedation consent',
        markdown: CONSENT_TEXT,
        challenge: false,
        fields: [
          { name: 'history', label: 'Health history', type: 'healthHistory', required: true },
          { name: 'allergies', label: 'Allergies', type: 'allergies', required: true },
          { name: 'meds', label: 'Medications', type: 'medications', required: true },
        ],
        requireSignature: true,
      },
    },
  );
  formId = made.createOrgForm.find((f) => f.name === 'Sedation consent')!.id;
  ids['consent contract'] = await submitForm((await sentForm()).token);
  const type = `${PATIENT_HEALTH_HISTORY_TYPE.system}|${PATIENT_HEALTH_HISTORY_TYPE.code}`;
  const answers = await fhir<Bundle>(
    server,
    admin!.browser,
    'GET',
    `${org}/Composition?subject=Patient/${patientId}&type=${encodeURIComponent(type)}`,
  );
  ids['patient answers'] = answers.body.entry![0]!.resource!.id!;

  // A health history the provider signed.
  const hhx = await gqlOk<{ newHhx: { id: string } }>(
    provider!,
    'mutation ($o: String!, $p: String!) { newHhx(orgId: $o, patientId: $p) { id } }',
    { o: org, p: patientId },
  );
  ids['signed health history'] = hhx.newHhx.id;
  await gqlOk(
    provider!,
    'mutation ($o: String!, $c: String!, $s: String) { finalizeHhx(orgId: $o, compositionId: $c, signature: $s) { checkSum } }',
    { o: org, c: hhx.newHhx.id, s: SIGNATURE },
  );

  for (const kind of KINDS) stored[kind] = await raw(TYPE_OF[kind], ids[kind]);
}, 300_000);
afterAll(async () => {
  await server?.dispose();
});

/** What a forger would store instead: the same record with changed content (forged consent text included). */
function forged(kind: Kind): Record<string, unknown> {
  const { meta: _meta, ...body } = JSON.parse(stored[kind]) as Record<string, unknown>;
  switch (TYPE_OF[kind]) {
    case 'Binary':
      return { ...body, data: Buffer.from('%PDF-1.4 forged').toString('base64') };
    case 'Appointment':
      return { ...body, description: 'Forged' };
    case 'Contract': {
      const contract = body as unknown as Contract;
      return {
        ...body,
        legal: [
          {
            contentAttachment: {
              ...contract.legal![0]!.contentAttachment,
              data: Buffer.from(FORGED_TEXT).toString('base64'),
            },
          },
        ],
      };
    }
    default:
      return { ...body, title: 'Forged' };
  }
}

async function attempt(role: Role, p: WritePath, kind: Kind): Promise<FhirResponse> {
  const who = people[role].browser;
  const type = TYPE_OF[kind];
  const url = `${org}/${type}/${ids[kind]}`;
  switch (p) {
    case 'PUT':
      return fhir(server, who, 'PUT', url, forged(kind));
    case 'PUT If-Match': {
      const versionId = (JSON.parse(stored[kind]) as { meta: { versionId: string } }).meta.versionId;
      return fhir(server, who, 'PUT', url, forged(kind), { 'if-match': `W/"${versionId}"` });
    }
    case 'DELETE':
      return fhir(server, who, 'DELETE', url);
    case 'PATCH':
      return fhir(server, who, 'PATCH', url, [{ op: 'replace', path: '/status', value: 'preliminary' }], {
        'content-type': 'application/json-patch+json',
      });
    case 'POST same id':
      return fhir(server, who, 'POST', `${org}/${type}`, { ...forged(kind), id: ids[kind] });
    case 'batch Bundle':
      return fhir(server, who, 'POST', org, {
        resourceType: 'Bundle',
        type: 'transaction',
        entry: [
          { resource: forged(kind), request: { method: 'PUT', url: `${type}/${ids[kind]}` } },
          { request: { method: 'DELETE', url: `${type}/${ids[kind]}` } },
        ],
      });
  }
}

const MATRIX = ROLES.flatMap((role) =>
  PATHS.flatMap((p) => KINDS.map((kind): [Role, WritePath, Kind] => [role, p, kind])),
);

describe('a record a person signed is immutable on every client write path (issue 35 item 3)', () => {
  it.each(MATRIX)('%s: %s of the %s is refused and the record is unchanged', async (role, p, kind) => {
    const res = await attempt(role, p, kind);
    if (p === 'PUT' || p === 'PUT If-Match' || p === 'DELETE') {
      expect(res.status).toBe(423);
      expect(codeOf(res)).toBe(SIGNED_RECORD);
    } else if (p === 'POST same id' && res.status === 201) {
      // A create never takes the client's id: what it made is a new, unsigned resource (a Binary).
      expect((res.body as { id: string }).id).not.toBe(ids[kind]);
      expect(TYPE_OF[kind]).toBe('Binary');
    } else {
      expect(res.status).toBeGreaterThanOrEqual(400);
    }
    expect(await raw(TYPE_OF[kind], ids[kind])).toBe(stored[kind]);
  });

  it('still prints the patient’s own consent text above "Signed by" in the contract PDF', async () => {
    const text = await contractPdfText(ids['consent contract']);
    expect(text).toContain('I, Maria Lopez, consent to moderate sedation for my child.');
    expect(text).not.toContain(FORGED_TEXT);
    expect(text).toContain('Signed by Maria Lopez');
  });
});

describe('what only the server writes is refused from every role (issue 35 items 3 and 9)', () => {
  it.each(ROLES)('%s: cannot POST a Contract that marks a form task completed', async (role) => {
    const { appointmentId, taskId } = await sentForm();
    const contract = JSON.parse(stored['consent contract']) as Contract & { meta?: unknown };
    delete contract.meta;
    const res = await fhir(server, people[role].browser, 'POST', `${org}/Contract`, {
      ...contract,
      id: undefined,
      extension: (contract.extension ?? []).map((e) =>
        e.url.endsWith('contract-appointment')
          ? { ...e, valueReference: { reference: `Appointment/${appointmentId}` } }
          : e.url.endsWith('contract-task')
            ? { ...e, valueString: taskId }
            : e,
      ),
    });
    expect(res.status).toBe(403);
    expect(codeOf(res)).toBe('NOT_AUTHORIZED');
    const after = await fhir<Appointment>(server, people.admin.browser, 'GET', `${org}/Appointment/${appointmentId}`);
    expect(appointmentTasks(after.body).find((t) => t.id === taskId)?.status).toBe('sent');
    const contracts = await fhir<Bundle>(
      server,
      people.admin.browser,
      'GET',
      `${org}/Contract?subject=Patient/${patientId}`,
    );
    expect(contracts.body.entry?.map((e) => e.resource!.id)).toEqual([ids['consent contract']]);
  });

  it.each(ROLES)(
    '%s: cannot mark an unsigned case finalized with a forged PDF link, nor complete its task by hand',
    async (role) => {
      const { appointmentId, taskId } = await sentForm();
      const before = await raw('Appointment', appointmentId);
      const { meta: _meta, ...body } = JSON.parse(before) as Appointment;
      const withPdf = {
        ...body,
        extension: [
          ...(body.extension ?? []),
          { url: APPOINTMENT_EXTENSIONS.pdf, valueReference: { reference: `Binary/${ids['signed report PDF']}` } },
        ],
      };
      const completed = {
        ...body,
        extension: (body.extension ?? []).map((e) =>
          e.url === APPOINTMENT_EXTENSIONS.task
            ? {
                ...e,
                extension: e.extension!.map((f) => (f.url === 'status' ? { ...f, valueString: 'completed' } : f)),
              }
            : e,
        ),
      };
      for (const forgedBody of [withPdf, completed]) {
        const put = await fhir(server, people[role].browser, 'PUT', `${org}/Appointment/${appointmentId}`, forgedBody);
        expect(put.status).toBe(403);
        expect(codeOf(put)).toBe('NOT_AUTHORIZED');
      }
      const { id: _id, ...newBody } = withPdf;
      const post = await fhir(server, people[role].browser, 'POST', `${org}/Appointment`, newBody);
      expect(post.status).toBe(403);
      expect(await raw('Appointment', appointmentId)).toBe(before);
      expect(taskId).toBeTruthy();
    },
  );

  it.each(ROLES)(
    '%s: cannot create a patient-answers history, a final document or a record labelled signed',
    async (role) => {
      const answers = JSON.parse(stored['patient answers']) as Record<string, unknown>;
      const { meta: _m, id: _i, ...answersBody } = answers;
      const finalDocument = {
        resourceType: 'Composition',
        status: 'final',
        type: { text: 'Health History' },
        subject: { reference: `Patient/${patientId}` },
        date: '2026-11-28T10:00:00.000Z',
        author: [{ display: 'Someone' }],
        title: 'Health History',
      };
      const labelled = { ...patientBody('Forged', 'Label'), meta: { security: [{ ...SIGNED_SECURITY_LABEL }] } };
      for (const [type, body] of [
        ['Composition', answersBody],
        ['Composition', finalDocument],
        ['Patient', labelled],
      ] as const) {
        const res = await fhir(server, people[role].browser, 'POST', `${org}/${type}`, body);
        expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(403);
      }
    },
  );
});

const ADD_COMMENT = `mutation ($o: String!, $p: String!, $t: String!) {
  addPatientComment(orgId: $o, patientId: $p, text: $t) { fhirJSON } }`;
const EDIT_COMMENT =
  'mutation ($o: String!, $i: String!, $t: String!) { editPatientComment(orgId: $o, id: $i, text: $t) { fhirJSON } }';
const DELETE_COMMENT = 'mutation ($o: String!, $i: String!) { deletePatientComment(orgId: $o, id: $i) { fhirJSON } }';

describe('a comment is written under its author’s name by the server only (issue 35 item 9)', () => {
  it.each(ROLES)(
    '%s: cannot post, rewrite or delete a comment over FHIR, the provider’s stays as written',
    async (role) => {
      const made = await gqlOk<{ addPatientComment: { fhirJSON: string } }>(people.provider, ADD_COMMENT, {
        o: org,
        p: patientId,
        t: 'Mother reports peanut anaphylaxis.',
      });
      const comment = JSON.parse(made.addPatientComment.fhirJSON) as Communication & { id: string };
      const before = await raw('Communication', comment.id);
      const { meta: _meta, ...body } = comment as Communication & { meta?: unknown };
      const who = people[role].browser;
      const underAnotherName = { ...body, id: undefined, payload: [{ contentString: 'No allergies.' }] };
      const post = await fhir(server, who, 'POST', `${org}/Communication`, underAnotherName);
      const put = await fhir(server, who, 'PUT', `${org}/Communication/${comment.id}`, {
        ...body,
        payload: [{ contentString: 'No allergies.' }],
      });
      const del = await fhir(server, who, 'DELETE', `${org}/Communication/${comment.id}`);
      expect([post.status, put.status, del.status]).toEqual([403, 403, 403]);
      expect(await raw('Communication', comment.id)).toBe(before);
      const listed = await fhir<Bundle>(
        server,
        people.admin.browser,
        'GET',
        `${org}/Communication?subject=Patient/${patientId}`,
      );
      expect(listed.body.entry?.some((e) => JSON.stringify(e.resource).includes('No allergies.'))).toBe(false);
    },
  );

  it('lets the author edit and delete their own comment through the comment mutations, and no one else edit it', async () => {
    const made = await gqlOk<{ addPatientComment: { fhirJSON: string } }>(people.frontDesk, ADD_COMMENT, {
      o: org,
      p: patientId,
      t: 'Called to confirm fasting.',
    });
    const id = (JSON.parse(made.addPatientComment.fhirJSON) as { id: string }).id;
    expect((await people.provider.browser.gql(EDIT_COMMENT, { o: org, i: id, t: 'Rewritten' })).code).toBe(
      'NOT_AUTHORIZED',
    );
    const edited = await gqlOk<{ editPatientComment: { fhirJSON: string } }>(people.frontDesk, EDIT_COMMENT, {
      o: org,
      i: id,
      t: 'Called to confirm fasting from midnight.',
    });
    expect(edited.editPatientComment.fhirJSON).toContain('from midnight');
    await gqlOk(people.frontDesk, DELETE_COMMENT, { o: org, i: id });
  });
});

describe('the server’s own flows still write what they sign (issue 35 item 3)', () => {
  it('stores the Contract of a form the patient submits and completes its task', async () => {
    const { appointmentId, taskId, token } = await sentForm();
    const contractId = await submitForm(token);
    const appointment = await fhir<Appointment>(
      server,
      people.admin.browser,
      'GET',
      `${org}/Appointment/${appointmentId}`,
    );
    expect(appointmentTasks(appointment.body).find((t) => t.id === taskId)).toMatchObject({
      status: 'completed',
      fhirRef: `Contract/${contractId}`,
    });
    expect(await contractPdfText(contractId)).toContain('I, Maria Lopez, consent to moderate sedation for my child.');
  });

  it('merges the patient’s signed answers into a health history, noting where they went', async () => {
    const contractId = await submitForm((await sentForm()).token);
    const found = await fhir<Bundle>(
      server,
      people.admin.browser,
      'GET',
      `${org}/Composition?subject=Patient/${patientId}`,
    );
    const answersId = found.body.entry!.find((e) => JSON.stringify(e.resource).includes(`Contract/${contractId}`))!
      .resource!.id!;
    const merged = await people.provider.browser.gql<{ mergeHhx: { id: string } }>(
      'mutation ($o: String!, $a: String!) { mergeHhx(orgId: $o, answersId: $a, allergies: [0], medications: []) { id } }',
      { o: org, a: answersId },
    );
    expect(merged.code).toBeUndefined();
    expect(await raw('Composition', answersId)).toContain(`Composition/${merged.data!.mergeHhx.id}`);
  });

  it('signed the case, took its addendum and signed the health history through the server (the setup)', () => {
    expect(JSON.parse(stored['anesthesia record'])).toMatchObject({ status: 'amended' });
    expect(stored['signed case appointment']).toContain(`Binary/${ids['addendum PDF']}`);
    expect(JSON.parse(stored['signed health history'])).toMatchObject({ status: 'final' });
  });
});

describe('the cases list shows FINALIZED from the server’s storage (issue 35 item 9)', () => {
  it.each(ROLES)('%s: signedCases answers the signed case and not a booked one', async (role) => {
    const { appointmentId } = await sentForm();
    const r = await people[role].browser.gql<{ signedCases: string[] }>(
      'query ($o: String!, $c: [String!]!) { signedCases(orgId: $o, caseIds: $c) }',
      { o: org, c: [appointmentId, ids['anesthesia record'], 'no-such-case'] },
    );
    expect(r.code).toBeUndefined();
    expect(r.data!.signedCases).toEqual([ids['anesthesia record']]);
  });
});
