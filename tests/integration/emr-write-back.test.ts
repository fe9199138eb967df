import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { validateResource as validateR4 } from '@medplum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../utils/start-server.js';
import type { Browser } from './accounts-client.js';
// Imported for the FHIR R4 structure definitions it indexes for @medplum/core's validator.
import './fhir-helpers.js';
import { addAddendum, chartedCase, finalize, SIGNATURE } from './report-helpers.js';
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

interface Entry {
  resource: Record<string, unknown> & { resourceType: string };
  request: { method: string; url: string; ifNoneExist?: string };
}
interface Received {
  tenant: string;
  authorization: string | undefined;
  bundle: { resourceType: string; type: string; entry: Entry[] };
}

const body = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => resolve(text));
  });

const WRITE_BACKS =
  'query ($o: String!) { emrWriteBacks(orgId: $o) { compositionId event status attempts lastError written } }';
interface WriteBackRow {
  compositionId: string;
  event: string;
  status: string;
  attempts: number;
  lastError: string | null;
  written: string[];
}

describe('EMR write-back at finalize (issue 42)', () => {
  let server: TestServer;
  let base = '';
  const received: Received[] = [];
  const tokenGrants: string[] = [];
  /** Tenants whose next transaction answers 500. */
  const failNext = new Set<string>();

  /** The EMR: per tenant (`/{tenant}/…`) a SMART configuration, a token endpoint and the transaction endpoint. */
  const emr = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', base);
      const [, tenant = '', ...rest] = url.pathname.split('/');
      const path = `/${rest.join('/')}`;
      const json = (status: number, value: unknown): void => {
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      };
      if (path === '/.well-known/smart-configuration') {
        return json(200, {
          token_endpoint: `${base}/${tenant}/token`,
          authorization_endpoint: `${base}/${tenant}/auth`,
          code_challenge_methods_supported: ['S256'],
          capabilities: ['client-confidential-symmetric'],
        });
      }
      if (path === '/token' && req.method === 'POST') {
        const form = new URLSearchParams(await body(req));
        const basic = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;
        if (req.headers.authorization !== basic) return json(401, { error: 'invalid_client' });
        tokenGrants.push(`${form.get('grant_type')} ${form.get('scope')}`);
        return json(200, { access_token: `emr-token-${tenant}`, token_type: 'Bearer', expires_in: 3600 });
      }
      if (path === '/' && req.method === 'POST') {
        if (req.headers.authorization !== `Bearer emr-token-${tenant}`) return json(401, {});
        const bundle = JSON.parse(await body(req)) as Received['bundle'];
        received.push({ tenant, authorization: req.headers.authorization, bundle });
        if (failNext.delete(tenant)) return json(500, { resourceType: 'OperationOutcome' });
        return json(200, {
          resourceType: 'Bundle',
          type: 'transaction-response',
          entry: bundle.entry.map((e, i) => ({
            response: { status: '201 Created', location: `${e.resource.resourceType}/${tenant}-${i}/_history/1` },
          })),
        });
      }
      return json(404, {});
    })();
  });

  const connect = async (browser: Browser, orgId: string, tenant: string): Promise<void> => {
    const r = await browser.gql(
      'mutation ($o: String!, $i: String!, $c: String!, $s: String) { setEmrConnection(orgId: $o, iss: $i, clientId: $c, clientSecret: $s) { iss } }',
      { o: orgId, i: `${base}/${tenant}`, c: CLIENT_ID, s: CLIENT_SECRET },
    );
    expect(r.errors).toBeUndefined();
  };

  const writeBacks = async (browser: Browser, orgId: string): Promise<WriteBackRow[]> => {
    const r = await browser.gql<{ emrWriteBacks: WriteBackRow[] }>(WRITE_BACKS, { o: orgId });
    expect(r.errors).toBeUndefined();
    return r.data!.emrWriteBacks;
  };

  beforeAll(async () => {
    server = await startServer({ timeoutMs: 500_000 });
    await new Promise<void>((resolve) => emr.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(emr.address() as AddressInfo).port}`;
  }, 700_000);

  afterAll(async () => {
    await new Promise((resolve) => emr.close(resolve));
    await server?.dispose();
  });

  it('writes the signed PDF, the Composition, the vitals, each dose and the procedure as valid FHIR R4', async () => {
    const c = await chartedCase(server);
    await connect(c.member.browser, c.orgId, 'office-a');
    const reply = await finalize(server, c.member.browser, c.orgId, c.caseId, {
      signature: SIGNATURE,
      contentHash: c.hash(),
      timeZone: 'UTC',
    });
    expect(reply.lines.map((l) => l.step)).toEqual(['pdfGen', 'saveUpdates', 'emrSaveStarted', 'savedToEmr', 'done']);
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
    const of = <T = Entry['resource']>(type: string): T[] =>
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

    const rows = await writeBacks(c.member.browser, c.orgId);
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
      const latest = (await writeBacks(c.member.browser, c.orgId))[0]!;
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
    const reply = await finalize(server, c.member.browser, c.orgId, c.caseId, {
      signature: SIGNATURE,
      contentHash: c.hash(),
      timeZone: 'UTC',
    });
    expect(reply.lines.map((l) => l.step)).toEqual([
      'pdfGen',
      'saveUpdates',
      'emrSaveStarted',
      'emrSaveFailed',
      'done',
    ]);
    const failed = (await writeBacks(c.member.browser, c.orgId))[0]!;
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed.lastError).toContain('HTTP 500');
    // EMR5: tried again 10 s after the first attempt.
    await eventually(async () => {
      const row = (await writeBacks(c.member.browser, c.orgId))[0]!;
      expect(row).toMatchObject({ status: 'done', attempts: 2, lastError: null });
    }, 30_000);
    expect(received.filter((r) => r.tenant === 'office-b')).toHaveLength(2);
  }, 120_000);
});
