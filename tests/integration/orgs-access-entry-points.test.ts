import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../utils/start-server.js';
import { adminCli, createOrg, join, person, type Person } from './orgs-helpers.js';

/**
 * Issue 26: one access module (sync-server/src/access/) decides organisation access for every
 * entry point. The GraphQL calls have their own matrix (orgs-access-matrix.test.ts); this one
 * runs the other entry points — the FHIR API, its live events (SSE), the sync websocket upgrade
 * and the signed-PDF links — for the same kinds of caller against the real server, so each is
 * seen to give the same answer: the office's members, a member of its parent organisation and an
 * internal uber are in (spec 000 §6); another office's admin is refused.
 */

const CALLERS = ['admin', 'member', 'parentAdmin', 'internalUber', 'otherOrgAdmin'] as const;
type Caller = (typeof CALLERS)[number];
const ALLOWED: readonly Caller[] = ['admin', 'member', 'parentAdmin', 'internalUber'];

describe('organisation access at every entry point (one access module)', () => {
  let server: TestServer;
  const people = {} as Record<Caller, Person>;
  const office = 'entry-office';

  beforeAll(async () => {
    server = await startServer();
    const [admin, member, parentAdmin, internalUber, otherOrgAdmin] = await Promise.all(
      CALLERS.map((c) => person(server, `${c.toLowerCase()}@example.com`)),
    );
    Object.assign(people, { admin, member, parentAdmin, internalUber, otherOrgAdmin });
    expect((await createOrg(admin!, office)).code).toBeUndefined();
    expect((await createOrg(parentAdmin!, 'entry-group', 'parent')).code).toBeUndefined();
    expect((await createOrg(otherOrgAdmin!, 'entry-elsewhere')).code).toBeUndefined();
    await join(server, admin!, office, member!, ['member']);
    expect((await adminCli(server, 'make-uber', internalUber!.email)).code).toBe(0);
    const linked = await internalUber!.browser.gql(
      'mutation ($orgId: String, $p: OrgProperties!) { updateOrg(orgId: $orgId, properties: $p) { parentOrgs } }',
      { orgId: office, p: { parentOrgs: ['entry-group'] } },
    );
    expect(linked.data).toEqual({ updateOrg: { parentOrgs: ['entry-group'] } });
  }, 180_000);

  afterAll(async () => {
    await server?.dispose();
  });

  const cookieOf = (who: Person): string => [...who.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

  it('FHIR API: a search of the office’s patients', async () => {
    const statuses: Record<string, number> = {};
    for (const caller of CALLERS) {
      const res = await fetch(`${server.url}/api/fhir/${office}/Patient`, {
        headers: { cookie: cookieOf(people[caller]) },
      });
      statuses[caller] = res.status;
      await res.body?.cancel();
    }
    expect(statuses).toEqual(Object.fromEntries(CALLERS.map((c) => [c, ALLOWED.includes(c) ? 200 : 403])));
  });

  it('FHIR live events (SSE): opening the office’s stream', async () => {
    const statuses: Record<string, number> = {};
    for (const caller of CALLERS) {
      const abort = new AbortController();
      const res = await fetch(`${server.url}/api/fhir-sse/org/${office}`, {
        headers: { cookie: cookieOf(people[caller]) },
        signal: abort.signal,
      });
      statuses[caller] = res.status;
      abort.abort();
    }
    expect(statuses).toEqual(Object.fromEntries(CALLERS.map((c) => [c, ALLOWED.includes(c) ? 200 : 403])));
  });

  it('sync: the websocket upgrade into one of the office’s case documents (4403 when refused)', async () => {
    const outcome = (who: Person): Promise<string> =>
      new Promise((resolve) => {
        const ws = new WebSocket(
          `${server.url.replace('http', 'ws')}/api/sync/${office}/cmp-entry-${who.userId}?token=${who.browser.token}`,
        );
        // An admitted client is sent the document's first sync message; a refused one only a close code.
        ws.on('message', () => {
          resolve('open');
          ws.close();
        });
        ws.on('close', (code) => resolve(String(code)));
        ws.on('error', () => undefined);
      });
    const outcomes: Record<string, string> = {};
    for (const caller of CALLERS) outcomes[caller] = await outcome(people[caller]);
    expect(outcomes).toEqual(Object.fromEntries(CALLERS.map((c) => [c, ALLOWED.includes(c) ? 'open' : '4403'])));
  });

  it('signed-PDF links: asking for a link (an unknown PDF is NOT_FOUND only to whoever may see the office)', async () => {
    const codes: Record<string, string | undefined> = {};
    for (const caller of CALLERS) {
      const r = await people[caller].browser.gql(
        'query ($o: String!, $p: String!) { pdfUrl(orgId: $o, pdfId: $p) { url } }',
        { o: office, p: 'pdf-none' },
      );
      codes[caller] = r.code;
    }
    expect(codes).toEqual(
      Object.fromEntries(CALLERS.map((c) => [c, ALLOWED.includes(c) ? 'NOT_FOUND' : 'NOT_AUTHORIZED'])),
    );
  });

  it('appointment operations (issue 40): marking the office’s appointment arrived', async () => {
    const cookie = cookieOf(people.admin);
    const post = async (type: string, body: unknown): Promise<string> => {
      const res = await fetch(`${server.url}/api/fhir/${office}/${type}`, {
        method: 'POST',
        headers: { 'content-type': 'application/fhir+json', cookie },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    const patientId = await post('Patient', {
      resourceType: 'Patient',
      name: [{ given: ['Ana'], family: 'Lopez' }],
      birthDate: '1990-05-17',
    });
    const appointmentId = await post('Appointment', {
      resourceType: 'Appointment',
      status: 'booked',
      start: '2026-12-01T15:00:00.000Z',
      end: '2026-12-01T16:00:00.000Z',
      participant: [{ actor: { reference: `Patient/${patientId}` }, status: 'accepted' }],
    });
    const statuses: Record<string, number> = {};
    for (const caller of CALLERS) {
      const res = await fetch(`${server.url}/api/appointments/${office}/${appointmentId}/status`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: cookieOf(people[caller]) },
        body: JSON.stringify({ status: 'arrived' }),
      });
      statuses[caller] = res.status;
      await res.body?.cancel();
    }
    expect(statuses).toEqual(Object.fromEntries(CALLERS.map((c) => [c, ALLOWED.includes(c) ? 200 : 403])));
  });
});
