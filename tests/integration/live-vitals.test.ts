import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASE_ROOT, type AuditEvent, type LiveCaseView, type LiveVitalsEvent, type VitalsRecord } from '@vigil/shared';
import { asCaseDoc, recordReading } from '../../client/src/case/index.js';
import { ensureCaseStructure } from '../../client/src/sync/caseStructure.js';
import { startServer, type TestServer } from '../utils/start-server.js';
import { caughtUp, connectClient, eventually, synced, type YClient } from '../utils/yjs-clients.js';
import { Browser } from './accounts-client.js';
import { fhir, openSse, patientBody } from './fhir-helpers.js';
import { adminCli, createOrg, join, person, type Person } from './orgs-helpers.js';

/*
 * Live vitals (issue 38 "Screens", issue 41 "Parent organisation"): a real y-websocket client
 * charts monitor readings into a case; the server keeps the case's live summary from the merged
 * document, answers it to the office's members and to the parent's admins, pushes it over the
 * office's live-event stream, and refuses everyone else.
 */

const LIVE_FIELDS =
  'caseId orgId orgName patient provider place startedAt lastReadingAt monitorLabel vitals { type value time }';

let server: TestServer;
let admin: Person;
let member: Person;
let parentAdmin: Person;
let siblingAdmin: Person;
let otherAdmin: Person;
let client: YClient;
let caseId = '';
const start = Date.now() - 10 * 60_000;

const reading = (t: number, hr: number, spo2: number): Omit<VitalsRecord, 'id'> => ({
  lastUpdated: t,
  simulated: false,
  monitorLabel: 'Operatory 2 monitor',
  monitorId: 'mon-op2',
  selectedVitals: ['hr', 'spo2'],
  vitals: { hr: { value: hr, time: t, status: 'auto' }, spo2: { value: spo2, time: t, status: 'auto' } },
});

async function liveCases(browser: Browser, orgId: string) {
  return browser.gql<{ liveCases: LiveCaseView[] }>(
    `query ($orgId: String) { liveCases(orgId: $orgId, first: 50) { ${LIVE_FIELDS} } }`,
    { orgId },
  );
}

async function parentLiveCases(browser: Browser, parentOrgId: string) {
  return browser.gql<{ parentLiveCases: LiveCaseView[] }>(
    `query ($p: String) { parentLiveCases(parentOrgId: $p, first: 50) { ${LIVE_FIELDS} } }`,
    { p: parentOrgId },
  );
}

beforeAll(async () => {
  server = await startServer();
  const [a, m, p, s, o, uber] = await Promise.all(
    ['admin', 'member', 'parent', 'sibling', 'other', 'uber'].map((n) => person(server, `${n}@live.test`)),
  );
  [admin, member, parentAdmin, siblingAdmin, otherAdmin] = [a!, m!, p!, s!, o!];
  for (const [who, id, type] of [
    [admin, 'live-office', 'regular'],
    [parentAdmin, 'live-group', 'parent'],
    [siblingAdmin, 'live-sibling', 'regular'],
    [otherAdmin, 'live-elsewhere', 'regular'],
  ] as const) {
    const made = await createOrg(who, id, type);
    if (made.code) throw new Error(made.code);
  }
  expect((await adminCli(server, 'make-uber', uber!.email)).code).toBe(0);
  for (const child of ['live-office', 'live-sibling']) {
    const linked = await uber!.browser.gql(
      'mutation ($o: String) { updateOrg(orgId: $o, properties: { parentOrgs: ["live-group"] }) { id } }',
      { o: child },
    );
    if (linked.code) throw new Error(linked.code);
  }
  await join(server, admin, 'live-office', member, ['member']);

  const patient = await fhir<{ id: string }>(
    server,
    admin.browser,
    'POST',
    'live-office/Patient',
    patientBody('Ada', 'Lovelace'),
  );
  const practitioner = await fhir<{ id: string }>(server, admin.browser, 'POST', 'live-office/Practitioner', {
    resourceType: 'Practitioner',
    name: [{ text: 'Dr Grace Hopper' }],
  });
  const appointment = await fhir<{ id: string }>(server, admin.browser, 'POST', 'live-office/Appointment', {
    resourceType: 'Appointment',
    status: 'booked',
    start: new Date(start).toISOString(),
    end: new Date(start + 3_600_000).toISOString(),
    participant: [
      { actor: { reference: `Patient/${patient.body.id}` }, status: 'accepted' },
      { actor: { reference: `Practitioner/${practitioner.body.id}` }, status: 'accepted' },
    ],
  });
  expect(appointment.status).toBe(201);
  caseId = appointment.body.id;
  // The official y-websocket client, as another build's tablet would connect.
  client = connectClient(server.url, `live-office/${caseId}`, { token: admin.browser.token! });
  await synced(client.provider);
}, 240_000);

afterAll(async () => {
  client?.destroy();
  await server?.dispose();
});

