import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEvent, ParentAppointmentView } from '@vigil/shared';
import { startServer, type TestServer } from '../utils/start-server.js';
import { Browser } from './accounts-client.js';
import { fhir, patientBody } from './fhir-helpers.js';
import { adminCli, createOrg, join, person, type Person } from './orgs-helpers.js';

/*
 * The parent organisation's calendar (issue 41 "Parent organisation"): the appointments of its
 * offices in a range, on one grid, by start, with an office filter; the parent's admins only.
 */

const FIELDS = 'id orgId orgName start end status finalized description patient provider place';
const DAY = 24 * 60 * 60 * 1000;
// December 2026, whatever the day the test runs: the calendar reads the appointments' own times.
const from = Date.UTC(2026, 11, 1);
const to = Date.UTC(2026, 11, 31);
const at = (day: number, hour: number): number => Date.UTC(2026, 11, day, hour);

let server: TestServer;
let parentAdmin: Person;
let eastAdmin: Person;
let eastMember: Person;
let westAdmin: Person;
let otherAdmin: Person;

async function calendar(browser: Browser, args: Record<string, unknown>) {
  return browser.gql<{ parentAppointments: ParentAppointmentView[] }>(
    `query ($p: String, $from: Float!, $to: Float!, $o: String, $first: Int, $after: String) {
      parentAppointments(parentOrgId: $p, from: $from, to: $to, orgId: $o, first: $first, after: $after) { ${FIELDS} }
    }`,
    { p: 'cal-group', from, to, first: 50, ...args },
  );
}

async function book(who: Person, orgId: string, given: string, start: number, status = 'booked'): Promise<string> {
  const patient = await fhir<{ id: string }>(
    server,
    who.browser,
    'POST',
    `${orgId}/Patient`,
    patientBody(given, 'Moreau'),
  );
  const made = await fhir<{ id: string }>(server, who.browser, 'POST', `${orgId}/Appointment`, {
    resourceType: 'Appointment',
    status,
    description: `${given}'s extractions`,
    start: new Date(start).toISOString(),
    end: new Date(start + 3_600_000).toISOString(),
    participant: [{ actor: { reference: `Patient/${patient.body.id}` }, status: 'accepted' }],
  });
  expect(made.status).toBe(201);
  return made.body.id;
}

const ids: Record<string, string> = {};

beforeAll(async () => {
  server = await startServer();
  const [p, e, m, w, o, uber] = await Promise.all(
    ['parent', 'east', 'member', 'west', 'other', 'uber'].map((n) => person(server, `${n}@cal.test`)),
  );
  [parentAdmin, eastAdmin, eastMember, westAdmin, otherAdmin] = [p!, e!, m!, w!, o!];
  for (const [who, id, type] of [
    [parentAdmin, 'cal-group', 'parent'],
    [eastAdmin, 'cal-east', 'regular'],
    [westAdmin, 'cal-west', 'regular'],
    [otherAdmin, 'cal-elsewhere', 'regular'],
  ] as const) {
    const made = await createOrg(who, id, type);
    if (made.code) throw new Error(made.code);
  }
  expect((await adminCli(server, 'make-uber', uber!.email)).code).toBe(0);
  for (const child of ['cal-east', 'cal-west']) {
    const linked = await uber!.browser.gql(
      'mutation ($o: String) { updateOrg(orgId: $o, properties: { parentOrgs: ["cal-group"] }) { id } }',
      { o: child },
    );
    if (linked.code) throw new Error(linked.code);
  }
  await join(server, eastAdmin, 'cal-east', eastMember, ['member']);
  ids.eastEarly = await book(eastAdmin, 'cal-east', 'Amélie', at(3, 9));
  ids.westSame = await book(westAdmin, 'cal-west', 'Bruno', at(3, 9), 'noshow');
  ids.eastLate = await book(eastAdmin, 'cal-east', 'Claire', at(20, 14), 'cancelled');
  ids.westLast = await book(westAdmin, 'cal-west', 'Denis', at(30, 23));
  // Outside the range (the day after it ends), and in an office that is not the parent's.
  await book(westAdmin, 'cal-west', 'Émile', to + 60_000);
  await book(otherAdmin, 'cal-elsewhere', 'Fanny', at(10, 9));
}, 240_000);

