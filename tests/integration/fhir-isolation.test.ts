import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORG_TAG_SYSTEM, type AuditEvent, type Bundle, type Patient } from '@vigil/shared';
import { startServer, type TestServer } from '../utils/start-server.js';
import { eventually } from '../utils/yjs-clients.js';
import {
  codeOf,
  createOrg,
  expectValidFhir,
  fhir,
  openSse,
  patientBody,
  signedInUser,
  type FhirUser,
  type SseReader,
} from './fhir-helpers.js';

let server: TestServer;
let alice: FhirUser;
let bob: FhirUser;
const A = 'alpha-dental';
const B = 'bravo-dental';
let patientId: string;
let liveId: string;
const readers: SseReader[] = [];

beforeAll(async () => {
  server = await startServer();
  [alice, bob] = await Promise.all([signedInUser(server, 'alice@alpha.test'), signedInUser(server, 'bob@bravo.test')]);
  await createOrg(alice, A);
  await createOrg(bob, B);
  for (let i = 0; i < 3; i += 1) {
    const res = await fhir<Patient>(server, alice.browser, 'POST', `${A}/Patient`, patientBody(`Alpha${i}`, 'Patient'));
    patientId = res.body.id!;
  }
  await fhir(server, alice.browser, 'PUT', `${A}/Patient/${patientId}`, {
    ...patientBody('Alpha2', 'Renamed'),
    id: patientId,
  });
});
afterAll(async () => {
  for (const r of readers) r.stop();
  await server.dispose();
});

describe("one organisation's resources are unreachable from another", () => {
  it.each([
    ['read', 'GET', () => `${A}/Patient/${patientId}`],
    ['version read', 'GET', () => `${A}/Patient/${patientId}/_history/1`],
    ['history', 'GET', () => `${A}/Patient/${patientId}/_history`],
    ['search', 'GET', () => `${A}/Patient?name=alpha`],
    ['audit trail', 'GET', () => `${A}/AuditEvent`],
    ['update', 'PUT', () => `${A}/Patient/${patientId}`],
    ['create', 'POST', () => `${A}/Patient`],
    ['delete', 'DELETE', () => `${A}/Patient/${patientId}`],
  ])('refuses %s in the other organisation with 403 NOT_AUTHORIZED', async (_label, method, p) => {
    const body =
      method === 'PUT' || method === 'POST'
        ? { ...patientBody('Bob', 'Intruder'), ...(method === 'PUT' ? { id: patientId } : {}) }
        : undefined;
    const res = await fhir(server, bob.browser, method, p(), body);
    expect([res.status, codeOf(res)]).toEqual([403, 'NOT_AUTHORIZED']);
    expectValidFhir(res.body);
  });

  it('left the resource untouched by the refused writes', async () => {
    const res = await fhir<Patient>(server, alice.browser, 'GET', `${A}/Patient/${patientId}`);
    expect(res.status).toBe(200);
    expect(res.body.meta?.versionId).toBe('2');
    expect(res.body.name?.[0]?.family).toBe('Renamed');
  });

  it("does not find the other organisation's resource under its own organisation, by id, search or history", async () => {
    expect((await fhir(server, bob.browser, 'GET', `${B}/Patient/${patientId}`)).status).toBe(404);
    expect((await fhir(server, bob.browser, 'GET', `${B}/Patient/${patientId}/_history`)).status).toBe(404);
    expect((await fhir(server, bob.browser, 'GET', `${B}/Patient/${patientId}/_history/1`)).status).toBe(404);
    const search = await fhir<Bundle>(server, bob.browser, 'GET', `${B}/Patient?name=alpha`);
    expect([search.status, search.body.total]).toEqual([200, 0]);
    const all = await fhir<Bundle>(server, bob.browser, 'GET', `${B}/Patient?_id=${patientId}`);
    expect(all.body.total).toBe(0);
  });

  it("refuses the other organisation's paging links and history links", async () => {
    const page = await fhir<Bundle>(server, alice.browser, 'GET', `${A}/Patient?_count=1`);
    const links = [...(page.body.link ?? []).map((l) => l.url), page.body.entry![0]!.fullUrl!];
    expect(links.length).toBeGreaterThanOrEqual(3);
    const history = await fhir<Bundle>(server, alice.browser, 'GET', `${A}/Patient/${patientId}/_history?_count=1`);
    links.push(...(history.body.link ?? []).map((l) => l.url));
    for (const url of links) {
      const res = await fhir(server, bob.browser, 'GET', url);
      expect([url, res.status]).toEqual([url, 403]);
      // Rewriting the organisation in the link reaches only the caller's own (empty) organisation.
      const rewritten = await fhir<Bundle>(server, bob.browser, 'GET', url.replace(`/${A}/`, `/${B}/`));
      expect(rewritten.status === 404 || rewritten.body.total === 0).toBe(true);
    }
  });

  it("refuses another organisation's id (409, issue 24 item 2) and ignores a forged organisation tag", async () => {
    const forged = { ...patientBody('Bob', 'Own'), meta: { tag: [{ system: ORG_TAG_SYSTEM, code: A }] } };
    // An id belongs to one organisation forever: Bravo cannot create Alpha's patient id.
    const taken = await fhir(server, bob.browser, 'PUT', `${B}/Patient/${patientId}`, forged);
    expect(taken.status).toBe(409);
    expect((await fhir(server, bob.browser, 'GET', `${B}/Patient/${patientId}`)).status).toBe(404);
    const alpha = await fhir<Patient>(server, alice.browser, 'GET', `${A}/Patient/${patientId}`);
    expect(alpha.body.name?.[0]?.family).toBe('Renamed');
    // Under its own id the forged tag is replaced by Bravo's.
    const ownId = `pat-bravo-${Date.now()}`;
    const res = await fhir<Patient>(server, bob.browser, 'PUT', `${B}/Patient/${ownId}`, forged);
    expect(res.status).toBe(201);
    expect(res.body.meta?.tag).toEqual([{ system: ORG_TAG_SYSTEM, code: B }]);
    const bravoHistory = await fhir<Bundle>(server, bob.browser, 'GET', `${B}/Patient/${ownId}/_history`);
    expect(bravoHistory.body.total).toBe(1);
    // Cleanup so later tests see Bravo empty.
    await fhir(server, bob.browser, 'DELETE', `${B}/Patient/${ownId}`);
  });

  it('keeps audit events in the organisation where the data was read', async () => {
    const alphaAudit = await fhir<Bundle>(server, alice.browser, 'GET', `${A}/AuditEvent?_count=1000`);
    const bravoAudit = await fhir<Bundle>(server, bob.browser, 'GET', `${B}/AuditEvent?_count=1000`);
    expect(alphaAudit.body.total).toBeGreaterThan(0);
    const sites = (b: Bundle): Set<string | undefined> =>
      new Set(b.entry!.map((e) => (e.resource as { source: { site?: string } }).source.site));
    expect(sites(alphaAudit.body)).toEqual(new Set([A]));
    expect(sites(bravoAudit.body)).toEqual(new Set([B]));
  });
});

