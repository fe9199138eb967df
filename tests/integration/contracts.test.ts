import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { appointmentTasks, type Appointment, type Contract } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pixelBombPngDataUrl, pngDataUrl } from '../utils/png.js';
import { startServer, type TestServer } from '../utils/start-server.js';
import { outbox } from './accounts-client.js';
import { fhir } from './fhir-helpers.js';
import { formsWorld, newAppointment, type FormsWorld, type FormView } from './forms-helpers.js';

/*
 * The patient's link and the signed contract against the real server (issue 28): the birth-date
 * challenge, a submission validated field by field, a Contract stored and the task completed, a
 * used, revoked or expired link refused, the contract PDF for its own organisation only, and the
 * XSS corpus through a submitted form reaching the PDF only as text.
 */

const ADD = `mutation ($formIds: [String!]!, $appointmentId: String!) {
  addFormTasksToAppointment(orgId: "office", formIds: $formIds, appointmentId: $appointmentId) { fhirJSON } }`;
const SEND = `mutation ($taskId: String!, $appointmentId: String!) {
  sendAppointmentForm(orgId: "office", appointmentTaskId: $taskId, appointmentId: $appointmentId, to: "+14155552671", channel: "sms") { fhirJSON } }`;

const XSS = '<script>alert(1)</script>';
/**
 * ~50 KB of PNG that decodes to 400 megapixels (issue 35 item 7: a minute and 9.5 GB per print).
 * Made before any request: deflating it holds the event loop for seconds, and a keep-alive
 * connection the server closes meanwhile would be reused as if open.
 */
const BOMB = pixelBombPngDataUrl(20000, 20000);

