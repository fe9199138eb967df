import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { ANESTHESIA_RECORD_TYPE, contentHash, randomAlphanumeric, type Composition } from '@vigil/shared';
import { CASE_DATA_EXTENSION } from '../../sync-server/src/sync/projection.js';
import { startServer, type TestServer } from '../utils/start-server.js';
import { orgMember, type OrgMember } from '../utils/members.js';
import { connectClient, eventually, synced, type YClient } from '../utils/yjs-clients.js';
import { expectValidFhir, fhir } from './fhir-helpers.js';

interface Attachment {
  contentType: string;
  data: string;
  size: number;
  hash: string;
}

const record = (id: string): Composition & { id: string } => ({
  resourceType: 'Composition',
  id,
  status: 'preliminary',
  type: { coding: [{ ...ANESTHESIA_RECORD_TYPE }] },
  date: '2026-11-21T10:00:00Z',
  author: [{ reference: 'Practitioner/prc-1' }],
  title: 'Anesthesia record',
});

const caseDataOf = (c: Composition): Attachment | undefined =>
  c.extension?.find((e) => e.url === CASE_DATA_EXTENSION)?.valueAttachment as Attachment | undefined;

describe('the Composition of a case document is a projection of its content (issue 6)', () => {
  let server: TestServer;
  let a: OrgMember;
  let b: OrgMember;
  const clients: YClient[] = [];
  const client = (room: string, member: OrgMember): YClient => {
    const c = connectClient(server.url, room, { token: member.token });
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    server = await startServer();
    [a, b] = await Promise.all([orgMember(server.url), orgMember(server.url)]);
  });
  afterAll(async () => {
    for (const c of clients) c.destroy();
    await server.dispose();
  });

  it('a y-websocket client charts; the Composition read over /api/fhir shows the content; another org never sees it', async () => {
    const docId = `cmp-${randomAlphanumeric(14)}`;
    const orphanId = `cmp-${randomAlphanumeric(14)}`;
    expect((await fhir(server, a.browser, 'PUT', `${a.orgId}/Composition/${docId}`, record(docId))).status).toBe(201);
    // Another organisation cannot take the same id (issue 24 item 2: the first use owns an id).
    expect((await fhir(server, b.browser, 'PUT', `${b.orgId}/Composition/${docId}`, record(docId))).status).toBe(409);
    // Its own record (another id) is never written by A's projection.
    const theirId = `cmp-${randomAlphanumeric(14)}`;
    expect((await fhir(server, b.browser, 'PUT', `${b.orgId}/Composition/${theirId}`, record(theirId))).status).toBe(
      201,
    );

    // A case document without a Composition: charted, never projected anywhere.
    const orphan = client(`${a.orgId}/${orphanId}`, a);
    await synced(orphan.provider);
    orphan.doc.getMap('case').set('procedure', 'no record for this one');

    const tablet = client(`${a.orgId}/${docId}`, a);
    await synced(tablet.provider);
    const chart = tablet.doc.getMap('case');
    tablet.doc.transact(() => {
      chart.set('procedure', 'Extraction #14');
      chart.set('asaClassification', '2');
      const vitals = new Y.Array<Y.Map<unknown>>();
      chart.set('vitalsRecords', vitals);
      const v = new Y.Map<unknown>();
      v.set('hr', 72);
      v.set('spo2', 99);
      vitals.push([v]);
    });
    const expected = chart.toJSON();

    let projected: Composition | undefined;
    await eventually(
      async () => {
        const res = await fhir<Composition>(server, a.browser, 'GET', `${a.orgId}/Composition/${docId}`);
        expect(res.status).toBe(200);
        expect(caseDataOf(res.body)).toBeDefined();
        projected = res.body;
      },
      30_000,
      250,
    );
    const attachment = caseDataOf(projected!)!;
    expect(attachment.contentType).toBe('application/json');
    expect(JSON.parse(Buffer.from(attachment.data, 'base64').toString('utf8'))).toEqual(expected);
    expect(Buffer.from(attachment.hash, 'base64').toString('hex')).toBe(contentHash(expected));
    expect(projected!.meta?.versionId).toBe('2');
    expectValidFhir(projected);

    // The orphan document got no Composition.
    expect((await fhir(server, a.browser, 'GET', `${a.orgId}/Composition/${orphanId}`)).status).toBe(404);

    // Another organisation: not through A's URL, and its own record with the same id is untouched.
    expect((await fhir(server, b.browser, 'GET', `${a.orgId}/Composition/${docId}`)).status).toBe(403);
    const theirs = await fhir<Composition>(server, b.browser, 'GET', `${b.orgId}/Composition/${theirId}`);
    expect(theirs.status).toBe(200);
    expect(caseDataOf(theirs.body)).toBeUndefined();
    expect(theirs.body.meta?.versionId).toBe('1');
    const search = await fhir<{ entry?: { resource: Composition }[] }>(
      server,
      b.browser,
      'GET',
      `${b.orgId}/Composition`,
    );
    expect(JSON.stringify(search.body)).not.toContain('Extraction #14');
  });

  it('a later edit refreshes the projection', async () => {
    const docId = `cmp-${randomAlphanumeric(14)}`;
    expect((await fhir(server, a.browser, 'PUT', `${a.orgId}/Composition/${docId}`, record(docId))).status).toBe(201);
    const tablet = client(`${a.orgId}/${docId}`, a);
    await synced(tablet.provider);
    tablet.doc.getMap('case').set('procedure', 'first');
    const read = async (): Promise<unknown> => {
      const res = await fhir<Composition>(server, a.browser, 'GET', `${a.orgId}/Composition/${docId}`);
      const att = caseDataOf(res.body);
      return att ? JSON.parse(Buffer.from(att.data, 'base64').toString('utf8')) : undefined;
    };
    await eventually(async () => expect(await read()).toEqual({ procedure: 'first' }), 30_000, 250);
    tablet.doc.getMap('case').set('procedure', 'second');
    await eventually(async () => expect(await read()).toEqual({ procedure: 'second' }), 30_000, 250);
  });
});

