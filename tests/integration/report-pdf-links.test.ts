import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS_LINK_READER } from '../../sync-server/src/report/signed.js';
import { PDF_LINK_TTL_MS, SHARED_PDF_LINK_TTL_MS } from '../../sync-server/src/report/links.js';
import type { Browser } from './accounts-client.js';
import { fhir } from './fhir-helpers.js';
import { join, person, type Person } from './orgs-helpers.js';
import { addAddendum, chartedCase, finalize, pdfText, SIGNATURE, type ChartedCase } from './report-helpers.js';
import { orgMember } from '../utils/members.js';
import { startServer, type TestServer } from '../utils/start-server.js';
import { allResources, withStores } from '../utils/stores.js';
import { swapBinaryData } from '../../sync-server/src/store/resources/tamper.test-util.js';

/*
 * Issue 24 items 1 and 7: PDF links are short-lived, bound to the user who asked for one (or
 * single-use when asked for sharing), audited as read by whoever downloads, and serve only bytes
 * whose SHA-256 is the one stored at signing; POST /api/report-pdf/verify says whether a PDF is
 * one the case was signed to.
 */

let server: TestServer;
let c: ChartedCase;
let pdfId: string;
let colleague: Person;
beforeAll(async () => {
  // A generous start: this file runs beside five other suites on a shared machine.
  server = await startServer({ timeoutMs: 60_000 });
  c = await chartedCase(server);
  const reply = await finalize(server, c.member.browser, c.orgId, c.caseId, {
    signature: SIGNATURE,
    contentHash: c.hash(),
  });
  pdfId = reply.lines.at(-1)!.data!.pdfId as string;
  c.client.destroy();
  colleague = await person(server, `colleague-${c.orgId}@vigil.test`);
  await join(server, { browser: c.member.browser, email: c.member.email, userId: '' }, c.orgId, colleague, ['member']);
}, 120_000);
afterAll(async () => {
  await server.dispose();
});

const local = (url: string): string => url.replace(/^https?:\/\/[^/]+/, server.url);
const cookieOf = (browser: Browser): string => [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

async function link(
  browser: Browser,
  shared: boolean,
  id = pdfId,
): Promise<{ url: string; text: string; title: string }> {
  const r = await browser.gql<{ pdfUrl: { url: string; text: string; title: string } }>(
    'query ($o: String!, $p: String!, $s: Boolean) { pdfUrl(orgId: $o, pdfId: $p, shared: $s) { url text title } }',
    { o: c.orgId, p: id, s: shared },
  );
  if (!r.data) throw new Error(`pdfUrl failed: ${r.code}`);
  return r.data.pdfUrl;
}

const userIdOf = async (email: string): Promise<string> =>
  (await withStores(server.dataDir, ({ accounts }) => accounts.userByEmail(email)))!.id;

interface AuditEventBody {
  agent: { who: { identifier: { value: string } } }[];
  entity?: { what?: { reference: string }; description?: string }[];
}

/** The AuditEvents that record a read of the PDF: who read it, and the entity description. */
async function pdfReads(): Promise<{ who: string; description: string | undefined }[]> {
  const events = await withStores(server.dataDir, ({ resources }) => allResources(resources, c.orgId, 'AuditEvent'));
  return (events as unknown as AuditEventBody[])
    .filter((e) => e.entity?.some((x) => x.what?.reference === `Binary/${pdfId}`))
    .filter((e) => e.entity?.some((x) => x.description?.startsWith('report-pdf')))
    .map((e) => ({
      who: e.agent[0]!.who.identifier.value,
      description: e.entity!.find((x) => x.description)?.description,
    }));
}

describe('PDF links (issue 24 item 7)', () => {
  it('binds a link to the user who asked: 401 without their session, 403 for a colleague, the PDF for them', async () => {
    const { url, text } = await link(c.member.browser, false);
    expect(text).toContain(`works for ${PDF_LINK_TTL_MS / 60_000} minutes`);
    expect((await fetch(local(url))).status).toBe(401);
    const other = await fetch(local(url), { headers: { cookie: cookieOf(colleague.browser) } });
    expect(other.status).toBe(403);
    const outsider = await orgMember(server.url);
    expect((await fetch(local(url), { headers: { cookie: cookieOf(outsider.browser) } })).status).toBe(403);
    const before = (await pdfReads()).length;
    const own = await fetch(local(url), { headers: { cookie: cookieOf(c.member.browser) } });
    expect(own.status).toBe(200);
    expect(pdfText(new Uint8Array(await own.arrayBuffer()))).toContain('Lovelace, Ada');
    // Bound links work for their user as long as they live (a reload of the open PDF).
    expect((await fetch(local(url), { headers: { cookie: cookieOf(c.member.browser) } })).status).toBe(200);
    const reads = (await pdfReads()).slice(before);
    expect(reads).toHaveLength(2);
    const memberId = await userIdOf(c.member.email);
    expect(reads.map((r) => r.who)).toEqual([memberId, memberId]);
  });

  it('makes a shared link work once, for whoever holds it, audited as that reader', async () => {
    const { url, text } = await link(colleague.browser, true);
    expect(text).toContain(`once, within ${SHARED_PDF_LINK_TTL_MS / 60_000} minutes`);
    const before = (await pdfReads()).length;
    const first = await fetch(local(url));
    expect(first.status).toBe(200);
    expect(sha256(new Uint8Array(await first.arrayBuffer()))).toMatch(/^[0-9a-f]{64}$/);
    expect((await fetch(local(url))).status).toBe(404);
    expect((await fetch(local(url), { headers: { cookie: cookieOf(colleague.browser) } })).status).toBe(404);
    // A signed-in holder is audited as themselves.
    const second = await link(colleague.browser, true);
    expect((await fetch(local(second.url), { headers: { cookie: cookieOf(c.member.browser) } })).status).toBe(200);
    const reads = (await pdfReads()).slice(before);
    expect(reads).toHaveLength(2);
    expect(reads[0]).toEqual({
      who: ANONYMOUS_LINK_READER,
      description: `report-pdf shared link from user ${colleague.userId}`,
    });
    expect(reads[1]!.who).toBe(await userIdOf(c.member.email));
  });

  it('refuses to serve a PDF whose stored bytes no longer match the SHA-256 signed', async () => {
    const { url } = await link(c.member.browser, false);
    // Someone with the database file swaps the bytes behind the API's back.
    const undo = await withStores(server.dataDir, ({ db }) =>
      swapBinaryData(db, c.orgId, pdfId, Buffer.from('%PDF-1.4 forged')),
    );
    try {
      const res = await fetch(local(url), { headers: { cookie: cookieOf(c.member.browser) } });
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ error: 'PDF_INTEGRITY_FAILED' });
      // The FHIR read of the Binary is checked the same way.
      const read = await fhir(server, c.member.browser, 'GET', `${c.orgId}/Binary/${pdfId}`);
      expect(read.status).toBe(500);
      expect(JSON.stringify(read.body)).toContain('PDF_INTEGRITY_FAILED');
    } finally {
      await withStores(server.dataDir, ({ db }) => undo(db));
    }
    expect((await fetch(local(url), { headers: { cookie: cookieOf(c.member.browser) } })).status).toBe(200);
  });
});

