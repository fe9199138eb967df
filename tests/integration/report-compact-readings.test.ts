import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASE_ROOT, MINUTE, monitorRecords, SIMULATED_MARK, type VitalsRecord } from '@vigil/shared';
import { asCaseDoc, recordReading } from '../../client/src/case/index.js';
import { recordLegacyReading } from '../../client/src/case/testing.js';
import { ensureCaseStructure } from '../../client/src/sync/caseStructure.js';
import { chartedCase, finalize, pdfText, pdfUrl, SIGNATURE, type ChartedCase } from './report-helpers.js';
import { startServer, type TestServer } from '../utils/start-server.js';
import { allSaved } from '../utils/yjs-clients.js';

/*
 * Issue 38: monitor readings in the compact form reach the server's copy and its printed report,
 * beside readings an older tablet still writes in the old form (shared monitorRecords on both
 * sides).
 */

let server: TestServer;
let c: ChartedCase;
beforeAll(async () => {
  server = await startServer();
  c = await chartedCase(server);
});
afterAll(async () => {
  c.client.destroy();
  await server.dispose();
});

const reading = (t: number, simulated: boolean, hr: number): Omit<VitalsRecord, 'id'> => ({
  lastUpdated: t,
  simulated,
  monitorLabel: simulated ? 'Simulated monitor' : 'Operatory 2 monitor',
  monitorId: simulated ? 'mon-sim' : 'mon-op2',
  selectedVitals: ['hr', 'spo2'],
  vitals: { hr: { value: hr, time: t, status: 'connected' }, spo2: { value: 97, time: t, status: 'connected' } },
});

describe('compact monitor readings in the signed report (issue 38)', () => {
  it('[MR3] prints the compact readings and an older tablet’s records side by side in the Vitals Data Reference', async () => {
    const doc = asCaseDoc(c.client.doc);
    ensureCaseStructure(c.client.doc);
    // This build's simulated monitor, then an older tablet's real monitor (old form, left as it is).
    recordReading(doc, reading(c.start + 20 * MINUTE, true, 66));
    recordReading(doc, reading(c.start + 25 * MINUTE, true, 67));
    recordLegacyReading(doc, reading(c.start + 15 * MINUTE, false, 77));
    const root = c.client.doc.getMap(CASE_ROOT);
    expect((root.get('vitalsReadings') as { length: number }).length).toBe(2);
    expect((root.get('vitalsRecords') as { length: number }).length).toBe(1);
    await allSaved(c.client.provider);

    // The server's copy is the client's: the same content hash, compact form and all.
    const reply = await finalize(server, c.member.browser, c.orgId, c.caseId, {
      signature: SIGNATURE,
      contentHash: c.hash(),
    });
    expect(reply.status).toBe(200);
    const pdfId = reply.lines.at(-1)!.data!.pdfId as string;
    const { data } = await pdfUrl(c.member.browser, c.orgId, pdfId);
    const res = await fetch(data!.url.replace(/^https?:\/\/[^/]+/, server.url), {
      headers: { cookie: [...c.member.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(res.status).toBe(200);
    const text = pdfText(new Uint8Array(await res.arrayBuffer()));
    // Printed on every page: the record holds simulated readings (SIM1), known only from the compact entries.
    const pages = text.split('\f').filter((p) => p.trim() !== '');
    pages.forEach((p, i) => expect(p, `page ${i + 1}`).toContain(SIMULATED_MARK));
    // The Vitals Data Reference has the older tablet's monitor row and the compact simulated rows.
    const vitalsData = text.slice(text.indexOf('Vitals Data Reference'));
    expect(vitalsData).toMatch(/\bSimulated\b/);
    expect(vitalsData).toMatch(/\bMonitor\b/);
    expect(vitalsData).toMatch(/\b77\b/);
    expect(vitalsData).toMatch(/\b66\b/);
    expect(monitorRecords(root.toJSON() as Record<string, unknown>).map((r) => r.simulated)).toEqual([
      false,
      true,
      true,
    ]);
  });
});
