import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoLiveCase, DEMO_LIVE_CASE_ID } from '../../sync-server/src/live/demo.js';
import { startServer, type TestServer } from '../utils/start-server.js';
import { allResources, withStores } from '../utils/stores.js';
import { adminCli, person, sudo, type Person } from './orgs-helpers.js';

/*
 * Issue 41: the team app's last screens against the real server: every office's live cases, the
 * calendar across organisations, the read-only FHIR browser (after sudo, each read on the
 * organisation's audit trail) and the equipment planner; none of it for anyone but staff.
 */

const LIVE = 'query { teamLiveCases(first: 50) { caseId orgId orgName vitals { type value } } }';
const CALENDAR =
  'query ($from: Float!, $to: Float!, $o: String) { teamAppointments(from: $from, to: $to, orgId: $o, first: 50) { id orgId orgName start } }';
const SEARCH =
  'query ($o: String!, $t: String!, $q: String, $n: Int) { teamFhirSearch(orgId: $o, resourceType: $t, query: $q, offset: $n) }';
const READ =
  'query ($o: String!, $t: String!, $id: String!) { teamFhirRead(orgId: $o, resourceType: $t, id: $id) teamFhirHistory(orgId: $o, resourceType: $t, id: $id) }';
const EQUIPMENT =
  'query { teamEquipment(first: 10) { orgId name ordered { name } bridges { name location monitors { label protocol } } } }';

const VISIT = Date.UTC(2036, 0, 5, 15);