afterAll(async () => {
  await server?.dispose();
});

describe("the parent organisation's calendar (issue 41)", () => {
  it("lists its offices' appointments in the range by start, then office, each with its office, status and names", async () => {
    const rows = (await calendar(parentAdmin.browser, {})).data?.parentAppointments ?? [];
    expect(rows.map((r) => [r.orgId, r.id, r.start, r.status, r.patient])).toEqual([
      ['cal-east', ids.eastEarly, at(3, 9), 'booked', 'Amélie Moreau'],
      ['cal-west', ids.westSame, at(3, 9), 'noshow', 'Bruno Moreau'],
      ['cal-east', ids.eastLate, at(20, 14), 'cancelled', 'Claire Moreau'],
      ['cal-west', ids.westLast, at(30, 23), 'booked', 'Denis Moreau'],
    ]);
    expect(rows[0]).toMatchObject({
      orgName: 'Org cal-east',
      end: at(3, 10),
      finalized: false,
      description: "Amélie's extractions",
    });
  });

  it('filters to one office, and pages after the last row seen without skipping or repeating', async () => {
    const west = (await calendar(parentAdmin.browser, { o: 'cal-west' })).data?.parentAppointments ?? [];
    expect(west.map((r) => r.id)).toEqual([ids.westSame, ids.westLast]);
    const first = (await calendar(parentAdmin.browser, { first: 1 })).data?.parentAppointments ?? [];
    expect(first.map((r) => r.id)).toEqual([ids.eastEarly]);
    const cursor = `${first[0]!.start}|${first[0]!.orgId}|${first[0]!.id}`;
    const next = (await calendar(parentAdmin.browser, { first: 2, after: cursor })).data?.parentAppointments ?? [];
    expect(next.map((r) => r.id)).toEqual([ids.westSame, ids.eastLate]);
  });

  it('refuses a range over 62 days or ending before it starts, and an office that is not its own', async () => {
    expect((await calendar(parentAdmin.browser, { to: from + 63 * DAY })).code).toBe('INVALID_INPUT');
    expect((await calendar(parentAdmin.browser, { to: from })).code).toBe('INVALID_INPUT');
    expect((await calendar(parentAdmin.browser, { o: 'cal-elsewhere' })).code).toBe('NOT_FOUND');
  });

  it("refuses an office's admin or member, another organisation's admin and a signed-out caller", async () => {
    expect((await calendar(eastAdmin.browser, {})).code).toBe('NOT_AUTHORIZED');
    expect((await calendar(eastMember.browser, {})).code).toBe('NOT_AUTHORIZED');
    expect((await calendar(otherAdmin.browser, {})).code).toBe('NOT_AUTHORIZED');
    expect((await calendar(new Browser(server.url), {})).code).toBe('NO_AUTHENTICATION');
  });

  it("records the parent admin's read in each office's audit trail, naming the patients read", async () => {
    await calendar(parentAdmin.browser, { o: 'cal-west' });
    const audit = await fhir<{ entry?: { resource: AuditEvent }[] }>(
      server,
      westAdmin.browser,
      'GET',
      'cal-west/AuditEvent?_count=100',
    );
    const reads = (audit.body.entry ?? [])
      .map((e) => e.resource)
      .filter((e) => e.entity?.some((x) => x.description === 'parent-calendar'));
    expect(reads.length).toBeGreaterThan(0);
    expect(new Set(reads.map((e) => e.agent[0]?.who?.identifier?.value))).toEqual(new Set([parentAdmin.userId]));
  });
});