describe('live events (spec 002 §3, §7)', () => {
  it('refuses a stream without a session (401) and of another organisation (403)', async () => {
    const anonymous = await openSse(server, null, A);
    readers.push(anonymous);
    expect(anonymous.status).toBe(401);
    const other = await openSse(server, bob.browser, A);
    readers.push(other);
    expect(other.status).toBe(403);
  });

  it("delivers create, update and delete events to the organisation's own streams only", async () => {
    const alphaStream = await openSse(server, alice.browser, A);
    const bravoStream = await openSse(server, bob.browser, B);
    readers.push(alphaStream, bravoStream);
    expect([alphaStream.status, bravoStream.status]).toEqual([200, 200]);

    const created = await fhir<Patient>(server, alice.browser, 'POST', `${A}/Patient`, patientBody('Live', 'Event'));
    const id = created.body.id!;
    liveId = id;
    await fhir(server, alice.browser, 'PUT', `${A}/Patient/${id}`, { ...patientBody('Live', 'Updated'), id });
    await fhir(server, alice.browser, 'DELETE', `${A}/Patient/${id}`);
    const bravoPatient = await fhir<Patient>(server, bob.browser, 'POST', `${B}/Patient`, patientBody('Bravo', 'Only'));
    // Alpha's last event, published after Bravo's: a stream's events arrive in order, so a Bravo event
    // leaked to Alpha's stream would be there before it (no waiting for "nothing" to arrive).
    const marker = await fhir<Patient>(server, alice.browser, 'POST', `${A}/Patient`, patientBody('Alpha', 'Marker'));

    await alphaStream.waitFor(4);
    await bravoStream.waitFor(1);
    const alphaData = alphaStream.events
      .filter((e) => e.event === undefined)
      .map((e) => e.data as Record<string, unknown>);
    expect(alphaData.map((d) => [d.action, d.orgId, d.resourceType, d.resourceId])).toEqual([
      ['CreateResource', A, 'Patient', id],
      ['UpdateResource', A, 'Patient', id],
      ['DeleteResource', A, 'Patient', id],
      ['CreateResource', A, 'Patient', marker.body.id],
    ]);
    const [first] = alphaData;
    expect(first!.filterData).toMatchObject({ name: expect.arrayContaining(['live']) as unknown });
    const resources = JSON.parse(first!.resourcesJSON as string) as Patient[];
    expect(resources[0]?.id).toBe(id);
    expectValidFhir(resources[0]);
    expect(JSON.parse(alphaData[2]!.resourcesJSON as string)).toEqual([]);

    // Bravo's one event was published after Alpha's first three: any of those leaked would be before it.
    const bravoData = bravoStream.events
      .filter((e) => e.event === undefined)
      .map((e) => e.data as Record<string, unknown>);
    expect(bravoData.map((d) => [d.orgId, d.resourceId])).toEqual([[B, bravoPatient.body.id]]);
    expect(alphaData.some((d) => d.orgId === B)).toBe(false);
  });

  it("resumes from Last-Event-ID with the organisation's own missed events only", async () => {
    const alphaStream = await openSse(server, alice.browser, A);
    readers.push(alphaStream);
    await fhir(server, alice.browser, 'POST', `${A}/Patient`, patientBody('Before', 'Gap'));
    await alphaStream.waitFor(1);
    const lastId = alphaStream.events.filter((e) => e.event === undefined).at(-1)!.id!;
    alphaStream.stop();

    const missedA = await fhir<Patient>(server, alice.browser, 'POST', `${A}/Patient`, patientBody('Missed', 'One'));
    await fhir(server, bob.browser, 'POST', `${B}/Patient`, patientBody('Bravo', 'Meanwhile'));

    const resumed = await openSse(server, alice.browser, A, { 'last-event-id': lastId });
    readers.push(resumed);
    // The replay is read before `ready` and sent before anything live: an event published after
    // `ready` ends what the replay holds.
    await resumed.waitForReady();
    const liveA = await fhir<Patient>(server, alice.browser, 'POST', `${A}/Patient`, patientBody('Live', 'After'));
    await resumed.waitFor(2);
    const data = resumed.events.filter((e) => e.event === undefined).map((e) => e.data as Record<string, unknown>);
    expect(data.map((d) => [d.orgId, d.resourceId])).toEqual([
      [A, missedA.body.id],
      [A, liveA.body.id],
    ]);

    // Bravo resuming from Alpha's event id gets nothing of Alpha's.
    const bravoResumed = await openSse(server, bob.browser, B, { 'last-event-id': lastId });
    readers.push(bravoResumed);
    await bravoResumed.waitForReady();
    const liveB = await fhir<Patient>(server, bob.browser, 'POST', `${B}/Patient`, patientBody('Bravo', 'Live'));
    const bravoData = (): Record<string, unknown>[] =>
      bravoResumed.events.filter((e) => e.event === undefined).map((e) => e.data as Record<string, unknown>);
    await eventually(() => expect(bravoData().map((d) => d.resourceId)).toContain(liveB.body.id));
    expect(bravoData().length).toBeGreaterThan(1);
    expect(bravoData().every((d) => d.orgId === B)).toBe(true);
  });

  it('audits opening a stream and every patient resource it delivers', async () => {
    const res = await fhir<Bundle<AuditEvent>>(server, alice.browser, 'GET', `${A}/AuditEvent?_count=1000`);
    const viaStream = res.body
      .entry!.map((e) => e.resource!)
      .filter((a) => a.entity?.some((x) => x.description === `fhir-sse/org/${A}`));
    expect(viaStream.some((a) => a.action === 'E')).toBe(true);
    const delivered = viaStream.filter((a) => a.action === 'R').map((a) => a.entity?.[0]?.what?.reference);
    expect(delivered).toContain(`Patient/${liveId}`);
    expect(viaStream.every((a) => a.agent[0]?.who?.identifier?.value === alice.userId)).toBe(true);
  });
});