describe('the team’s live, calendar, FHIR and equipment screens (issue 41)', () => {
  let server: TestServer;
  let team: Person;
  let officeAdmin: Person;
  let patientId = '';
  let appointmentId = '';

  beforeAll(async () => {
    server = await startServer({ timeoutMs: 240_000 });
    [team, officeAdmin] = (await Promise.all(['team', 'admin'].map((n) => person(server, `${n}@screens.test`)))) as [
      Person,
      Person,
    ];
    expect((await adminCli(server, 'make-uber', team.email)).code).toBe(0);
    const create = 'mutation ($id: String!) { createOrg(orgId: $id, orgType: "regular", orgName: $id) { orgId } }';
    for (const id of ['clinic', 'annex']) expect((await officeAdmin.browser.gql(create, { id })).code).toBeUndefined();
    const post = async (type: string, body: unknown): Promise<string> => {
      const cookie = [...officeAdmin.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const res = await fetch(`${server.url}/api/fhir/clinic/${type}`, {
        method: 'POST',
        headers: { 'content-type': 'application/fhir+json', cookie },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    patientId = await post('Patient', { resourceType: 'Patient', name: [{ given: ['Ana'], family: 'Lopez' }] });
    appointmentId = await post('Appointment', {
      resourceType: 'Appointment',
      status: 'booked',
      start: new Date(VISIT).toISOString(),
      end: new Date(VISIT + 3_600_000).toISOString(),
      participant: [{ actor: { reference: `Patient/${patientId}` }, status: 'accepted' }],
    });
    await withStores(server.dataDir, async ({ liveCases, bridges }) => {
      await seedDemoLiveCase({ live: liveCases }, 'clinic', new Date());
      // A bridge of annex's, paired as the demo's is (the demo bridge's id may be taken by the demo office).
      const at = Date.now();
      await bridges.addPairingCode({
        ...{ codeHash: 'annex-code', orgId: 'annex', location: 'Operatory 1', createdBy: officeAdmin.userId },
        ...{ createdAt: at, expiresAt: at + 60_000 },
      });
      expect(
        await bridges.pair('annex-code', at, { id: 'brg-annex', name: 'Annex PC', secretHash: 'x' }),
      ).not.toBeNull();
      await bridges.putMonitors('brg-annex', [
        { key: 'hl7:A', label: 'Operatory 1 monitor', protocol: 'hl7', lastReadingAt: at },
        { key: 'serial:B', label: 'Operatory 1 oximeter', protocol: 'nonin', lastReadingAt: at },
      ]);
    });
  }, 300_000);

  afterAll(async () => {
    await server?.dispose();
  });

  /** The team member's AuditEvents on the clinic's trail naming `reference`. */
  const reads = (reference: string): Promise<number> =>
    withStores(server.dataDir, async ({ resources }) => {
      const events = (await allResources(resources, 'clinic', 'AuditEvent')) as unknown as {
        agent: { who: { identifier: { value: string } } }[];
        entity?: { what?: { reference: string } }[];
      }[];
      return events.filter(
        (e) =>
          e.agent[0]?.who.identifier.value === team.userId && e.entity?.some((x) => x.what?.reference === reference),
      ).length;
    });

  it('lists every office’s cases in progress with their latest vitals, to staff only', async () => {
    const live = await team.browser.gql<{
      teamLiveCases: { caseId: string; orgId: string; vitals: { type: string; value: number }[] }[];
    }>(LIVE);
    expect(live.code).toBeUndefined();
    const row = live.data!.teamLiveCases.find((c) => c.orgId === 'clinic');
    expect(row?.caseId).toBe(DEMO_LIVE_CASE_ID);
    expect(row?.vitals.find((v) => v.type === 'hr')?.value).toBe(74);
    expect((await officeAdmin.browser.gql(LIVE)).code).toBe('NOT_AUTHORIZED');
  });

  it('shows the appointments of every organisation, or one’s, to staff only, each read audited', async () => {
    const range = { from: VISIT - 86_400_000, to: VISIT + 86_400_000 };
    type Rows = { teamAppointments: { id: string; orgId: string; orgName: string }[] };
    const all = await team.browser.gql<Rows>(CALENDAR, range);
    expect(all.code).toBeUndefined();
    expect(all.data!.teamAppointments).toEqual([
      expect.objectContaining({ id: appointmentId, orgId: 'clinic', orgName: 'clinic' }),
    ]);
    const annex = await team.browser.gql<Rows>(CALENDAR, { ...range, o: 'annex' });
    expect(annex.data!.teamAppointments).toEqual([]);
    expect((await team.browser.gql(CALENDAR, { ...range, o: 'nowhere' })).code).toBe('NOT_FOUND');
    expect(await reads(`Patient/${patientId}`)).toBeGreaterThan(0);
    expect((await officeAdmin.browser.gql(CALENDAR, range)).code).toBe('NOT_AUTHORIZED');
  });

  it('browses an organisation’s resources only after sudo, every read on its audit trail as the team member’s', async () => {
    const args = { o: 'clinic', t: 'Patient', q: 'name=Lopez', n: 0 };
    expect((await officeAdmin.browser.gql(SEARCH, args)).code).toBe('NOT_AUTHORIZED');
    expect((await team.browser.gql(SEARCH, args)).code).toBe('SUDO_REQUIRED');
    const before = await reads(`Patient/${patientId}`);
    await sudo(server, team);
    const found = await team.browser.gql<{ teamFhirSearch: string }>(SEARCH, args);
    expect(found.code).toBeUndefined();
    const bundle = JSON.parse(found.data!.teamFhirSearch) as { total: number; entry: { resource: { id: string } }[] };
    expect(bundle.total).toBe(1);
    expect(bundle.entry[0]!.resource.id).toBe(patientId);
    const read = await team.browser.gql<{ teamFhirRead: string; teamFhirHistory: string }>(READ, {
      ...{ o: 'clinic', t: 'Patient', id: patientId },
    });
    expect(read.code).toBeUndefined();
    expect(JSON.parse(read.data!.teamFhirRead)).toMatchObject({ resourceType: 'Patient', id: patientId });
    expect(JSON.parse(read.data!.teamFhirHistory)).toMatchObject({ type: 'history', total: 1 });
    // The search, the read and the history: three reads by the team member on the clinic's trail.
    expect(await reads(`Patient/${patientId}`)).toBe(before + 3);
    expect((await team.browser.gql(SEARCH, { ...args, q: '_count=500' })).code).toBe('INVALID_INPUT');
    expect((await team.browser.gql(SEARCH, { ...args, t: 'Nothing' })).code).toBe('INVALID_INPUT');
    expect((await team.browser.gql(SEARCH, { ...args, o: 'nowhere' })).code).toBe('NOT_FOUND');
    expect((await officeAdmin.browser.gql(READ, { o: 'clinic', t: 'Patient', id: patientId })).code).toBe(
      'NOT_AUTHORIZED',
    );
  });

  it('lists the bridges and monitors each organisation uses, to staff only', async () => {
    type Orgs = {
      teamEquipment: { orgId: string; bridges: { location: string; monitors: { protocol: string }[] }[] }[];
    };
    const eq = await team.browser.gql<Orgs>(EQUIPMENT);
    expect(eq.code).toBeUndefined();
    const annex = eq.data!.teamEquipment.find((o) => o.orgId === 'annex');
    expect(annex?.bridges).toHaveLength(1);
    expect(annex?.bridges[0]?.location).toBe('Operatory 1');
    expect(annex?.bridges[0]?.monitors).toEqual(
      expect.arrayContaining([
        { label: 'Operatory 1 monitor', protocol: 'hl7' },
        { label: 'Operatory 1 oximeter', protocol: 'nonin' },
      ]),
    );
    // An organisation with no bridge and nothing from the store is left out.
    expect(eq.data!.teamEquipment.some((o) => o.orgId === 'clinic')).toBe(false);
    expect((await officeAdmin.browser.gql(EQUIPMENT)).code).toBe('NOT_AUTHORIZED');
    // Paged in organisation id order: the page after the first organisation starts past it.
    const ids = eq.data!.teamEquipment.map((o) => o.orgId);
    const page = async (q: string, v: Record<string, unknown>): Promise<string[] | undefined> =>
      (await team.browser.gql<{ teamEquipment: { orgId: string }[] }>(q, v)).data?.teamEquipment.map((o) => o.orgId);
    const PAGED = 'query ($f: Int, $a: String) { teamEquipment(first: $f, after: $a) { orgId } }';
    expect(ids).toEqual([...ids].sort());
    expect(await page(PAGED, { f: 1, a: null })).toEqual(ids.slice(0, 1));
    expect(await page(PAGED, { f: 50, a: ids[0] })).toEqual(ids.slice(1));
    // The screen's own query (three nested lists) fits the cost limit at its page size.
    const SCREEN = `query ($first: Int) { teamEquipment(first: $first) { orgId name ordered { category name quantity }
      bridges { id name location pairedAt lastSeenAt monitors { label protocol lastReadingAt } } } }`;
    const screen = await team.browser.gql(SCREEN, { first: 10 });
    expect(screen.code, JSON.stringify(screen)).toBeUndefined();
  });
});
