import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { drawSignature } from './signature.js';
import { memberContext } from './members.js';
import type { OrgMember } from '../utils/members.js';

/**
 * Issue 42 (spec 001 §8 finalize steps): an office with an EMR connection signs a case; the
 * progress shows 'Attempting to save to EMR' then 'EMR save completed', and the EMR received the
 * signed record as a FHIR transaction. With the EMR down the step reads 'EMR save failed' and the
 * case is finalized all the same. The EMR is a small FHIR server in the test: its SMART
 * configuration, a client-credentials token endpoint and the transaction endpoint, answering real
 * FHIR R4 JSON.
 */

const CLIENT_ID = 'vigil-writer';
const CLIENT_SECRET = 'e2e-write-back-secret';
const FHIR = { 'content-type': 'application/fhir+json' };

interface Entry {
  resource: { resourceType: string; content?: { attachment: { contentType: string; data: string } }[] };
  request: { method: string; url: string };
}

const body = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => resolve(text));
  });

/** The EMR's FHIR server at `{base}/fhir`, keeping the transactions it received. */
function fakeEmr(received: Entry[][]): Server {
  let base = '';
  const server = createServer((req, res) => {
    void (async () => {
      const json = (status: number, value: unknown): void => {
        res.writeHead(status, { 'content-type': 'application/fhir+json' }).end(JSON.stringify(value));
      };
      const path = new URL(req.url ?? '/', 'http://emr.invalid').pathname;
      base ||= `http://127.0.0.1:${(server.address() as AddressInfo).port}/fhir`;
      if (path === '/fhir/.well-known/smart-configuration') {
        return json(200, {
          token_endpoint: `${base}/token`,
          authorization_endpoint: `${base}/auth`,
          code_challenge_methods_supported: ['S256'],
          capabilities: ['client-confidential-symmetric'],
        });
      }
      if (path === '/fhir/token' && req.method === 'POST') {
        const form = new URLSearchParams(await body(req));
        const basic = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;
        if (req.headers.authorization !== basic || form.get('grant_type') !== 'client_credentials')
          return json(401, { error: 'invalid_client' });
        return json(200, { access_token: 'emr-e2e-token', token_type: 'Bearer', expires_in: 3600 });
      }
      if (path === '/fhir' && req.method === 'POST') {
        if (req.headers.authorization !== 'Bearer emr-e2e-token') return json(401, {});
        const bundle = JSON.parse(await body(req)) as { resourceType: string; type: string; entry: Entry[] };
        if (bundle.resourceType !== 'Bundle' || bundle.type !== 'transaction') return json(400, {});
        received.push(bundle.entry);
        return json(200, {
          resourceType: 'Bundle',
          type: 'transaction-response',
          entry: bundle.entry.map((e, i) => ({
            response: { status: '201 Created', location: `${e.resource.resourceType}/emr-${i}/_history/1` },
          })),
        });
      }
      return json(404, { resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'not-found' }] });
    })();
  });
  return server;
}

const listen = (server: Server): Promise<number> =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

async function connectEmr(member: OrgMember, iss: string): Promise<void> {
  const r = await member.browser.gql(
    'mutation ($o: String!, $i: String!, $c: String!, $s: String) { setEmrConnection(orgId: $o, iss: $i, clientId: $c, clientSecret: $s) { iss } }',
    { o: member.orgId, i: iss, c: CLIENT_ID, s: CLIENT_SECRET },
  );
  expect(r.code).toBeUndefined();
}

