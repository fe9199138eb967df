/**
 * Issue 35 item 4: a case is signed once, whatever races. Concurrent finalizes of a case whose
 * room is not in memory (cold), or held by a connected tablet (warm), a double click, two
 * providers at once and a retry after a lost answer each end with one current signed PDF that
 * caseSignedReport, the Composition, the Appointment and report review agree on, and no stray
 * Binary. The losers are refused FINALIZED (spec 001 §8: "This case is already finalized"), never a 500.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fhir } from './fhir-helpers.js';
import { join, person, type Person } from './orgs-helpers.js';
import { chartedCase, finalize, SIGNATURE, type ChartedCase, type FinalizeReply } from './report-helpers.js';
import { Browser } from './accounts-client.js';
import { orgMember, type OrgMember } from '../utils/members.js';
import { startServer, type TestServer } from '../utils/start-server.js';

let server: TestServer;
let dataDir: string;
beforeAll(async () => {
  server = await startServer({ timeoutMs: 60_000 });
  dataDir = server.dataDir;
}, 70_000);
afterAll(async () => {
  await server.dispose();
  // A restarted server does not own the data directory it was given.
  rmSync(dataDir, { recursive: true, force: true });
});

/** A browser's session on the server as it runs now (its port changes on a restart). */
function at(browser: Browser): Browser {
  const next = new Browser(server.url);
  for (const [k, v] of browser.cookies) next.cookies.set(k, v);
  return next;
}

/** The finalize answer's outcome: the signed PDF's id, or the refusal's code. */
function outcome(reply: FinalizeReply): { pdfId: string } | { refused: string } {
  const last = reply.lines.at(-1);
  if (reply.status === 200 && last?.step === 'done') return { pdfId: last.data!.pdfId as string };
  if (reply.status === 200 && last?.step === 'failed') return { refused: last.data!.code as string };
  return { refused: `${reply.status} ${reply.error}` };
}

function body(c: ChartedCase): Record<string, unknown> {
  return { signature: SIGNATURE, contentHash: c.hash(), timeZone: 'UTC' };
}

/**
 * What every reader of the case says about its signing: one current signed PDF, the same in
 * caseSignedReport, the Composition and the Appointment, listed once in report review, and no
 * PDF stored beside it.
 */
async function expectSignedOnce(c: ChartedCase, who: Browser, winner: string): Promise<{ signerName: string }> {
  const reader = at(who);
  const signed = await reader.gql<{ caseSignedReport: { pdfId: string; signerName: string } | null }>(
    'query ($o: String!, $c: String!) { caseSignedReport(orgId: $o, compositionId: $c) { pdfId signerName } }',
    { o: c.orgId, c: c.caseId },
  );
  expect(signed.data?.caseSignedReport?.pdfId).toBe(winner);

  const composition = await fhir<{ status: string; section?: { title?: string; entry?: { reference: string }[] }[] }>(
    server,
    reader,
    'GET',
    `${c.orgId}/Composition/${c.caseId}`,
  );
  expect(composition.body.status).toBe('final');
  expect(composition.body.section?.filter((s) => s.title === 'Signed report').flatMap((s) => s.entry ?? [])).toEqual([
    expect.objectContaining({ reference: `Binary/${winner}` }),
  ]);

  const appointment = await fhir<{ extension?: { url: string; valueReference?: { reference: string } }[] }>(
    server,
    reader,
    'GET',
    `${c.orgId}/Appointment/${c.caseId}`,
  );
  expect(
    appointment.body.extension
      ?.filter((e) => e.url.endsWith('appointment-pdf'))
      .map((e) => e.valueReference?.reference),
  ).toEqual([`Binary/${winner}`]);

  const review = await reader.gql<{ finalizedReports: { pdfId: string; compositionId: string }[] }>(
    'query ($o: String!) { finalizedReports(orgId: $o) { pdfId compositionId } }',
    { o: c.orgId },
  );
  expect(review.data?.finalizedReports.filter((r) => r.compositionId === c.caseId)).toEqual([
    { pdfId: winner, compositionId: c.caseId },
  ]);

  const binaries = await fhir<{ entry?: { resource: { id: string; securityContext?: { reference: string } } }[] }>(
    server,
    reader,
    'GET',
    `${c.orgId}/Binary?_count=1000`,
  );
  expect(binaries.status).toBe(200);
  expect(
    (binaries.body.entry ?? [])
      .filter((e) => e.resource.securityContext?.reference === `Composition/${c.caseId}`)
      .map((e) => e.resource.id),
  ).toEqual([winner]);
  return { signerName: signed.data!.caseSignedReport!.signerName };
}

