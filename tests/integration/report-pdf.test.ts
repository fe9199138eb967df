import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fhir } from './fhir-helpers.js';
import { addAddendum, chartedCase, finalize, pdfText, pdfUrl, SIGNATURE, type ChartedCase } from './report-helpers.js';
import { Browser } from './accounts-client.js';
import { orgMember } from '../utils/members.js';
import { startServer, type TestServer } from '../utils/start-server.js';

let server: TestServer;
let c: ChartedCase;
let pdfId: string;
beforeAll(async () => {
  server = await startServer();
  c = await chartedCase(server);
  const reply = await finalize(server, c.member.browser, c.orgId, c.caseId, {
    signature: SIGNATURE,
    contentHash: c.hash(),
  });
  pdfId = reply.lines.at(-1)!.data!.pdfId as string;
  c.client.destroy();
});
afterAll(async () => {
  await server.dispose();
});

const local = (url: string): string => url.replace(/^https?:\/\/[^/]+/, server.url);
const cookieOf = (browser: Browser): string => [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

describe('pdfUrl (spec 000 §7) and the PDF route', () => {
  it('returns a short-lived URL, a text and the title; the PDF is served inline with nosniff and a restrictive CSP', async () => {
    const { data } = await pdfUrl(c.member.browser, c.orgId, pdfId);
    // The procedure date the case charted (chartedCase: the start's UTC date).
    expect(data!.title).toBe(`Anesthesia Record - Lovelace, Ada - ${new Date(c.start).toISOString().slice(0, 10)}`);
    expect(data!.text).toContain(data!.title);
    // Issue 24 item 7: the link is bound to the user who asked for it; their session comes with it.
    const res = await fetch(local(data!.url), { headers: { cookie: cookieOf(c.member.browser) } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="${data!.title}.pdf"`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('sandbox');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(pdfText(bytes)).toContain('Lovelace, Ada');
  });

  it('refuses another organisation: pdfUrl is NOT_AUTHORIZED, and through its own organisation the PDF is NOT_FOUND', async () => {
    const other = await orgMember(server.url);
    expect((await pdfUrl(other.browser, c.orgId, pdfId)).code).toBe('NOT_AUTHORIZED');
    expect((await pdfUrl(other.browser, other.orgId, pdfId)).code).toBe('NOT_FOUND');
    expect((await pdfUrl(new Browser(server.url), c.orgId, pdfId)).code).toBe('NO_AUTHENTICATION');
  });

  it('answers 404 for an unknown link', async () => {
    const res = await fetch(`${server.url}/api/report-pdf/${'x'.repeat(32)}`);
    expect(res.status).toBe(404);
  });

  it('lists the finalized report for report review', async () => {
    const r = await c.member.browser.gql<{ finalizedReports: { pdfId: string; signerName: string }[] }>(
      'query ($orgId: String!) { finalizedReports(orgId: $orgId) { pdfId signerName } }',
      { orgId: c.orgId },
    );
    // [FS4] the provider who signed, not the appointment's name-only practitioner.
    expect(r.data!.finalizedReports).toEqual([{ pdfId, signerName: 'Dr. Test Person, DDS' }]);
    const other = await orgMember(server.url);
    const refused = await other.browser.gql('query ($orgId: String!) { finalizedReports(orgId: $orgId) { pdfId } }', {
      orgId: c.orgId,
    });
    expect(refused.code).toBe('NOT_AUTHORIZED');
  });
});

describe('addenda (spec 001 §3, §5)', () => {
  const valid = {
    title: 'Late entry',
    text: 'Patient called the next day: doing well.',
    signerName: 'Dr Grace Hopper',
    signature: SIGNATURE,
  };

  it.each([
    ['a 101-character title', { title: 'T'.repeat(101) }],
    ['a 4001-character text', { text: 'x'.repeat(4001) }],
    ['a 101-character signer name', { signerName: 'N'.repeat(101) }],
    ['a 20001-character signature', { signature: `M 0 0 ${'L 1 1 '.repeat(3334)}`.slice(0, 20_001) }],
    ['no title', { title: '' }],
    ['no signature', { signature: undefined }],
  ])('refuses %s with INVALID_ADDENDUM (limits 100 / 4000 / 100 / 20000)', async (_, change) => {
    const res = await addAddendum(server, c.member.browser, c.orgId, c.caseId, { ...valid, ...change });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('INVALID_ADDENDUM');
  });

  it('accepts the limits exactly and prints a new PDF with the addendum page, keeping the earlier PDF', async () => {
    const res = await addAddendum(server, c.member.browser, c.orgId, c.caseId, {
      ...valid,
      title: `Late entry ${'t'.repeat(89)}`,
    });
    expect(res.status).toBe(201);
    const newId = res.body.pdfId as string;
    expect(newId).not.toBe(pdfId);
    const read = async (id: string): Promise<string> => {
      const b = await fhir<{ data: string }>(server, c.member.browser, 'GET', `${c.orgId}/Binary/${id}`);
      return pdfText(new Uint8Array(Buffer.from(b.body.data, 'base64')));
    };
    const text = await read(newId);
    expect(text).toContain('Addendum: Late entry');
    expect(text).toContain('Patient called the next day');
    expect(await read(pdfId)).not.toContain('Addendum:');
    const apt = await fhir<{ extension?: { url: string; valueReference?: { reference: string } }[] }>(
      server,
      c.member.browser,
      'GET',
      `${c.orgId}/Appointment/${c.caseId}`,
    );
    expect(apt.body.extension?.find((e) => e.url.endsWith('appointment-pdf'))?.valueReference?.reference).toBe(
      `Binary/${newId}`,
    );
    const composition = await fhir<{ status: string }>(
      server,
      c.member.browser,
      'GET',
      `${c.orgId}/Composition/${c.caseId}`,
    );
    expect(composition.body.status).toBe('amended');
  });

  it('refuses an addendum from another organisation', async () => {
    const other = await orgMember(server.url);
    const res = await addAddendum(server, other.browser, c.orgId, c.caseId, valid);
    expect(res.status).toBe(403);
  });
});
