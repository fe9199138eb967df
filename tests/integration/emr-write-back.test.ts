import { validateResource as validateR4 } from '@medplum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emrWriteBacks, FakeEmr, type TransactionEntry } from '../utils/fake-emr.js';
import { startServer, type TestServer } from '../utils/start-server.js';
import type { Browser } from './accounts-client.js';
// Imported for the FHIR R4 structure definitions it indexes for @medplum/core's validator.
import './fhir-helpers.js';
import { addAddendum, chartedCase, EMR_FINALIZE_STEPS, finalizeSteps, SIGNATURE } from './report-helpers.js';
import { eventually } from '../utils/yjs-clients.js';

/**
 * Issue 42: the signed record written back to the office's EMR after a real finalize through the
 * real server, to an EMR's FHIR server in the test (SMART configuration, a client-credentials
 * token, the transaction endpoint); the resources it receives pass the independent FHIR R4
 * validator; an EMR that answers 500 first gets the record on the retry, and emrWriteBacks shows
 * both attempts.
 */

const CLIENT_ID = 'vigil-writer';
const CLIENT_SECRET = 'write-back-secret';

describe('EMR write-back at finalize (issue 42)', () => {
  let server: TestServer;
  /** The EMR: per tenant a SMART configuration, a token endpoint and the transaction endpoint. */
  const emr = new FakeEmr({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
  const { received, tokenGrants, failNext } = emr;

  const connect = async (browser: Browser, orgId: string, tenant: string): Promise<void> => {
    expect(await emr.connect(browser, orgId, tenant)).toBeUndefined();
  };
  beforeAll(async () => {
    server = await startServer({ timeoutMs: 500_000 });
    await emr.listen();
  }, 700_000);

  afterAll(async () => {
    await emr.close();
    await server?.dispose();
  });

  it('writes the signed PDF, the Composition, the vitals, each dose and the procedure as valid FHIR R4', async () => {
    const c = await chartedCase(server);
    await connect(c.member.browser, c.orgId, 'office-a');
    expect(await finalizeSteps(server, c)).toEqual(EMR_FINALIZE_STEPS.saved);
    expect(tokenGrants[0]).toMatch(/^client_credentials system\/Patient\.cr .*system\/DocumentReference\.c/);

    const sent = received.filter((r) => r.tenant === 'office-a');
    expect(sent).toHaveLength(1);
    const { bundle } = sent[0]!;
    expect(bundle.type).toBe('transaction');
    expect(() => {
      validateR4(bundle as Parameters<typeof validateR4>[0]);
    }).not.toThrow();
    for (const e of bundle.entry) {
      expect(() => {
        validateR4(e.resource as Parameters<typeof validateR4>[0]);
      }, JSON.stringify(e.resource)).not.toThrow();
      expect(e.request.method).toBe('POST');
      expect(e.request.ifNoneExist).toMatch(/^identifier=/);
    }
    const of = <T = TransactionEntry['resource']>(type: string): T[] =>
      bundle.entry.filter((e) => e.resource.resourceType === type).map((e) => e.resource as unknown as T);
    // The patient was made in Vigil: sent once, created by its Vigil identifier.
    expect(of('Patient')).toHaveLength(1);
    const doc = of<{ content: { attachment: { contentType: string; data: string } }[] }>('DocumentReference')[0]!;
    expect(doc.content[0]!.attachment.contentType).toBe('application/pdf');
    expect(Buffer.from(doc.content[0]!.attachment.data, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const codes = of<{ code: { coding: { code: string }[] } }>('Observation').flatMap((o) =>
      o.code.coding.map((x) => x.code),
    );
    // Two manual entries of sbp, dbp, hr and spo2 (SpO2 carries both LOINC codes).
    expect(codes.filter((x) => x === '8480-6')).toHaveLength(2);
    expect(new Set(codes)).toEqual(new Set(['8480-6', '8462-4', '8867-4', '59408-5', '2708-6']));
    const meds = of<{
      medicationCodeableConcept: { text: string; coding?: { system: string; code: string }[] };
      dosage: { dose: { value: number; code?: string } };
    }>('MedicationAdministration');
    expect(meds.map((m) => m.medicationCodeableConcept.text)).toEqual(['Midazolam', 'Fentanyl']);
    expect(meds[0]!.medicationCodeableConcept.coding?.[0]).toMatchObject({ code: '6960' });
    expect(meds[1]!.dosage.dose).toMatchObject({ value: 50, code: 'ug' });
    expect(of('Procedure')).toHaveLength(1);
    expect(of('Composition')).toHaveLength(1);

    const rows = await emrWriteBacks(c.member.browser, c.orgId);
    expect(rows).toEqual([
      expect.objectContaining({ compositionId: c.caseId, event: 'case.finalized', status: 'done', attempts: 1 }),
    ]);
    expect(rows[0]!.written).toHaveLength(bundle.entry.length);

    // An addendum is written back too: its PDF and the Composition.
    const added = await addAddendum(server, c.member.browser, c.orgId, c.caseId, {
      title: 'Late entry',
      text: 'Patient called the next day: doing well.',
      signerName: 'Dr Grace Hopper',
      signature: SIGNATURE,
    });
    expect(added.status).toBe(201);
    await eventually(async () => {
      const latest = (await emrWriteBacks(c.member.browser, c.orgId))[0]!;
      expect(latest).toMatchObject({ event: 'addendum.signed', status: 'done' });
    }, 20_000);
    const amended = received.filter((r) => r.tenant === 'office-a')[1]!.bundle;
    expect(amended.entry.map((e) => e.resource.resourceType).sort()).toEqual([
      'Composition',
      'DocumentReference',
      'Patient',
    ]);
  }, 120_000);

  it('retries after the EMR answered 500, keeping the local finalize, and lists both attempts', async () => {
    const c = await chartedCase(server);
    await connect(c.member.browser, c.orgId, 'office-b');
    failNext.add('office-b');
    expect(await finalizeSteps(server, c)).toEqual(EMR_FINALIZE_STEPS.failed);
    const failed = (await emrWriteBacks(c.member.browser, c.orgId))[0]!;
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed.lastError).toContain('HTTP 500');
    // EMR5: tried again 10 s after the first attempt.
    await eventually(async () => {
      const row = (await emrWriteBacks(c.member.browser, c.orgId))[0]!;
      expect(row).toMatchObject({ status: 'done', attempts: 2, lastError: null });
    }, 30_000);
    expect(received.filter((r) => r.tenant === 'office-b')).toHaveLength(2);
  }, 120_000);
});