/** One signed PDF among the answers; every other answer the FINALIZED refusal. */
function oneWinner(replies: FinalizeReply[]): string {
  const outcomes = replies.map(outcome);
  const winners = outcomes.flatMap((o) => ('pdfId' in o ? [o.pdfId] : []));
  expect(winners).toHaveLength(1);
  for (const o of outcomes) if ('refused' in o) expect(['FINALIZED', '409 FINALIZED']).toContain(o.refused);
  return winners[0]!;
}

/** The same server's data directory served again: no room is in memory. */
async function restart(): Promise<void> {
  await server.stop();
  server = await startServer({ dataDir, timeoutMs: 60_000 });
}

describe('a case is signed once (issue 35 item 4)', () => {
  it('signs a cold case once when five finalizes arrive at the same time, and refuses the other four', async () => {
    const c = await chartedCase(server);
    const request = body(c);
    c.client.destroy();
    // No tablet connected and the room not in memory: the server starts again on the same data.
    await restart();
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => finalize(server, c.member.browser, c.orgId, c.caseId, request)),
    );
    const winner = oneWinner(replies);
    await expectSignedOnce(c, c.member.browser, winner);
  }, 120_000);

  it('signs a warm case once when five finalizes arrive while a tablet holds it open', async () => {
    const c = await chartedCase(server);
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => finalize(server, c.member.browser, c.orgId, c.caseId, body(c))),
    );
    const winner = oneWinner(replies);
    await expectSignedOnce(c, c.member.browser, winner);
    c.client.destroy();
  }, 120_000);

  it('signs once on a double click: two finalizes of the same provider', async () => {
    const c = await chartedCase(server);
    const request = body(c);
    const replies = await Promise.all([
      finalize(server, c.member.browser, c.orgId, c.caseId, request),
      finalize(server, c.member.browser, c.orgId, c.caseId, request),
    ]);
    await expectSignedOnce(c, c.member.browser, oneWinner(replies));
    c.client.destroy();
  }, 120_000);

  it('signs once when two providers finalize at the same time, and every reader names the same signer', async () => {
    const admin: OrgMember = await orgMember(server.url);
    const second: Person = await person(server, `second-${admin.orgId}@vigil.test`);
    const renamed = await second.browser.gql('mutation { updateUser(properties: { name: "Dr Sam Second" }) { id } }');
    expect(renamed.code).toBeUndefined();
    await join(server, { browser: admin.browser, email: admin.email, userId: '' }, admin.orgId, second, [
      'member',
      'provider',
    ]);
    const c = await chartedCase(server, admin);
    c.client.destroy();
    await restart();
    const [first, other] = await Promise.all([
      finalize(server, admin.browser, c.orgId, c.caseId, body(c)),
      finalize(server, second.browser, c.orgId, c.caseId, body(c)),
    ]);
    const winner = oneWinner([first, other]);
    const { signerName } = await expectSignedOnce(c, second.browser, winner);
    // The signer every reader names is the one whose finalize was answered 'done'.
    expect(signerName).toBe('pdfId' in outcome(first) ? 'Dr. Test Person, DDS' : 'Dr Sam Second');
  }, 120_000);

  it('refuses a retry after a lost answer: the case stays signed once, by the first finalize', async () => {
    const c = await chartedCase(server);
    const request = body(c);
    c.client.destroy();
    const first = outcome(await finalize(server, c.member.browser, c.orgId, c.caseId, request));
    expect(first).toHaveProperty('pdfId');
    const pdfId = (first as { pdfId: string }).pdfId;
    // The answer never reached the tablet (a dropped connection); it sends the same finalize
    // again, once the room left memory.
    await restart();
    const retry = await finalize(server, c.member.browser, c.orgId, c.caseId, request);
    expect(outcome(retry)).toEqual({ refused: '409 FINALIZED' });
    await expectSignedOnce(c, c.member.browser, pdfId);
  }, 120_000);
});