describe('live vitals of the cases in progress (issue 38, issue 41)', () => {
  it('lists no case before one started, then the case with its latest vitals once a monitor charts into it', async () => {
    expect((await liveCases(member.browser, 'live-office')).data?.liveCases).toEqual([]);
    ensureCaseStructure(client.doc);
    client.doc.getMap(CASE_ROOT).set('events', { caseStart: start });
    const doc = asCaseDoc(client.doc);
    recordReading(doc, reading(start + 60_000, 70, 97));
    recordReading(doc, reading(start + 65_000, 72, 98));
    await caughtUp(client);
    await eventually(async () => {
      const rows = (await liveCases(member.browser, 'live-office')).data?.liveCases ?? [];
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        caseId,
        orgId: 'live-office',
        orgName: 'Org live-office',
        patient: 'Ada Lovelace',
        provider: 'Dr Grace Hopper',
        startedAt: start,
        lastReadingAt: start + 65_000,
        monitorLabel: 'Operatory 2 monitor',
      });
      expect(rows[0]!.vitals).toEqual([
        { type: 'hr', value: 72, time: start + 65_000 },
        { type: 'spo2', value: 98, time: start + 65_000 },
      ]);
    });
  });

  it('pushes a new reading’s summary over the office’s live-event stream to a stream that asks for it', async () => {
    const sse = await openSse(server, member.browser, 'live-office?liveVitals=1');
    expect(sse.status).toBe(200);
    await sse.waitForReady();
    recordReading(asCaseDoc(client.doc), reading(start + 70_000, 80, 99));
    const pushed = (): LiveVitalsEvent[] =>
      sse.events.filter((e) => e.event === 'liveVitals').map((e) => e.data as LiveVitalsEvent);
    await eventually(() => {
      const last = pushed().at(-1);
      expect(last?.action).toBe('put');
      if (last?.action !== 'put') return;
      expect(last.summary).toMatchObject({ caseId, orgId: 'live-office', lastReadingAt: start + 70_000 });
      expect(last.summary.vitals.find((v) => v.type === 'hr')?.value).toBe(80);
      // No names travel on the stream: the list (an audited read) gives them.
      expect(JSON.stringify(last)).not.toContain('Lovelace');
    }, 15_000);
    sse.stop();
  });

  it('gives a parent admin the case of a child office, named by its office', async () => {
    const rows = (await parentLiveCases(parentAdmin.browser, 'live-group')).data?.parentLiveCases ?? [];
    expect(rows.map((r) => [r.orgId, r.caseId, r.orgName, r.patient])).toEqual([
      ['live-office', caseId, 'Org live-office', 'Ada Lovelace'],
    ]);
    // The parent's admin administers each child: the office's own list answers too.
    expect((await liveCases(parentAdmin.browser, 'live-office')).data?.liveCases).toHaveLength(1);
  });

  it('records each read of the list as a read of the patients it names (an AuditEvent of the reader)', async () => {
    const appointment = await fhir<{ participant: { actor: { reference: string } }[] }>(
      server,
      admin.browser,
      'GET',
      `live-office/Appointment/${caseId}`,
    );
    const patientRef = appointment.body.participant[0]!.actor.reference;
    const audit = await fhir<{ entry?: { resource: AuditEvent }[] }>(
      server,
      admin.browser,
      'GET',
      `live-office/AuditEvent?entity=${patientRef}&_count=100`,
    );
    const reads = (audit.body.entry ?? [])
      .map((e) => e.resource)
      .filter((e) => e.entity?.some((x) => x.description === 'live-vitals'));
    const readers = new Set(reads.map((e) => e.agent[0]?.who?.identifier?.value));
    // The member's reads above and the parent admin's: each reader leaves its own record.
    expect(readers).toEqual(new Set([member.userId, parentAdmin.userId]));
  });

  it('refuses another organisation, a signed-out caller, a child’s member for the parent and a sibling office', async () => {
    expect((await liveCases(otherAdmin.browser, 'live-office')).code).toBe('NOT_AUTHORIZED');
    expect((await liveCases(new Browser(server.url), 'live-office')).code).toBe('NO_AUTHENTICATION');
    expect((await parentLiveCases(member.browser, 'live-group')).code).toBe('NOT_AUTHORIZED');
    expect((await parentLiveCases(admin.browser, 'live-group')).code).toBe('NOT_AUTHORIZED');
    expect((await liveCases(siblingAdmin.browser, 'live-office')).code).toBe('NOT_AUTHORIZED');
    expect((await liveCases(member.browser, 'live-sibling')).code).toBe('NOT_AUTHORIZED');
    const stream = await openSse(server, otherAdmin.browser, 'live-office?liveVitals=1');
    expect(stream.status).toBe(403);
    stream.stop();
  });

  it('takes the case off the list once its end time is charted', async () => {
    client.doc.getMap(CASE_ROOT).set('events', { caseStart: start, end: start + 120_000 });
    await caughtUp(client);
    await eventually(async () => {
      expect((await liveCases(member.browser, 'live-office')).data?.liveCases).toEqual([]);
    });
  });
});
