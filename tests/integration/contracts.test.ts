import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { appointmentTasks, type Appointment, type Contract } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngDataUrl } from '../utils/png.js';
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
  async function sendLink(): Promise<{ token: string; taskId: string }> {
    const added = await w.admin.browser.gql<{ addFormTasksToAppointment: { fhirJSON: string } }>(ADD, {
      formIds: [formId],
      appointmentId,
    });
    const appointment = JSON.parse(added.data!.addFormTasksToAppointment.fhirJSON) as Appointment;
    const taskId = appointmentTasks(appointment).find((t) => t.extId === formId && t.status !== 'completed')!.id;
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
    expect(text).toContain(`I, **${XSS}**, weigh 150 lb. Notes: (blank)`);
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