describe('a server that stops projects what its rooms hold first', () => {
  let first: TestServer | undefined;
  let restarted: TestServer | undefined;

  afterAll(async () => {
    // The restarted server runs on the first one's directory and database; the first deletes them.
    await restarted?.dispose();
    await first?.dispose();
  });

  it('a change made just before SIGTERM is on the Composition after the restart (the last projections end before their worker)', async () => {
    first = await startServer();
    const member = await orgMember(first.url);
    const docId = `cmp-${randomAlphanumeric(14)}`;
    const put = await fhir(first, member.browser, 'PUT', `${member.orgId}/Composition/${docId}`, record(docId));
    expect(put.status).toBe(201);
    const room = `${member.orgId}/${docId}`;
    const tablet = connectClient(first.url, room, { token: member.token });
    await synced(tablet.provider);
    tablet.doc.getMap('case').set('procedure', 'charted before the stop');
    // Stored on the server: a second client reads it back. The projection itself waits
    // PROJECT_AFTER_MS (15 s), so it is the server's stop that projects it.
    const reader = connectClient(first.url, room, { token: member.token });
    await synced(reader.provider);
    await eventually(() => expect(reader.doc.getMap('case').get('procedure')).toBe('charted before the stop'), 10_000);
    reader.destroy();
    tablet.destroy();
    expect(await first.stop('SIGTERM')).toBe(0);
    expect(
      first.logs.filter(
        (l) => String(l.msg).includes('projection failed') || String(l.msg).includes('could not project'),
      ),
    ).toEqual([]);

    restarted = await startServer({ dataDir: first.dataDir });
    const res = await fhir<Composition>(restarted, member.browser, 'GET', `${member.orgId}/Composition/${docId}`);
    expect(res.status).toBe(200);
    const attachment = caseDataOf(res.body);
    expect(attachment).toBeDefined();
    expect(JSON.parse(Buffer.from(attachment!.data, 'base64').toString('utf8'))).toEqual({
      procedure: 'charted before the stop',
    });
  });
});
