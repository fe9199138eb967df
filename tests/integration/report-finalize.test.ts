import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASE_ROOT } from '@vigil/shared';
import { fhir } from './fhir-helpers.js';
import { chartedCase, finalize, pdfText, SIGNATURE, type ChartedCase } from './report-helpers.js';
import { orgMember } from '../utils/members.js';
import { startServer, type TestServer } from '../utils/start-server.js';
import { connectClient, connectVigilClient, eventually, synced } from '../utils/yjs-clients.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.dispose();
});

async function readPdf(c: ChartedCase, pdfId: string): Promise<Uint8Array> {
  const binary = await fhir<{ contentType: string; data: string }>(
    server,
    c.member.browser,
    'GET',
    `${c.orgId}/Binary/${pdfId}`,
  );
  expect(binary.status).toBe(200);
  expect(binary.body.contentType).toBe('application/pdf');
  return new Uint8Array(Buffer.from(binary.body.data, 'base64'));
}

describe('finalize (spec 001 §4, §7, §8)', () => {
  it('streams pdfGen, saveUpdates, done and stores a PDF with the patient, the drugs and the signer', async () => {
    const c = await chartedCase(server);
    const before = Date.now();
    const reply = await finalize(server, c.member.browser, c.orgId, c.caseId, {
      signature: SIGNATURE,
      contentHash: c.hash(),
      timeZone: 'UTC',
    });
    expect(reply.status).toBe(200);
    expect(reply.lines.map((l) => l.step)).toEqual(['pdfGen', 'saveUpdates', 'done']);
    const done = reply.lines.at(-1)!.data!;
    expect(done.finalReportSignatureTime).toBeGreaterThanOrEqual(before);
    const pdfId = done.pdfId as string;

    const bytes = await readPdf(c, pdfId);
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const text = pdfText(bytes);
    expect(text).toContain('Lovelace, Ada');
    expect(text).toContain('Midazolam');
    expect(text).toContain('Fentanyl');
    // [FS4] The PDF names the person who signs: the signed-in provider, not the appointment's
    // practitioner Dr Grace Hopper (a name only, not this user) whom spec 001 §6 would name.
    expect(text).toContain('Final signer: Dr. Test Person, DDS');
    expect(text).not.toContain('Final signer: Dr Grace Hopper');

    // The Appointment links the PDF; the Composition (id = the case id) is final and links it too.
    const apt = await fhir<{
      extension?: { url: string; valueReference?: { reference: string; identifier?: { value: string } } }[];
    }>(server, c.member.browser, 'GET', `${c.orgId}/Appointment/${c.caseId}`);
    const pdfExt = apt.body.extension?.find((e) => e.url.endsWith('appointment-pdf'));
    expect(pdfExt?.valueReference?.reference).toBe(`Binary/${pdfId}`);
    expect(pdfExt?.valueReference?.identifier?.value).toMatch(/^[0-9a-f]{64}$/);
    const { createHash } = await import('node:crypto');
    expect(pdfExt?.valueReference?.identifier?.value).toBe(createHash('sha256').update(bytes).digest('hex'));
    const composition = await fhir<{ status: string; section?: { entry?: { reference: string }[] }[] }>(
      server,
      c.member.browser,
      'GET',
      `${c.orgId}/Composition/${c.caseId}`,
    );
    expect(composition.body.status).toBe('final');
    expect(composition.body.section?.flatMap((s) => s.entry ?? []).map((e) => e.reference)).toContain(
      `Binary/${pdfId}`,
    );

    // Writes after finalize are refused: the document is read-only.
    c.client.doc.getMap(CASE_ROOT).set('procedureNotes', 'changed after signing');
    await eventually(() => expect(c.client.provider.status.refused).toBe('FINALIZED'));
    const late = connectVigilClient(server.url, `${c.orgId}/${c.caseId}`, { params: { token: c.member.token } });
    await eventually(() => expect(late.provider.status.refused).toBe('FINALIZED'));
    expect(late.doc.getMap(CASE_ROOT).get('procedureNotes')).toBeUndefined();
    late.destroy();
    c.client.destroy();

    // A plain y-websocket client's write is dropped too: once it has left the socket and the
    // server answered a later sync request on the same socket, a fresh client does not see it.
    const plain = connectClient(server.url, `${c.orgId}/${c.caseId}`, { token: c.member.token });
    await synced(plain.provider);
    plain.doc.getMap(CASE_ROOT).set('recoveryNotes', 'written by a plain client');
    const ws = plain.provider.ws!;
    await eventually(() => expect(ws.bufferedAmount).toBe(0));
    const fresh = connectClient(server.url, `${c.orgId}/${c.caseId}`, { token: c.member.token });
    await synced(fresh.provider);
    expect(fresh.doc.getMap(CASE_ROOT).get('recoveryNotes')).toBeUndefined();
    expect(fresh.doc.getMap(CASE_ROOT).get('procedure')).toBe('Third molar extraction');
    plain.destroy();
    fresh.destroy();

    // Finalizing again is refused.
    const again = await finalize(server, c.member.browser, c.orgId, c.caseId, {
      signature: SIGNATURE,
      contentHash: c.hash(),
    });
    expect(again.status).toBe(409);
  });

  it('refuses a stale content hash with 409 and leaves the case open', async () => {
    const c = await chartedCase(server);
    const stale = c.hash();
    c.client.doc.getMap(CASE_ROOT).set('recoveryNotes', 'Awake and alert');
    await eventually(() => {
      expect(c.client.provider.status.status).toBe('synced');
      expect(c.hash()).not.toBe(stale);
    });
    const reply = await finalize(server, c.member.browser, c.orgId, c.caseId, {
      signature: SIGNATURE,
      contentHash: stale,
    });
    expect(reply.status).toBe(409);
    expect(reply.error).toBe('CONFLICT');
    // Still editable: a later change is saved.
    c.client.doc.getMap(CASE_ROOT).set('lastFood', '8 hours');
    await eventually(() => expect(c.client.provider.status.status).toBe('synced'));
    expect(c.client.provider.status.refused).toBeNull();
    const apt = await fhir<{ extension?: { url: string }[] }>(
      server,
      c.member.browser,
      'GET',
      `${c.orgId}/Appointment/${c.caseId}`,
    );
    expect(apt.body.extension?.some((e) => e.url.endsWith('appointment-pdf')) ?? false).toBe(false);
    c.client.destroy();
  });

  it('refuses a finalize without a signature (spec 001 §7 body: signature)', async () => {
    const c = await chartedCase(server);
    const reply = await finalize(server, c.member.browser, c.orgId, c.caseId, { signature: '', contentHash: c.hash() });
    expect(reply.status).toBe(400);
    expect(reply.error).toBe('INVALID_SIGNATURE');
    c.client.destroy();
  });

  it('refuses another organisation: it can neither finalize the case nor read its PDF', async () => {
    const c = await chartedCase(server);
    const other = await orgMember(server.url);
    const refused = await finalize(server, other.browser, c.orgId, c.caseId, {
      signature: SIGNATURE,
      contentHash: c.hash(),
    });
    expect(refused.status).toBe(403);
    expect(refused.error).toBe('NOT_AUTHORIZED');
    // Through its own organisation the case does not exist.
    const elsewhere = await finalize(server, other.browser, other.orgId, c.caseId, {
      signature: SIGNATURE,
      contentHash: c.hash(),
    });
    expect(elsewhere.status).not.toBe(200);

    const reply = await finalize(server, c.member.browser, c.orgId, c.caseId, {
      signature: SIGNATURE,
      contentHash: c.hash(),
    });
    const pdfId = reply.lines.at(-1)!.data!.pdfId as string;
    const read = await fhir(server, other.browser, 'GET', `${c.orgId}/Binary/${pdfId}`);
    expect(read.status).toBe(403);
    const ownOrg = await fhir(server, other.browser, 'GET', `${other.orgId}/Binary/${pdfId}`);
    expect(ownOrg.status).toBe(404);
    c.client.destroy();
  });

  it('refuses a request without a session with 401', async () => {
    const res = await fetch(`${server.url}/api/finalize/some-org/apt-1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ signature: SIGNATURE, contentHash: 'a'.repeat(40) }),
    });
    expect(res.status).toBe(401);
  });
});

describe('a finalize that fails (spec 001 §4: failed)', () => {
  it('streams failed when the PDF cannot be printed and leaves the case unchanged and editable', async () => {
    const broken = await startServer({ env: { CHROMIUM_PATH: '/nonexistent/chromium' } });
    try {
      const c = await chartedCase(broken);
      const reply = await finalize(broken, c.member.browser, c.orgId, c.caseId, {
        signature: SIGNATURE,
        contentHash: c.hash(),
      });
      expect(reply.status).toBe(200);
      expect(reply.lines.map((l) => l.step)).toEqual(['pdfGen', 'failed']);
      const apt = await fhir<{ extension?: { url: string }[] }>(
        broken,
        c.member.browser,
        'GET',
        `${c.orgId}/Appointment/${c.caseId}`,
      );
      expect(apt.body.extension?.some((e) => e.url.endsWith('appointment-pdf')) ?? false).toBe(false);
      const composition = await fhir(broken, c.member.browser, 'GET', `${c.orgId}/Composition/${c.caseId}`);
      expect(composition.status).toBe(404);
      c.client.doc.getMap(CASE_ROOT).set('recoveryNotes', 'still charting');
      await eventually(() => expect(c.client.provider.status.status).toBe('synced'));
      expect(c.client.provider.status.refused).toBeNull();
      c.client.destroy();
    } finally {
      await broken.dispose();
    }
  });
});