/** A case of today for a new patient, opened, started and charted, up to the signature pad's Sign and Finalize. */
async function signCase(context: BrowserContext, member: OrgMember, family: string): Promise<void> {
  const api = context.request;
  const patient = await api.post(`/api/fhir/${member.orgId}/Patient`, {
    headers: FHIR,
    data: { resourceType: 'Patient', name: [{ use: 'official', given: ['Ada'], family }], birthDate: '1990-01-02' },
  });
  expect(patient.status()).toBe(201);
  const start = new Date();
  const appointment = await api.post(`/api/fhir/${member.orgId}/Appointment`, {
    headers: FHIR,
    data: {
      resourceType: 'Appointment',
      status: 'arrived',
      description: 'Third molar extraction',
      start: start.toISOString(),
      end: new Date(start.getTime() + 3_600_000).toISOString(),
      participant: [
        { actor: { reference: `Patient/${((await patient.json()) as { id: string }).id}` }, status: 'accepted' },
      ],
    },
  });
  expect(appointment.status()).toBe(201);
  const caseId = ((await appointment.json()) as { id: string }).id;
  const page = await context.newPage();
  await page.goto(`/org/${member.orgId}/cases/${caseId}`);
  const notes = page.getByRole('textbox', { name: 'Procedure notes' });
  // A bound, not a pause: the case document's first load on a loaded 2-core machine took over 30 s.
  await expect(notes).toBeEnabled({ timeout: 120_000 });
  await page.getByRole('button', { name: 'Started Monitoring: now' }).click();
  await notes.fill('Uneventful extraction under moderate sedation.');
  await expect(page.getByTestId('save-status')).toHaveText('saved');
  const report = page.getByRole('region', { name: 'Report', exact: true });
  await report.getByRole('button', { name: 'Sign and Finalize' }).click();
  const dialog = page.getByRole('dialog');
  await drawSignature(page, dialog.getByTestId('signature-pad'), { inputs: ['mouse'], strokes: 3 });
  await dialog.getByRole('button', { name: 'Sign and Finalize' }).click();
}

/** Stops the EMR at once (its keep-alive connections from the server too). */
function stop(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

test('finalizing in an office with an EMR connection saves the signed record to the EMR, and an EMR that is down does not undo the finalize', async ({
  browser,
  baseURL,
}) => {
  // Two cases signed in one flow: a long one (playwright.config.ts lets such a test lengthen its bound).
  test.setTimeout(480_000);
  const received: Entry[][] = [];
  const emr = fakeEmr(received);
  const port = await listen(emr);
  try {
    const { member, context } = await memberContext(browser, baseURL!);
    await connectEmr(member, `http://127.0.0.1:${port}/fhir`);

    await signCase(context, member, 'Lovelace');
    const page = context.pages().at(-1)!;
    const progress = page.getByTestId('finalize-progress');
    // spec 001 §8 step messages, in order.
    await expect(progress.locator('[data-step]')).toHaveText([
      /Generating PDF$/,
      /Saving report$/,
      /Attempting to save to EMR$/,
      /EMR save completed$/,
      /Report signed and saved$/,
    ]);
    await expect(page.getByRole('region', { name: 'Report', exact: true }).getByText('Report finalized')).toBeVisible();
    // The EMR holds the signed PDF and the Composition.
    expect(received).toHaveLength(1);
    const types = received[0]!.map((e) => e.resource.resourceType);
    expect(types).toEqual(expect.arrayContaining(['Patient', 'Composition', 'DocumentReference', 'Procedure']));
    const pdf = received[0]!.find((e) => e.resource.resourceType === 'DocumentReference')!.resource.content![0]!;
    expect(pdf.attachment.contentType).toBe('application/pdf');
    expect(Buffer.from(pdf.attachment.data, 'base64').subarray(0, 5).toString()).toBe('%PDF-');

    // The EMR goes down: nothing listens at its address any more.
    await stop(emr);
    await signCase(context, member, 'Hopper');
    const second = context.pages().at(-1)!;
    await expect(second.getByTestId('finalize-progress').locator('[data-step]')).toHaveText([
      /Generating PDF$/,
      /Saving report$/,
      /Attempting to save to EMR$/,
      /EMR save failed$/,
      /Report signed and saved$/,
    ]);
    const report = second.getByRole('region', { name: 'Report', exact: true });
    await expect(report.getByText('Report finalized')).toBeVisible();
    await expect(second.getByRole('textbox', { name: 'Procedure notes' })).toBeDisabled();
    // The write-back waits for its retry, listed with its failed attempt.
    const rows = await member.browser.gql<{ emrWriteBacks: { status: string; attempts: number }[] }>(
      'query ($o: String!) { emrWriteBacks(orgId: $o) { status attempts } }',
      { o: member.orgId },
    );
    expect(rows.data!.emrWriteBacks[0]!.status).not.toBe('done');
    expect(rows.data!.emrWriteBacks[0]!.attempts).toBeGreaterThan(0);
    expect(received).toHaveLength(1);
  } finally {
    if (emr.listening) await stop(emr);
  }
});
