import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASE_ROOT } from '@vigil/shared';
import type { Browser } from './accounts-client.js';
import { fhir } from './fhir-helpers.js';
import { sudo } from './orgs-helpers.js';
import { chartedCase, finalize, SIGNATURE } from './report-helpers.js';
import { orgMember } from '../utils/members.js';
import { startServer, type TestServer } from '../utils/start-server.js';
import { connectVigilClient, eventually } from '../utils/yjs-clients.js';
import { withStores } from '../utils/stores.js';
import { auditEvents } from '../../sync-server/src/store/audit/inspect.test-util.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.dispose();
});

async function unfinalize(
  browser: Browser,
  orgId: string,
  caseId: string,
): Promise<{ status: number; error?: string }> {
  const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${server.url}/api/finalize/${orgId}/${caseId}/unfinalize`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: '{}',
  });
  const body = (await res.json()) as { error?: string };
  return { status: res.status, ...(body.error ? { error: body.error } : {}) };
}

describe('admin unfinalize (spec 000 §3 adminUnfinalize)', () => {
  it('is refused without the flag and for another organisation; with it the case opens again, audited', async () => {
    const c = await chartedCase(server);
    const reply = await finalize(server, c.member.browser, c.orgId, c.caseId, {
      signature: SIGNATURE,
      contentHash: c.hash(),
    });
    const pdfId = reply.lines.at(-1)!.data!.pdfId as string;
    c.client.destroy();

    expect(await unfinalize(c.member.browser, c.orgId, c.caseId)).toEqual({ status: 403, error: 'FEATURE_DISABLED' });
    const other = await orgMember(server.url);
    expect(await unfinalize(other.browser, c.orgId, c.caseId)).toEqual({ status: 403, error: 'NOT_AUTHORIZED' });

    const flag = await c.member.browser.gql(
      'mutation ($orgId: String!) { addOrgFeature(orgId: $orgId, featureName: "adminUnfinalize") { name value } }',
      {
        orgId: c.orgId,
      },
    );
    expect(flag.code).toBeUndefined();
    // Issue 24 item 1: reopening a signed record needs a fresh sudo confirmation too.
    expect(await unfinalize(c.member.browser, c.orgId, c.caseId)).toEqual({ status: 403, error: 'SUDO_REQUIRED' });
    await sudo(server, c.member);
    expect(await unfinalize(c.member.browser, c.orgId, c.caseId)).toEqual({ status: 200 });

    // The case takes writes again and no longer links the PDF; the PDF itself stays stored.
    const client = connectVigilClient(server.url, `${c.orgId}/${c.caseId}`, {
      params: { token: c.member.browser.token! },
    });
    client.doc.getMap(CASE_ROOT).set('recoveryNotes', 'Corrected after unfinalize');
    await eventually(() => expect(client.provider.status.status).toBe('synced'), 15_000);
    expect(client.provider.status.refused).toBeNull();
    const apt = await fhir<{ extension?: { url: string }[] }>(
      server,
      c.member.browser,
      'GET',
      `${c.orgId}/Appointment/${c.caseId}`,
    );
    expect(apt.body.extension?.some((e) => e.url.endsWith('appointment-pdf')) ?? false).toBe(false);
    expect((await fhir(server, c.member.browser, 'GET', `${c.orgId}/Binary/${pdfId}`)).status).toBe(200);

    // One record, the admin's: the three refused attempts above left none (issue 36 item 2).
    const rows = await withStores(server.dataDir, ({ db }) => auditEvents(db, { action: 'reportUnfinalized' }));
    const mine = rows.filter((r) => (JSON.parse(r.detail!) as Record<string, string>).compositionId === c.caseId);
    expect(mine.map((r) => JSON.parse(r.detail!) as Record<string, string>)).toEqual([
      { orgId: c.orgId, compositionId: c.caseId, pdfId },
    ]);

    // Signed again: a new report.
    const hash = (await import('@vigil/shared')).contentHash(client.doc.getMap(CASE_ROOT).toJSON());
    const again = await finalize(server, c.member.browser, c.orgId, c.caseId, {
      signature: SIGNATURE,
      contentHash: hash,
    });
    expect(again.lines.map((l) => l.step)).toEqual(['pdfGen', 'saveUpdates', 'done']);
    client.destroy();
  });
});
