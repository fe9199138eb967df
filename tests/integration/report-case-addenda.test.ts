import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser } from './accounts-client.js';
import { addAddendum, chartedCase, finalize, SIGNATURE } from './report-helpers.js';
import { orgMember } from '../utils/members.js';
import { startServer, type TestServer } from '../utils/start-server.js';
import { withStores } from '../utils/stores.js';
import { auditEvents } from '../../sync-server/src/store/audit/inspect.test-util.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
}, 60_000);
afterAll(async () => {
  await server.dispose();
});

interface CaseSignedReport {
  pdfId: string;
  signerName: string;
  signatureTime: number;
  addenda: { seq: number; title: string | null; text: string; signerName: string; signatureTime: number }[];
}

async function caseSignedReport(
  browser: Browser,
  orgId: string,
  compositionId: string,
): Promise<{ data: CaseSignedReport | null | undefined; code: string | undefined }> {
  const r = await browser.gql<{ caseSignedReport: CaseSignedReport | null }>(
    `query ($orgId: String!, $compositionId: String!) {
      caseSignedReport(orgId: $orgId, compositionId: $compositionId) {
        pdfId signerName signatureTime addenda { seq title text signerName signatureTime }
      }
    }`,
    { orgId, compositionId },
  );
  return { data: r.data?.caseSignedReport, code: r.code };
}

describe("caseSignedReport: a case's signed report and its addenda after a reload (spec 001 §3, §5)", () => {
  it('lists the addenda in order for a member; another organisation and a signed-out request are refused', async () => {
    const c = await chartedCase(server);
    // Not finalized yet: nothing to list.
    expect(await caseSignedReport(c.member.browser, c.orgId, c.caseId)).toEqual({ data: null, code: undefined });

    const reply = await finalize(server, c.member.browser, c.orgId, c.caseId, {
      signature: SIGNATURE,
      contentHash: c.hash(),
    });
    c.client.destroy();
    const signedPdf = reply.lines.at(-1)!.data!.pdfId as string;
    const signedTime = reply.lines.at(-1)!.data!.finalReportSignatureTime as number;

    const first = await caseSignedReport(c.member.browser, c.orgId, c.caseId);
    expect(first.code).toBeUndefined();
    expect(first.data).toMatchObject({ pdfId: signedPdf, signatureTime: signedTime, addenda: [] });

    const a1 = await addAddendum(server, c.member.browser, c.orgId, c.caseId, {
      title: 'Late entry',
      text: 'Patient called the next day: doing well.',
      signerName: 'Dr Grace Hopper',
      signature: SIGNATURE,
    });
    expect(a1.status).toBe(201);
    const a2 = await addAddendum(server, c.member.browser, c.orgId, c.caseId, {
      title: 'Correction',
      text: 'Recovery room was 2, not 3.',
      signerName: 'Dr Grace Hopper',
      signature: SIGNATURE,
    });
    expect(a2.status).toBe(201);

    const listed = await caseSignedReport(c.member.browser, c.orgId, c.caseId);
    expect(listed.code).toBeUndefined();
    // The current PDF is the one the last addendum printed; the final signature stays the original one.
    expect(listed.data).toEqual({
      pdfId: a2.body.pdfId,
      signerName: first.data!.signerName,
      signatureTime: signedTime,
      addenda: [
        {
          seq: 1,
          title: 'Late entry',
          text: 'Patient called the next day: doing well.',
          signerName: 'Dr Grace Hopper',
          signatureTime: a1.body.signatureTime,
        },
        {
          seq: 2,
          title: 'Correction',
          text: 'Recovery room was 2, not 3.',
          signerName: 'Dr Grace Hopper',
          signatureTime: a2.body.signatureTime,
        },
      ],
    });

    // Another organisation's member and a signed-out request never see it.
    const other = await orgMember(server.url);
    expect(await caseSignedReport(other.browser, c.orgId, c.caseId)).toEqual({
      data: null,
      code: 'NOT_AUTHORIZED',
    });
    expect(await caseSignedReport(new Browser(server.url), c.orgId, c.caseId)).toEqual({
      data: null,
      code: 'NO_AUTHENTICATION',
    });
    // Its own organisation id with this case's id answers nothing from the other organisation.
    expect(await caseSignedReport(other.browser, other.orgId, c.caseId)).toEqual({ data: null, code: undefined });

    // Every read of the addenda is in the audit trail as its reader's (issue 24 item 7); refused ones are not reads.
    const me = await c.member.browser.gql<{ session: { userId: string } }>('{ session { userId } }');
    const reads = await withStores(server.dataDir, ({ db }) => auditEvents(db, { action: 'reportRead' }));
    const ofThisCase = reads.filter((r) => r.detail?.includes(`"compositionId":"${c.caseId}"`));
    // Three reads of the member's own organisation, and one by the other member of their own.
    expect(ofThisCase.filter((r) => r.userId === me.data!.session.userId)).toHaveLength(3);
    expect(ofThisCase).toHaveLength(4);
  }, 120_000);
});