describe('POST /api/report-pdf/verify/{orgId}/{caseId} (issue 24 item 1)', () => {
  const verify = (browser: Browser | null, body: BodyInit, type: string, caseId = c.caseId): Promise<Response> =>
    fetch(`${server.url}/api/report-pdf/verify/${c.orgId}/${caseId}`, {
      method: 'POST',
      headers: { 'content-type': type, ...(browser ? { cookie: cookieOf(browser) } : {}) },
      body,
    });

  it('says which PDF was signed, by its bytes or its hash, current or amended since; and what was not', async () => {
    const first = await fetch(local((await link(c.member.browser, false)).url), {
      headers: { cookie: cookieOf(c.member.browser) },
    });
    const bytes = new Uint8Array(await first.arrayBuffer());
    const res = await verify(colleague.browser, Buffer.from(bytes), 'application/pdf');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ signed: true, current: true, pdfId, sha256: sha256(bytes) });

    const added = await addAddendum(server, c.member.browser, c.orgId, c.caseId, {
      title: 'Late entry',
      text: 'Doing well.',
      signerName: 'Dr. Test Person, DDS',
      signature: SIGNATURE,
    });
    expect(added.status).toBe(201);
    const byHash = await verify(
      c.member.browser,
      JSON.stringify({ sha256: sha256(bytes).toUpperCase() }),
      'application/json',
    );
    expect(await byHash.json()).toMatchObject({ signed: true, current: false, pdfId, addendaCount: 0 });

    const tampered = Buffer.from(bytes);
    tampered[tampered.length - 10] = tampered[tampered.length - 10]! ^ 1;
    expect(await (await verify(c.member.browser, tampered, 'application/pdf')).json()).toEqual({
      signed: false,
      sha256: sha256(tampered),
    });
    // The same bytes are not a signed PDF of another case.
    const elsewhere = await verify(c.member.browser, Buffer.from(bytes), 'application/pdf', 'apt-notthiscase00');
    expect(await elsewhere.json()).toMatchObject({ signed: false });
  });

  it('refuses a bad hash, no session and another organisation', async () => {
    expect((await verify(c.member.browser, JSON.stringify({ sha256: 'abc' }), 'application/json')).status).toBe(400);
    expect((await verify(null, JSON.stringify({ sha256: '0'.repeat(64) }), 'application/json')).status).toBe(401);
    const outsider = await orgMember(server.url);
    expect(
      (await verify(outsider.browser, JSON.stringify({ sha256: '0'.repeat(64) }), 'application/json')).status,
    ).toBe(403);
  });
});