async function api(
  server: TestServer,
  method: string,
  p: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${server.url}/api/${p}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('patient form links and signed contracts (issue 28)', () => {
  let w: FormsWorld;
  let appointmentId = '';
  let formId = '';

  /** Adds the form to the appointment, sends it by SMS and answers the token from the outbox. */
  async function sendLink(form = formId): Promise<{ token: string; taskId: string }> {
    const added = await w.admin.browser.gql<{ addFormTasksToAppointment: { fhirJSON: string } }>(ADD, {
      formIds: [form],
      appointmentId,
    });
    const appointment = JSON.parse(added.data!.addFormTasksToAppointment.fhirJSON) as Appointment;
    const taskId = appointmentTasks(appointment).find((t) => t.extId === form && t.status !== 'completed')!.id;
    const sent = await w.admin.browser.gql(SEND, { taskId, appointmentId });
    expect(sent.code).toBeUndefined();
    const sms = (await outbox(w.server.url, '+14155552671')).at(-1)!;
    return { token: /\/patient-form\/([A-Za-z0-9_-]{43})$/.exec(sms.body)![1]!, taskId };
  }

  beforeAll(async () => {
    w = await formsWorld({ prefix: 'contracts' });
    ({ appointmentId } = await newAppointment(w, 'Maria'));
    const made = await w.admin.browser.gql<{ createOrgForm: FormView[] }>(
      `mutation ($p: OrgFormProperties!) { createOrgForm(orgId: "office", properties: $p) { id name } }`,
      {
        p: {
          name: 'Sedation consent',
          markdown: `# Consent\n\nI, **{{signerName}}**, weigh {{weight}}. Notes: {{notes}}\n\n${XSS}\n\n[x](javascript:alert(1))`,
          challenge: true,
          fields: [
            { name: 'photo', label: 'Photo', type: 'selfie', required: true },
            { name: 'weight', label: 'Weight', type: 'bodyWeight', required: true },
            { name: 'allergies', label: 'Allergies', type: 'allergies', required: true },
            { name: 'notes', label: 'Notes', type: 'text', required: false },
          ],
          requireSignature: true,
        },
      },
    );
    formId = made.data!.createOrgForm.find((f) => f.name === 'Sedation consent')!.id;
  }, 300_000);
  afterAll(async () => {
    await w?.server.dispose();
  });

  let contractId = '';

  it('opens after the birth date, refuses a wrong one with the attempts left, and stores the signed Contract', async () => {
    const { token, taskId } = await sendLink();
    const first = await api(w.server, 'GET', `patient-forms/${token}`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ orgName: 'Bright Smile Dental', challenge: true, form: null });
    expect(JSON.stringify(first.body)).not.toContain('Maria');

    const wrong = await api(w.server, 'POST', `patient-forms/${token}/open`, { birthDate: '1990-05-18' });
    expect(wrong).toEqual({ status: 403, body: { error: 'CHALLENGE_FAILED', attemptsLeft: 4 } });
    const opened = await api(w.server, 'POST', `patient-forms/${token}/open`, { birthDate: '1990-05-17' });
    expect(opened.status).toBe(200);
    expect(opened.body.form).toMatchObject({
      taskId,
      formId,
      name: 'Sedation consent',
      checkboxText: 'I have read and agree to the above.',
      values: { patientName: 'Maria Lopez' },
    });

    const signature = pngDataUrl(300, 100);
    const selfie = pngDataUrl(480, 480);
    const values = {
      photo: selfie,
      weight: '150 lb',
      allergies: [{ name: `<img src=x onerror=alert(1)>`, reaction: 'hives' }],
      signerName: XSS,
      signature,
    };
    const incomplete = await api(w.server, 'POST', `patient-forms/${token}/submit`, {
      birthDate: '1990-05-17',
      accepted: false,
      values: { ...values, weight: '' },
    });
    expect(incomplete).toEqual({
      status: 400,
      body: { error: 'INCOMPLETE', missing: ['Weight', 'I have read and agree to the above.'] },
    });
    for (const bad of [
      { ...values, photo: pngDataUrl(200, 200) },
      { ...values, signature: 'data:image/svg+xml;base64,PHN2Zz4=' },
      { ...values, unknownField: 'x' },
      { ...values, weight: 'x'.repeat(41) },
    ]) {
      const refused = await api(w.server, 'POST', `patient-forms/${token}/submit`, {
        birthDate: '1990-05-17',
        accepted: true,
        values: bad,
      });
      expect(refused.body.error).toBe('INVALID_INPUT');
    }
    const noBirthDate = await api(w.server, 'POST', `patient-forms/${token}/submit`, { accepted: true, values });
    expect(noBirthDate.body.error).toBe('CHALLENGE_FAILED');

    const done = await api(w.server, 'POST', `patient-forms/${token}/submit`, {
      birthDate: '1990-05-17',
      accepted: true,
      values,
    });
    expect(done.status).toBe(200);
    contractId = done.body.contractId as string;

    const contract = (await fhir<Contract>(w.server, w.admin.browser, 'GET', `office/Contract/${contractId}`)).body;
    expect(contract).toMatchObject({
      status: 'executed',
      title: 'Sedation consent',
      subject: [{ reference: expect.stringMatching(/^Patient\//) as string }],
    });
    expect(contract.signer![0]!.signature[0]!.data).toBe(signature.slice('data:image/png;base64,'.length));
    const text = Buffer.from(contract.legal![0]!.contentAttachment!.data!, 'base64').toString('utf8');
    // The typed answer is kept as text inside the Markdown (issue 35 item 9): its punctuation escaped.
    expect(text).toContain('I, **\\<script\\>alert\\(1\\)\\<\\/script\\>**, weigh 150 lb. Notes: (blank)');
    const stored = await fhir<Appointment>(w.server, w.admin.browser, 'GET', `office/Appointment/${appointmentId}`);
    expect(appointmentTasks(stored.body).find((t) => t.id === taskId)).toMatchObject({
      status: 'completed',
      fhirRef: `Contract/${contractId}`,
    });

    // Single use: the same link is refused now, for reading and for submitting.
    expect(await api(w.server, 'GET', `patient-forms/${token}`)).toEqual({ status: 410, body: { error: 'LINK_USED' } });
    const again = await api(w.server, 'POST', `patient-forms/${token}/submit`, {
      birthDate: '1990-05-17',
      accepted: true,
      values,
    });
    expect(again).toEqual({ status: 410, body: { error: 'LINK_USED' } });
  });

  it('serves the contract PDF to the organisation only; the XSS corpus is printed as text', async () => {
    const res = await fetch(`${w.server.url}/api/contract/office/${contractId}`, {
      headers: { cookie: [...w.member.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const file = path.join(tmpdir(), `contract-${contractId}.pdf`);
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    rmSync(file, { force: true });
    expect(text).toContain('Sedation consent');
    expect(text).toContain('Maria Lopez');
    expect(text).toContain('150 lb');
    // Each answer under its field's label as the patient read it, never the field's name.
    expect(text).toMatch(/Weight\s+150 lb/);
    expect(text).toMatch(/Allergies\s+<img src=x onerror=alert\(1\)> — hives/);
    // The typed script and the image tag are shown as text: they were never markup.
    expect(text).toContain('<script>alert(1)</script>');
    expect(text).toContain('<img src=x onerror=alert(1)>');
    expect(text).toContain('Signed by <script>alert(1)</script>');

    const cookie = (b: typeof w.admin.browser): string => [...b.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const asOther = await fetch(`${w.server.url}/api/contract/office/${contractId}`, {
      headers: { cookie: cookie(w.otherAdmin.browser) },
    });
    expect(asOther.status).toBe(403);
    // Under the caller's own organisation the id is not found: ids never cross organisations.
    const underOwn = await fetch(`${w.server.url}/api/contract/elsewhere/${contractId}`, {
      headers: { cookie: cookie(w.otherAdmin.browser) },
    });
    expect(underOwn.status).toBe(404);
    expect((await fetch(`${w.server.url}/api/contract/office/${contractId}`)).status).toBe(401);
    const withoutMfa = await fetch(`${w.server.url}/api/contract/office/${contractId}`, {
      headers: { cookie: cookie(w.browsers.adminWithoutMfa) },
    });
    expect(withoutMfa.status).toBe(401);
  });

  /** The form's link opened (birth date given) and its token. */
  async function openedLink(): Promise<string> {
    const { token } = await sendLink();
    expect((await api(w.server, 'POST', `patient-forms/${token}/open`, { birthDate: '1990-05-17' })).status).toBe(200);
    return token;
  }

  it('refuses a 20000 × 20000 signature from the public link with a clear error, and takes the answers again with a valid one', async () => {
    const bomb = BOMB;
    expect(bomb.length).toBeLessThan(100_000);
    const valid = pngDataUrl(1320, 600);
    const token = await openedLink();
    const values = { photo: pngDataUrl(480, 480), weight: '150 lb', allergies: [], signerName: 'Ana', signature: bomb };
    const refused = await api(w.server, 'POST', `patient-forms/${token}/submit`, {
      birthDate: '1990-05-17',
      accepted: true,
      values,
    });
    expect(refused).toEqual({
      status: 400,
      body: {
        error: 'INVALID_INPUT',
        issues: [
          {
            severity: 'error',
            code: 'INVALID_IMAGE',
            path: ['signature'],
            message: 'The image is too large: it may be at most 3000 × 1500 pixels.',
          },
        ],
      },
    });
    // Nothing was kept of the refused submission, and the link still takes the same answers.
    const done = await api(w.server, 'POST', `patient-forms/${token}/submit`, {
      birthDate: '1990-05-17',
      accepted: true,
      values: { ...values, signature: valid },
    });
    expect(done.status).toBe(200);
  });

  it("refuses image data past its bounds over FHIR and in a form: a photo Binary, a patient's photo, a form's image", async () => {
    const bomb = BOMB.slice('data:image/png;base64,'.length);
    const binary = await fhir(w.server, w.member.browser, 'POST', 'office/Binary', {
      resourceType: 'Binary',
      contentType: 'image/png',
      data: bomb,
    });
    expect(binary.status).toBe(400);
    expect(JSON.stringify(binary.body)).toContain('The image is too large: it may be at most 4096 × 4096 pixels.');
    const patient = await fhir(w.server, w.member.browser, 'POST', 'office/Patient', {
      resourceType: 'Patient',
      name: [{ family: 'Photo', given: ['Big'] }],
      photo: [{ contentType: 'image/png', data: bomb }],
    });
    expect(patient.status).toBe(400);
    const form = await w.admin.browser.gql(
      `mutation ($p: OrgFormProperties!) { createOrgForm(orgId: "office", properties: $p) { id } }`,
      { p: { name: 'Big picture', markdown: `![logo](data:image/png;base64,${bomb})`, fields: [] } },
    );
    expect(form.code).toBeDefined();
  });

  it("prints the patient's typed answers literally in the signed contract; the office's Markdown stays formatted", async () => {
    const typed = '**bold** [link](http://x) # heading <img src=x>';
    const made = await w.admin.browser.gql<{ createOrgForm: FormView[] }>(
      `mutation ($p: OrgFormProperties!) { createOrgForm(orgId: "office", properties: $p) { id name } }`,
      {
        p: {
          name: 'Typed consent',
          markdown: '# Typed consent\n\nI, {{signerName}}, agree to **sedation** today.',
          fields: [],
          requireSignature: true,
        },
      },
    );
    const { token } = await sendLink(made.data!.createOrgForm.find((f) => f.name === 'Typed consent')!.id);
    const done = await api(w.server, 'POST', `patient-forms/${token}/submit`, {
      accepted: true,
      values: { signerName: typed, signature: pngDataUrl(660, 300) },
    });
    expect(done.status).toBe(200);
    const res = await fetch(`${w.server.url}/api/contract/office/${done.body.contractId as string}`, {
      headers: { cookie: [...w.member.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(res.status).toBe(200);
    const file = path.join(tmpdir(), `contract-typed-${done.body.contractId as string}.pdf`);
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    rmSync(file, { force: true });
    // The answer as typed, in the sentence and in the answers; the office's bold is bold, not asterisks.
    expect(text.replace(/\s+/g, ' ')).toContain(`I, ${typed}, agree to sedation today.`);
    expect(text).not.toContain('**sedation**');
    expect(text).toMatch(/Signer Name\s+\*\*bold\*\* \[link\]\(http:\/\/x\) # heading <img src=x>/);
  });

  it('locks a link after 5 wrong birth dates, revokes an older link when sent again, refuses unknown tokens', async () => {
    const { token } = await sendLink();
    const answers = [];
    for (let i = 0; i < 5; i += 1) {
      answers.push(await api(w.server, 'POST', `patient-forms/${token}/open`, { birthDate: '2001-01-01' }));
    }
    expect(answers.map((a) => a.body.attemptsLeft ?? a.body.error)).toEqual([4, 3, 2, 1, 'CHALLENGE_LOCKED']);
    const locked = await api(w.server, 'POST', `patient-forms/${token}/open`, { birthDate: '1990-05-17' });
    expect(locked).toEqual({ status: 423, body: { error: 'CHALLENGE_LOCKED' } });

    const { token: older, taskId } = await sendLink();
    const newer = await w.admin.browser.gql(SEND, { taskId, appointmentId });
    expect(newer.code).toBeUndefined();
    expect(await api(w.server, 'GET', `patient-forms/${older}`)).toEqual({
      status: 410,
      body: { error: 'LINK_REVOKED' },
    });
    expect((await api(w.server, 'GET', `patient-forms/${'A'.repeat(43)}`)).status).toBe(404);
    expect((await api(w.server, 'GET', 'patient-forms/short')).status).toBe(404);
  });

  it('refuses an expired link (7 days)', async () => {
    const { token } = await sendLink();
    expect((await api(w.server, 'GET', `patient-forms/${token}`)).status).toBe(200);
    const dataDir = w.server.dataDir;
    await w.server.stop();
    const later = await startServer({
      dataDir,
      env: { VIGIL_TEST_CLOCK_OFFSET_MS: String(7 * 24 * 3600 * 1000 + 60_000) },
    });
    try {
      expect(await api(later, 'GET', `patient-forms/${token}`)).toEqual({
        status: 410,
        body: { error: 'LINK_EXPIRED' },
      });
    } finally {
      await later.stop();
    }
  });
});
