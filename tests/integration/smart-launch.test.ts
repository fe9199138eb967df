import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../utils/start-server.js';
import { Browser, sessionOf } from './accounts-client.js';
import { codeOf, expectValidFhir, fhir } from './fhir-helpers.js';
import { adminCli, createOrg, person, sudo, type Person } from './orgs-helpers.js';
import { auditEvents } from '../../sync-server/src/store/audit/inspect.test-util.js';
import { FakeEmr } from '../utils/fake-emr.js';
import { withStores } from '../utils/stores.js';

/**
 * Issue 42: the SMART App Launch 2.x EHR launch into Vigil against the real server, with an EMR
 * in the test (its SMART configuration, authorize and token endpoints, and the FHIR reads the
 * launch makes), and emrLockdownMode refused on the server.
 */

const CLIENT_ID = 'vigil-at-emr';
const CLIENT_SECRET = 'emr-registration-secret';

describe('SMART EHR launch and emrLockdownMode (issue 42)', () => {
  let server: TestServer;
  let admin: Person;
  let uber: Person;
  let other: Person;
  let iss = '';
  /** The EMR: SMART configuration, authorize (approves at once), token (PKCE checked), and its FHIR reads. */
  const emr = new FakeEmr({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    launch: { id: 'launch-1', patient: 'emr-pat-1', encounter: 'emr-enc-1', fhirUser: 'Practitioner/dr-1' },
  });

  /** Follows the launch through the browser's redirects; the last answer (the callback's) and the cookies it set. */
  const launch = async (launchValue = 'launch-1', issuer = iss): Promise<{ res: Response; browser: Browser }> => {
    let next = `${server.url}/launch?iss=${encodeURIComponent(issuer)}&launch=${encodeURIComponent(launchValue)}`;
    for (let hop = 0; ; hop += 1) {
      const res = await fetch(next, { redirect: 'manual' });
      const location = res.headers.get('location');
      const onVigil = next.startsWith(server.url);
      if (res.status !== 302 || !location || (onVigil && location.startsWith('/org/')) || hop > 5) {
        const browser = new Browser(server.url);
        for (const header of res.headers.getSetCookie()) {
          const [pair] = header.split(';');
          const eq = pair!.indexOf('=');
          if (!/Max-Age=0/i.test(header)) browser.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
        }
        return { res, browser };
      }
      next = location.startsWith('http') ? location : `${new URL(next).origin}${location}`;
    }
  };

  beforeAll(async () => {
    server = await startServer({ timeoutMs: 500_000 });
    await emr.listen();
    iss = emr.iss('office');
    [admin, uber, other] = (await Promise.all(
      ['admin', 'uber', 'other'].map((n) => person(server, `${n}@smart.test`)),
    )) as [Person, Person, Person];
    emr.setLaunchContext({
      patient: {
        identifier: [{ system: 'urn:oid:2.16.840.1.113883.3.example.mrn', value: 'MRN-771' }],
        name: [{ family: 'Okafor', given: ['Ada'] }],
        gender: 'female',
        birthDate: '1980-04-02',
      },
      period: { start: '2026-12-01T15:00:00.000Z', end: '2026-12-01T16:00:00.000Z' },
      userEmail: admin.email,
    });
    expect((await createOrg(admin, 'office')).code).toBeUndefined();
    expect((await createOrg(other, 'elsewhere')).code).toBeUndefined();
    expect((await adminCli(server, 'make-uber', uber.email)).code).toBe(0);
  }, 700_000);

  afterAll(async () => {
    await emr.close();
    await server?.dispose();
  });

  it('refuses a launch from an EMR no office is connected to, without calling it', async () => {
    const before = emr.asked.length;
    const { res } = await launch();
    expect(res.status).toBe(403);
    expect(emr.asked.length).toBe(before);
  });

  it('lets only the office admin set its EMR connection; another office cannot take the same EMR', async () => {
    const set =
      'mutation ($o: String!, $i: String!, $c: String!, $s: String) { setEmrConnection(orgId: $o, iss: $i, clientId: $c, clientSecret: $s) { iss clientId hasClientSecret redirectPath } }';
    const byOther = await other.browser.gql(set, { o: 'office', i: iss, c: CLIENT_ID, s: CLIENT_SECRET });
    expect(byOther.code).toBe('NOT_AUTHORIZED');
    const done = await admin.browser.gql<{ setEmrConnection: Record<string, unknown> }>(set, {
      o: 'office',
      i: `${iss}/`,
      c: CLIENT_ID,
      s: CLIENT_SECRET,
    });
    expect(done.errors).toBeUndefined();
    expect(done.data!.setEmrConnection).toEqual({
      iss,
      clientId: CLIENT_ID,
      hasClientSecret: true,
      redirectPath: '/api/smart/callback',
    });
    const taken = await other.browser.gql(set, { o: 'elsewhere', i: iss, c: CLIENT_ID, s: null });
    expect(taken.code).toBe('CONFLICT');
    const insecure = await admin.browser.gql(set, { o: 'office', i: 'http://emr.example/fhir', c: 'x', s: null });
    expect(insecure.code).toBe('INVALID_INPUT');
  });

  it("opens the launch's patient and case in a single-organisation session (PKCE, confidential client)", async () => {
    const { res, browser } = await launch();
    const reasons = (
      await withStores(server.dataDir, ({ db }) => auditEvents(db, { action: 'emrLaunch', outcome: 'failure' }))
    ).map((r) => (JSON.parse(r.detail!) as { reason: string }).reason);
    expect({ status: res.status, reasons }).toEqual({ status: 302, reasons: ['unknownEmr'] });
    const location = res.headers.get('location')!;
    expect(location).toMatch(/^\/org\/office\/cases\/apt-/);
    const session = (await sessionOf(browser))!;
    expect(session.singleOrg).toBe('office');
    expect(session.orgs.regular).toEqual([{ id: 'office' }]);
    // The EMR was called with its token for the patient, the encounter and the user.
    const reads = emr.asked.filter(
      (a) => a.path.startsWith('/fhir/') && a.path !== '/fhir/.well-known/smart-configuration',
    );
    expect(new Set(reads.map((a) => a.path))).toEqual(
      new Set(['/fhir/Patient/emr-pat-1', '/fhir/Encounter/emr-enc-1', '/fhir/Practitioner/dr-1']),
    );
    expect(reads.every((a) => a.authorization === `Bearer ${emr.token('office')}`)).toBe(true);

    const caseId = location.split('/').pop()!;
    const appointment = await fhir<{
      participant: { actor: { reference: string } }[];
      identifier: unknown[];
      start: string;
    }>(server, browser, 'GET', `office/Appointment/${caseId}`);
    expect(appointment.status).toBe(200);
    expectValidFhir(appointment.body);
    expect(appointment.body.start).toBe('2026-12-01T15:00:00.000Z');
    expect(appointment.body.identifier).toEqual([{ system: `${iss}/Encounter`, value: 'emr-enc-1' }]);
    const patientRef = appointment.body.participant[0]!.actor.reference;
    const patient = await fhir<{ name: unknown; identifier: unknown[]; birthDate: string }>(
      server,
      browser,
      'GET',
      `office/${patientRef}`,
    );
    expectValidFhir(patient.body);
    expect(patient.body.birthDate).toBe('1980-04-02');
    expect(patient.body.identifier).toContainEqual({ system: `${iss}/Patient`, value: 'emr-pat-1' });
    const composition = await fhir(server, browser, 'GET', `office/Composition/${caseId}`);
    expect(composition.status).toBe(200);

    // A second launch of the same encounter opens the same case (the patient matched, not created again).
    const again = await launch();
    expect(again.res.headers.get('location')).toBe(location);
    const patients = await fhir<{ total: number }>(
      server,
      browser,
      'GET',
      `office/Patient?identifier=${encodeURIComponent(`${iss}/Patient|emr-pat-1`)}`,
    );
    expect(patients.body.total).toBe(1);
  });

  it('refuses an answer with an unknown or replayed state, and a launch without its parameters', async () => {
    const replay = await fetch(`${server.url}/api/smart/callback?code=code-0&state=not-a-state`, {
      redirect: 'manual',
    });
    expect(replay.status).toBe(403);
    const bare = await fetch(`${server.url}/api/smart/launch`, { redirect: 'manual' });
    expect(bare.status).toBe(403);
  });

  it('emrLockdownMode: refuses people writing patients and appointments, lets the EMR app and other offices write', async () => {
    const patient = { resourceType: 'Patient', name: [{ family: 'Lock', given: ['Down'] }] };
    expect((await fhir(server, admin.browser, 'POST', 'office/Patient', patient)).status).toBe(201);
    await sudo(server, uber);
    const flag = await uber.browser.gql(
      'mutation { addOrgFeature(orgId: "office", featureName: "emrLockdownMode") { name } }',
    );
    expect(flag.errors).toBeUndefined();
    const refused = await fhir(server, admin.browser, 'POST', 'office/Patient', patient);
    expect(refused.status).toBe(403);
    expect(codeOf(refused)).toBe('EMR_LOCKDOWN');
    const appt = await fhir(server, admin.browser, 'PUT', 'office/Appointment/apt-lockdown1', {
      resourceType: 'Appointment',
      status: 'booked',
      participant: [{ actor: { reference: 'Practitioner/x' }, status: 'accepted' }],
    });
    expect(codeOf(appt)).toBe('EMR_LOCKDOWN');
    // Another office, without the flag, is not affected.
    expect((await fhir(server, other.browser, 'POST', 'elsewhere/Patient', patient)).status).toBe(201);
    // The EMR's own app (an installed app's token) still writes patients.
    const made = await uber.browser.gql<{ createApp: { app: { id: string; clientId: string }; clientSecret: string } }>(
      'mutation { createApp(name: "EMR feed", scopes: ["system/Patient.write", "system/Patient.read"]) { app { id clientId } clientSecret } }',
    );
    const app = made.data!.createApp;
    await admin.browser.gql('mutation ($a: String!) { installApp(orgId: "office", appId: $a) { id } }', {
      a: app.app.id,
    });
    const tokenRes = await fetch(`${server.url}/api/oauth/office/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${app.app.clientId}:${app.clientSecret}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'client_credentials' }),
    });
    const { access_token } = (await tokenRes.json()) as { access_token: string };
    const byApp = await fhir(server, null, 'POST', 'office/Patient', patient, {
      authorization: `Bearer ${access_token}`,
    });
    expect(byApp.status).toBe(201);
    // The launch (the EMR's import) still opens its case under lockdown.
    const { res } = await launch();
    expect(res.headers.get('location')).toMatch(/^\/org\/office\/cases\//);
  });
});
