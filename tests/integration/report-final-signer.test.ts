import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASE_ROOT, contentHash, FINAL_SIGNER_CODES } from '@vigil/shared';
import { fhir, patientBody } from './fhir-helpers.js';
import { createOrg, join, memberId, person, type Person } from './orgs-helpers.js';
import { finalize, pdfText, recentStart, SIGNATURE } from './report-helpers.js';
import { uniqueOrgId } from '../utils/members.js';
import { startServer, type TestServer } from '../utils/start-server.js';
import { connectVigilClient, eventually } from '../utils/yjs-clients.js';

/*
 * Issue 25, server side: the final signer follows spec 001 §6 and the
 * primaryProviderMustBeFinalSignerName flag, holds the provider role, and is the person who signs
 * (FS1–FS4 in shared/src/rules/final-signer.ts); a case with no caseStart is refused.
 */

/** The cases start three hours ago: within their provider editing window (EW2). */
const START = recentStart();
let server: TestServer;
let orgId: string;
const people = {} as Record<'admin' | 'provider' | 'recorder', Person>;
/** Member Practitioner ids (the organisation module keeps one per member, linked to the user). */
const practitioners = {} as Record<'provider' | 'recorder', string>;

beforeAll(async () => {
  // A generous start: this file runs beside five other suites on a shared machine.
  server = await startServer({ timeoutMs: 60_000 });
  orgId = uniqueOrgId('sig');
  const names = { admin: 'Dr Ada Admin', provider: 'Dr Pat Provider', recorder: 'Riley Recorder' } as const;
  for (const role of ['admin', 'provider', 'recorder'] as const) {
    const p = await person(server, `${role}-${orgId}@vigil.test`);
    const renamed = await p.browser.gql('mutation ($n: String!) { updateUser(properties: { name: $n }) { id } }', {
      n: names[role],
    });
    expect(renamed.code).toBeUndefined();
    people[role] = p;
  }
  expect((await createOrg(people.admin, orgId)).code).toBeUndefined();
  await join(server, people.admin, orgId, people.provider, ['member', 'provider']);
  await join(server, people.admin, orgId, people.recorder, ['member']);
  practitioners.provider = await memberId(people.admin, orgId, people.provider.email);
  practitioners.recorder = await memberId(people.admin, orgId, people.recorder.email);
}, 120_000);
afterAll(async () => {
  await server.dispose();
});

/** A case whose appointment names `practitionerId`, charted (or not started) through Vigil's sync client. */
async function caseWith(
  practitionerId: string,
  content: Record<string, unknown>,
): Promise<{ caseId: string; hash: string; destroy(): void }> {
  const patient = await fhir<{ id: string }>(
    server,
    people.admin.browser,
    'POST',
    `${orgId}/Patient`,
    patientBody('Ada', 'Lovelace', '1990-01-02'),
  );
  const start = START;
  const appointment = await fhir<{ id: string }>(server, people.admin.browser, 'POST', `${orgId}/Appointment`, {
    resourceType: 'Appointment',
    status: 'booked',
    description: 'General anesthesia',
    start: new Date(start).toISOString(),
    end: new Date(start + 3_600_000).toISOString(),
    participant: [
      { actor: { reference: `Patient/${patient.body.id}` }, status: 'accepted' },
      { actor: { reference: `Practitioner/${practitionerId}` }, status: 'accepted' },
    ],
  });
  expect(appointment.status).toBe(201);
  const caseId = appointment.body.id;
  const client = connectVigilClient(server.url, `${orgId}/${caseId}`, {
    params: { token: people.admin.browser.token! },
  });
  client.doc.transact(() => {
    const root = client.doc.getMap(CASE_ROOT);
    for (const [k, v] of Object.entries(content)) root.set(k, v);
  });
  await eventually(() => expect(client.provider.status.status).toBe('synced'), 15_000);
  return {
    caseId,
    hash: contentHash(client.doc.getMap(CASE_ROOT).toJSON()),
    destroy: () => client.destroy(),
  };
}

const STARTED = {
  procedure: 'General anesthesia',
  procedureDate: new Date(START).toISOString().slice(0, 10),
  userRole: 'other',
  sedationLevel: 'ga',
  events: { caseStart: START },
};

async function pdfOf(pdfId: string): Promise<string> {
  const binary = await fhir<{ data: string }>(server, people.admin.browser, 'GET', `${orgId}/Binary/${pdfId}`);
  return pdfText(new Uint8Array(Buffer.from(binary.body.data, 'base64')));
}

async function isFinal(caseId: string): Promise<boolean> {
  const cmp = await fhir<{ status?: string }>(server, people.admin.browser, 'GET', `${orgId}/Composition/${caseId}`);
  const apt = await fhir<{ extension?: { url: string }[] }>(
    server,
    people.admin.browser,
    'GET',
    `${orgId}/Appointment/${caseId}`,
  );
  return cmp.body.status === 'final' || (apt.body.extension ?? []).some((e) => e.url.endsWith('appointment-pdf'));
}

describe('the final signer (issue 25)', () => {
  it('[FS1] refuses to finalize a case that was never started with 409 CASE_NOT_STARTED and leaves it open', async () => {
    const c = await caseWith(practitioners.provider, { userRole: 'other', sedationLevel: 'ga' });
    const reply = await finalize(server, people.provider.browser, orgId, c.caseId, {
      signature: SIGNATURE,
      contentHash: c.hash,
    });
    expect(reply).toMatchObject({ status: 409, error: FINAL_SIGNER_CODES.caseNotStarted });
    expect(await isFinal(c.caseId)).toBe(false);
    c.destroy();
  });

  it('[FS2] refuses a recorder as the signer with 403 FINAL_SIGNER_NOT_PROVIDER', async () => {
    const c = await caseWith(practitioners.recorder, STARTED);
    const reply = await finalize(server, people.recorder.browser, orgId, c.caseId, {
      signature: SIGNATURE,
      contentHash: c.hash,
    });
    expect(reply).toMatchObject({ status: 403, error: 'FINAL_SIGNER_NOT_PROVIDER' });
    expect(await isFinal(c.caseId)).toBe(false);
    c.destroy();
  });

  it('[FS4] names the provider who signs in the PDF, not the recorder the appointment names', async () => {
    const c = await caseWith(practitioners.recorder, STARTED);
    const reply = await finalize(server, people.provider.browser, orgId, c.caseId, {
      signature: SIGNATURE,
      contentHash: c.hash,
      timeZone: 'UTC',
    });
    expect(reply.lines.map((l) => l.step)).toEqual(['pdfGen', 'saveUpdates', 'done']);
    const text = await pdfOf(reply.lines.at(-1)!.data!.pdfId as string);
    expect(text).toContain('Final signer: Dr Pat Provider');
    expect(text).not.toContain('Final signer: Riley Recorder');
    c.destroy();
  });

  it('[FS4] names the primary provider when they sign their own case', async () => {
    const c = await caseWith(practitioners.provider, STARTED);
    const reply = await finalize(server, people.provider.browser, orgId, c.caseId, {
      signature: SIGNATURE,
      contentHash: c.hash,
    });
    expect(reply.lines.at(-1)?.step).toBe('done');
    expect(await pdfOf(reply.lines.at(-1)!.data!.pdfId as string)).toContain('Final signer: Dr Pat Provider');
    c.destroy();
  });

  it('[FS3] with primaryProviderMustBeFinalSignerName on, only the primary provider signs; a recorder primary provider cannot', async () => {
    const flag = await people.admin.browser.gql(
      'mutation ($o: String!) { addOrgFeature(orgId: $o, featureName: "primaryProviderMustBeFinalSignerName") { name } }',
      { o: orgId },
    );
    expect(flag.code).toBeUndefined();

    const recorderCase = await caseWith(practitioners.recorder, STARTED);
    const refused = await finalize(server, people.provider.browser, orgId, recorderCase.caseId, {
      signature: SIGNATURE,
      contentHash: recorderCase.hash,
    });
    expect(refused).toMatchObject({ status: 409, error: 'PRIMARY_PROVIDER_NOT_PROVIDER' });
    expect(await isFinal(recorderCase.caseId)).toBe(false);
    recorderCase.destroy();

    const providerCase = await caseWith(practitioners.provider, STARTED);
    // The admin is a provider too, but not this case's primary provider.
    const other = await finalize(server, people.admin.browser, orgId, providerCase.caseId, {
      signature: SIGNATURE,
      contentHash: providerCase.hash,
    });
    expect(other).toMatchObject({ status: 403, error: 'FINAL_SIGNER_NOT_PRIMARY_PROVIDER' });
    const own = await finalize(server, people.provider.browser, orgId, providerCase.caseId, {
      signature: SIGNATURE,
      contentHash: providerCase.hash,
    });
    expect(own.lines.at(-1)?.step).toBe('done');
    expect(await pdfOf(own.lines.at(-1)!.data!.pdfId as string)).toContain('Final signer: Dr Pat Provider');
    providerCase.destroy();
  });
});
