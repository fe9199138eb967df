import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrgChanges } from '../../sync-server/src/store/orgs/types.js';
import { withStores } from '../utils/stores.js';
import {
  APPOINTMENT_EXTENSIONS,
  HEALTH_HISTORY_TYPE,
  LAST_LOGIN_EXTENSION,
  measurementComponent,
  ORG_TAG_SYSTEM,
  PHYSICAL_ATTRIBUTE_CODES,
  TEST_RESOURCE_TAG,
  type Appointment,
  type AuditEvent,
  type Bundle,
  type FhirResource,
  type Patient,
} from '@vigil/shared';
import { startServer, type TestServer } from '../utils/start-server.js';
import { Browser, signUp } from './accounts-client.js';
import {
  codeOf,
  createOnboardingOrg,
  createOrg,
  expectValidFhir,
  fhir,
  patientBody,
  signedInUser,
  type FhirResponse,
  type FhirUser,
} from './fhir-helpers.js';

let server: TestServer;
let user: FhirUser;
let org: string;

beforeAll(async () => {
  server = await startServer();
  user = await signedInUser(server, 'front.desk@main-street.test');
  org = await createOrg(user, 'main-street');
});
afterAll(async () => {
  await server.dispose();
});

/**
 * Changes an organisation as the internal team's tools would, through the org store (no API
 * changes these settings): a state the edit checks must then refuse.
 */
function setOrg(orgId: string, changes: OrgChanges): Promise<void> {
  return withStores(server.dataDir, ({ orgs }) =>
    orgs.updateOrg(
      orgId,
      changes,
      null,
      { at: Date.now(), ip: null, userAgent: 'fhir-crud.test' },
      { action: 'orgUpdated', userId: null, detail: { orgId, changes } },
    ),
  );
}

/** A call whose answer must be valid FHIR whatever its status. */
async function call<T = FhirResource>(
  method: string,
  p: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<FhirResponse<T>> {
  const res = await fhir<T>(server, user.browser, method, p, body, headers);
  if (res.body !== null) expectValidFhir(res.body);
  return res;
}

const appointmentBody = (
  patientId: string,
  start: string,
  status = 'booked',
  extra: Partial<Appointment> = {},
): Appointment => ({
  resourceType: 'Appointment',
  status: status as Appointment['status'],
  start,
  end: new Date(Date.parse(start) + 3_600_000).toISOString(),
  participant: [
    { actor: { reference: `Patient/${patientId}` }, status: 'accepted' },
    { actor: { reference: 'Practitioner/prc-dr-diaz' }, status: 'accepted' },
    { actor: { reference: 'Location/loc-op1' }, status: 'accepted' },
  ],
  ...extra,
});

describe('authentication', () => {
  it('answers 401 NO_AUTHENTICATION without a session, and for a session without MFA', async () => {
    const anonymous = await fhir(server, null, 'GET', `${org}/Patient`);
    expect(anonymous.status).toBe(401);
    expect(codeOf(anonymous)).toBe('NO_AUTHENTICATION');
    expectValidFhir(anonymous.body);
    const partial = new Browser(server.url);
    await signUp(partial, { email: 'no.mfa@main-street.test', password: 'copper kettle 77 harbour' });
    const res = await fhir(server, partial, 'GET', `${org}/Patient`);
    expect([res.status, codeOf(res)]).toEqual([401, 'NO_AUTHENTICATION']);
  });

  it('accepts the token as a query parameter (spec 002 §7)', async () => {
    const res = await fhir<Bundle>(server, null, 'GET', `${org}/Patient?token=${user.browser.token!}`);
    expect(res.status).toBe(200);
    expect(res.body.link?.every((l) => !l.url.includes('token='))).toBe(true);
  });
});

describe('create, read, update, delete and history', () => {
  it('creates a patient with a server id, version 1, the organisation tag and a Location header', async () => {
    const res = await call<Patient>('POST', `${org}/Patient`, patientBody('Amelia', 'Hart'));
    expect(res.status).toBe(201);
    expect(res.body.id).toMatch(/^pat-[A-Za-z0-9]{14}$/);
    expect(res.body.meta?.versionId).toBe('1');
    expect(res.body.meta?.tag).toContainEqual({ system: ORG_TAG_SYSTEM, code: org });
    expect(res.headers.get('etag')).toBe('W/"1"');
    expect(res.headers.get('location')).toBe(`${server.url}/api/fhir/${org}/Patient/${res.body.id}/_history/1`);
    const read = await call<Patient>('GET', `${org}/Patient/${res.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);
  });

  it('updates with If-Match, refuses a stale version with 409 CONFLICT, and keeps every version', async () => {
    const created = await call<Patient>('POST', `${org}/Patient`, patientBody('Noah', 'Amesbury'));
    const id = created.body.id!;
    const v2 = await call<Patient>(
      'PUT',
      `${org}/Patient/${id}`,
      { ...patientBody('Noah', 'Amesbury', '2014'), id },
      { 'if-match': 'W/"1"' },
    );
    expect(v2.status).toBe(200);
    expect(v2.body.meta?.versionId).toBe('2');
    expect(v2.headers.get('etag')).toBe('W/"2"');
    const stale = await call('PUT', `${org}/Patient/${id}`, patientBody('Noah', 'Stale'), { 'if-match': 'W/"1"' });
    expect([stale.status, codeOf(stale)]).toEqual([409, 'CONFLICT']);
    expect((await call<Patient>('GET', `${org}/Patient/${id}`)).body.name?.[0]?.family).toBe('Amesbury');

    const v1 = await call<Patient>('GET', `${org}/Patient/${id}/_history/1`);
    expect(v1.body.birthDate).toBe('2015-03-04');
    const history = await call<Bundle>('GET', `${org}/Patient/${id}/_history`);
    expect(history.body.type).toBe('history');
    expect(history.body.total).toBe(2);
    expect(history.body.entry?.map((e) => e.resource?.meta?.versionId)).toEqual(['2', '1']);

    const deleted = await call('DELETE', `${org}/Patient/${id}`);
    expect(deleted.status).toBe(200);
    const gone = await call('GET', `${org}/Patient/${id}`);
    expect([gone.status, codeOf(gone)]).toEqual([410, 'DELETED']);
    const after = await call<Bundle>('GET', `${org}/Patient/${id}/_history`);
    expect(after.body.entry?.map((e) => [e.request?.method, e.response?.etag])).toEqual([
      ['DELETE', 'W/"3"'],
      ['PUT', 'W/"2"'],
      ['POST', 'W/"1"'],
    ]);
    const search = await call<Bundle>('GET', `${org}/Patient?_id=${id}`);
    expect(search.body.total).toBe(0);
  });

  it('creates with the client’s id on PUT to a new id (offline outbox replays)', async () => {
    const res = await call<Patient>('PUT', `${org}/Patient/pat-offline0000001`, patientBody('Liam', 'Chen'));
    expect(res.status).toBe(201);
    expect(res.body.id).toBe('pat-offline0000001');
    const conflict = await call('PUT', `${org}/Patient/pat-offline0000001`, patientBody('Liam', 'Chen'), {
      'if-match': '0',
    });
    expect(codeOf(conflict)).toBe('CONFLICT');
  });

  it('answers 404 NOT_FOUND for an unknown id or type, and 405 for writing audit events', async () => {
    expect(codeOf(await call('GET', `${org}/Patient/pat-nothere`))).toBe('NOT_FOUND');
    expect((await call('GET', `${org}/Spaceship`)).status).toBe(404);
    expect((await call('POST', `${org}/AuditEvent`, { resourceType: 'AuditEvent' })).status).toBe(405);
  });

  it('checks the type, id, version id and paging at the edge, with the same statuses and texts (zod)', async () => {
    type Outcome = { issue: { diagnostics?: string; details?: { text?: string } }[] };
    const answer = async (p: string): Promise<[number, string | undefined, string | undefined]> => {
      const res = await call<Outcome>('GET', p);
      return [res.status, res.body.issue[0]?.details?.text, res.body.issue[0]?.diagnostics];
    };
    const { body } = await call<Patient>('POST', `${org}/Patient`, patientBody('Edge', 'Case'));
    expect(await answer(`${org}/Spaceship`)).toEqual([404, 'NOT_FOUND', 'Unknown resource type Spaceship']);
    expect(await answer(`${org}/Patient/bad$id`)).toEqual([404, 'NOT_FOUND', 'Invalid id']);
    expect(await answer(`${org}/Patient/${body.id}/_history/0`)).toEqual([
      404,
      'NOT_FOUND',
      `Patient/${body.id}/_history/0 not found`,
    ]);
    expect(await answer(`${org}/Patient?_count=-1`)).toEqual([400, 'INVALID_SEARCH', 'Invalid _count: -1']);
    expect(await answer(`${org}/Patient/${body.id}/_history?_offset=x`)).toEqual([
      400,
      'INVALID_SEARCH',
      'Invalid _offset: x',
    ]);
  });

  it('refuses a body of another type, a mismatched id and a non-JSON body', async () => {
    expect((await call('POST', `${org}/Patient`, { resourceType: 'Location', name: 'x' })).status).toBe(400);
    expect((await call('PUT', `${org}/Patient/pat-a`, { ...patientBody('A', 'B'), id: 'pat-b' })).status).toBe(400);
    const res = await fetch(`${server.url}/api/fhir/${org}/Patient`, {
      method: 'POST',
      headers: { 'content-type': 'application/fhir+json', cookie: `dev-tok=${user.browser.token!}` },
      body: '{not json',
    });
    expect(res.status).toBe(400);
  });
});

describe('validation messages (spec 001 §5)', () => {
  async function refused(method: string, p: string, body: unknown, message: string, code: string): Promise<void> {
    const res = await call<{ issue: { diagnostics?: string; details?: { text?: string } }[] }>(method, p, body);
    expect(res.status).toBe(400);
    expect(res.body.issue.map((i) => [i.details?.text, i.diagnostics])).toContainEqual([code, message]);
  }

  it('latitude and longitude', async () => {
    const office = { resourceType: 'Location', name: 'Main Street', position: { latitude: 91, longitude: 10 } };
    await refused('POST', `${org}/Location`, office, 'Invalid Latitude: 91', 'INVALID_LATITUDE');
    await refused(
      'POST',
      `${org}/Location`,
      { ...office, position: { latitude: 10, longitude: -181 } },
      'Invalid Longitude: -181',
      'INVALID_LONGITUDE',
    );
    const ok = await call('POST', `${org}/Location`, { ...office, position: { latitude: 90, longitude: -180 } });
    expect(ok.status).toBe(201);
  });

  it('birth date as year, year-month or full date', async () => {
    for (const birthDate of ['2015', '2015-03', '2015-03-04']) {
      expect((await call('POST', `${org}/Patient`, patientBody('Year', 'Month', birthDate))).status).toBe(201);
    }
    await refused(
      'POST',
      `${org}/Patient`,
      patientBody('Bad', 'Date', '3/4/15'),
      'Invalid birth date',
      'INVALID_BIRTH_DATE',
    );
  });

  it("'Cannot remove test resource tag'", async () => {
    const test = await call<Patient>('POST', `${org}/Patient`, {
      ...patientBody('Test', 'Patient'),
      meta: { tag: [TEST_RESOURCE_TAG] },
    });
    const id = test.body.id!;
    await refused(
      'PUT',
      `${org}/Patient/${id}`,
      { ...patientBody('Test', 'Patient'), id },
      'Cannot remove test resource tag',
      'CANNOT_REMOVE_TEST_TAG',
    );
  });

  it("'Cannot delete this reference'", async () => {
    const created = await call<Appointment>(
      'POST',
      `${org}/Appointment`,
      appointmentBody('pat-x', '2026-11-21T15:00:00Z'),
    );
    const id = created.body.id!;
    const withoutPatient = { ...created.body, participant: created.body.participant.slice(1) };
    await refused(
      'PUT',
      `${org}/Appointment/${id}`,
      withoutPatient,
      'Cannot delete this reference',
      'CANNOT_DELETE_REFERENCE',
    );
    const withoutRoom = { ...created.body, participant: created.body.participant.slice(0, 2) };
    expect((await call('PUT', `${org}/Appointment/${id}`, withoutRoom)).status).toBe(200);
  });

  it("'Invalid value' for coded choices", async () => {
    await refused(
      'POST',
      `${org}/Appointment`,
      appointmentBody('pat-x', '2026-11-21T15:00:00Z', 'late'),
      'Invalid value',
      'INVALID_VALUE',
    );
    const level = { extension: [{ url: APPOINTMENT_EXTENSIONS.sedationLevel, valueCode: 'heavy' }] };
    await refused(
      'POST',
      `${org}/Appointment`,
      appointmentBody('pat-x', '2026-11-21T15:00:00Z', 'booked', level),
      'Invalid value',
      'INVALID_VALUE',
    );
  });

  it("'Value must have value and optional raw properties'", async () => {
    const observation = {
      resourceType: 'Observation',
      status: 'final',
      code: { coding: [PHYSICAL_ATTRIBUTE_CODES.panel] },
      subject: { reference: 'Patient/pat-x' },
      component: [
        measurementComponent('weight', 20),
        { code: { coding: [PHYSICAL_ATTRIBUTE_CODES.height] }, valueString: '4 ft' },
      ],
    };
    await refused(
      'POST',
      `${org}/Observation`,
      observation,
      'Value must have value and optional raw properties',
      'INVALID_MEASUREMENT',
    );
  });

  it("'Invalid date for lastLogin'", async () => {
    const practitioner = {
      resourceType: 'Practitioner',
      name: [{ text: 'Dr. Diaz' }],
      extension: [{ url: LAST_LOGIN_EXTENSION, valueDateTime: 'last tuesday' }],
    };
    await refused('POST', `${org}/Practitioner`, practitioner, 'Invalid date for lastLogin', 'INVALID_LAST_LOGIN');
  });

  it('task entries', async () => {
    const task = {
      extension: [{ url: APPOINTMENT_EXTENSIONS.task, extension: [{ url: 'id', valueString: 'tsk-1' }] }],
    };
    await refused(
      'POST',
      `${org}/Appointment`,
      appointmentBody('pat-x', '2026-11-21T15:00:00Z', 'booked', task),
      'Invalid task entry',
      'INVALID_TASK',
    );
  });

  it('gives participants without a status the default tentative', async () => {
    const body = appointmentBody('pat-x', '2026-11-21T15:00:00Z');
    const res = await call<Appointment>('POST', `${org}/Appointment`, {
      ...body,
      participant: [{ actor: { reference: 'Patient/pat-x' } }],
    });
    expect(res.status).toBe(201);
    expect(res.body.participant[0]?.status).toBe('tentative');
  });
});

describe('search and paging', () => {
  let searchOrg: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    searchOrg = await createOrg(user, 'search-office');
    for (const [key, given, family, birthDate, mrn] of [
      ['amelia', 'Amelia', 'Hart', '2015-03-04', 'MRN-1'],
      ['noah', 'Noah', 'Amesbury', '1980-11-02', 'MRN-2'],
      ['liam', 'Liam', 'Chen', '1980-01-20', 'MRN-3'],
    ] as const) {
      const res = await call<Patient>('POST', `${searchOrg}/Patient`, {
        ...patientBody(given, family, birthDate),
        identifier: [{ system: 'urn:mrn', value: mrn }],
      });
      ids[key] = res.body.id!;
    }
    for (const [key, patient, start, status] of [
      ['a1', 'amelia', '2026-11-20T15:00:00Z', 'booked'],
      ['a2', 'amelia', '2026-11-21T14:00:00Z', 'arrived'],
      ['a3', 'noah', '2026-12-01T09:00:00Z', 'booked'],
    ] as const) {
      const res = await call<Appointment>(
        'POST',
        `${searchOrg}/Appointment`,
        appointmentBody(ids[patient]!, start, status),
      );
      ids[key] = res.body.id!;
    }
    for (const [key, patient, type] of [
      ['h1', 'amelia', HEALTH_HISTORY_TYPE],
      ['r1', 'amelia', { system: 'https://vigil.health/fhir/document-type', code: 'anesthesia-record' }],
    ] as const) {
      const res = await call<FhirResource>('POST', `${searchOrg}/Composition`, {
        resourceType: 'Composition',
        status: 'preliminary',
        type: { coding: [type] },
        subject: { reference: `Patient/${ids[patient]!}` },
        date: '2026-11-21T10:00:00Z',
        author: [{ reference: 'Practitioner/prc-dr-diaz' }],
        title: key,
      });
      ids[key] = res.body.id!;
    }
  });

  async function found(query: string): Promise<string[]> {
    const res = await call<Bundle>('GET', `${searchOrg}/${query}`);
    expect(res.status).toBe(200);
    expect(res.body.type).toBe('searchset');
    expect(res.body.total).toBe(res.body.entry?.length);
    const byId = Object.fromEntries(Object.entries(ids).map(([k, v]) => [v, k]));
    return (res.body.entry ?? []).map((e) => byId[e.resource!.id!] ?? '?').sort();
  }

  it('finds patients by name, birthdate and identifier', async () => {
    expect(await found('Patient?name=ame')).toEqual(['amelia', 'noah']);
    expect(await found('Patient?name=CHEN')).toEqual(['liam']);
    expect(await found('Patient?birthdate=1980')).toEqual(['liam', 'noah']);
    expect(await found('Patient?birthdate=ge1980-06-01&birthdate=lt2016')).toEqual(['amelia', 'noah']);
    expect(await found('Patient?identifier=MRN-3')).toEqual(['liam']);
    expect(await found('Patient?identifier=urn:mrn|MRN-2')).toEqual(['noah']);
  });

  it('finds appointments by date range, status, patient, practitioner and location', async () => {
    expect(await found('Appointment?date=ge2026-11-01&date=lt2026-12-01')).toEqual(['a1', 'a2']);
    expect(await found('Appointment?status=booked')).toEqual(['a1', 'a3']);
    expect(await found(`Appointment?patient=${ids.amelia!}&status=arrived,booked`)).toEqual(['a1', 'a2']);
    expect(await found(`Appointment?patient=Patient/${ids.noah!}`)).toEqual(['a3']);
    expect(await found('Appointment?practitioner=prc-dr-diaz&location=loc-op1')).toEqual(['a1', 'a2', 'a3']);
    expect(await found('Appointment?location=loc-other')).toEqual([]);
  });

  it('finds health histories by subject and type 35089-2 (spec 001 §7)', async () => {
    expect(await found(`Composition?subject=Patient/${ids.amelia!}&type=http://loinc.org|35089-2`)).toEqual(['h1']);
    expect(await found(`Composition?subject=Patient/${ids.amelia!}`)).toEqual(['h1', 'r1']);
    expect(await found('Composition?type=35089-2')).toEqual(['h1']);
  });

  it('sorts appointments by date for the calendar, and refuses an unknown sort', async () => {
    const res = await call<Bundle>('GET', `${searchOrg}/Appointment?_sort=date`);
    expect(res.body.entry?.map((e) => (e.resource as Appointment).start)).toEqual([
      '2026-11-20T15:00:00Z',
      '2026-11-21T14:00:00Z',
      '2026-12-01T09:00:00Z',
    ]);
    expect(res.body.link?.find((l) => l.relation === 'self')?.url).toContain('_sort=date');
    expect(codeOf(await call('GET', `${searchOrg}/Patient?_sort=colour`))).toBe('INVALID_SEARCH');
  });

  it('filters on _lastUpdated', async () => {
    const all = await call<Bundle>('GET', `${searchOrg}/Patient`);
    const newest = all.body.entry![0]!.resource!.meta!.lastUpdated!;
    expect(await found(`Patient?_lastUpdated=ge${newest}`)).toEqual(['liam']);
    expect(await found('Patient?_lastUpdated=lt2000-01-01')).toEqual([]);
  });

  it('refuses an unknown search parameter rather than ignoring it', async () => {
    const res = await call('GET', `${searchOrg}/Patient?favouriteColour=blue`);
    expect([res.status, codeOf(res)]).toEqual([400, 'UNKNOWN_SEARCH_PARAMETER']);
  });

  it('pages with _count and the next and first links, 50 a page by default (spec 000 §9)', async () => {
    const pagingOrg = await createOrg(user, 'paging-office');
    for (let i = 0; i < 53; i += 1) {
      const day = String(1 + (i % 28)).padStart(2, '0');
      await call('POST', `${pagingOrg}/Appointment`, appointmentBody(`pat-${i}`, `2026-11-${day}T10:00:00Z`));
    }
    const first = await call<Bundle>('GET', `${pagingOrg}/Appointment?status=booked`);
    expect(first.body.total).toBe(53);
    expect(first.body.entry).toHaveLength(50);
    const next = first.body.link?.find((l) => l.relation === 'next')?.url;
    expect(next).toBe(`${server.url}/api/fhir/${pagingOrg}/Appointment?status=booked&_count=50&_offset=50`);
    const second = await call<Bundle>('GET', next!);
    expect(second.body.entry).toHaveLength(3);
    expect(second.body.link?.find((l) => l.relation === 'next')).toBeUndefined();
    expect(second.body.link?.find((l) => l.relation === 'first')?.url).toContain('_offset=0');

    // Following next links with a small _count visits every appointment exactly once.
    const seen = new Set<string>();
    let url: string | undefined = `${server.url}/api/fhir/${pagingOrg}/Appointment?_count=20`;
    let pages = 0;
    while (url) {
      const page: FhirResponse<Bundle> = await call<Bundle>('GET', url);
      for (const e of page.body.entry ?? []) seen.add(e.resource!.id!);
      url = page.body.link?.find((l) => l.relation === 'next')?.url;
      pages += 1;
    }
    expect([seen.size, pages]).toEqual([53, 3]);
  });
});

describe('audit events', () => {
  it('records who read, created, updated, searched and deleted patient data, when, and in which organisation', async () => {
    const created = await call<Patient>('POST', `${org}/Patient`, patientBody('Audit', 'Trail'));
    const id = created.body.id!;
    // Not behind a trusted proxy: a forwarded address is not believed.
    await call('GET', `${org}/Patient/${id}`, undefined, { 'x-forwarded-for': '203.0.113.9' });
    await call('PUT', `${org}/Patient/${id}`, { ...patientBody('Audit', 'Trail', '2016'), id });
    await call('GET', `${org}/Patient?name=audit`);
    await call('DELETE', `${org}/Patient/${id}`);
    const res = await call<Bundle<AuditEvent>>('GET', `${org}/AuditEvent?entity=Patient/${id}&_count=100`);
    const events = res.body.entry!.map((e) => e.resource!);
    expect(events.map((e) => e.action).sort()).toEqual(['C', 'D', 'E', 'R', 'U']);
    for (const e of events) {
      expect(e.agent[0]?.who?.identifier?.value).toBe(user.userId);
      expect(e.source.site).toBe(org);
      expect(Date.now() - Date.parse(e.recorded)).toBeLessThan(60_000);
      expect(e.agent[0]?.network?.address).toMatch(/127\.0\.0\.1$/);
    }
    // Reading the audit trail is not itself patient data: no audit events of audit events.
    const again = await call<Bundle>('GET', `${org}/AuditEvent?entity=Patient/${id}`);
    expect(again.body.total).toBe(5);
  });
});

describe('organisation policy (spec 000 §4)', () => {
  it('creates test patients (HTEST) while the organisation is onboarding', async () => {
    const onboarding = await createOnboardingOrg(user, 'Trial Dental');
    const res = await call<Patient>('POST', `${onboarding}/Patient`, patientBody('Trial', 'Patient'));
    expect(res.status).toBe(201);
    expect(res.body.meta?.tag).toContainEqual(TEST_RESOURCE_TAG);
    const put = await call<Patient>('PUT', `${onboarding}/Patient/pat-trial00000001`, patientBody('Trial', 'Two'));
    expect(put.body.meta?.tag).toContainEqual(TEST_RESOURCE_TAG);
    const regular = await call<Patient>('POST', `${org}/Patient`, patientBody('Live', 'Patient'));
    expect(regular.body.meta?.tag ?? []).not.toContainEqual(TEST_RESOURCE_TAG);
  });

  it('refuses edits when the organisation prevents resource editing, and still reads', async () => {
    const locked = await createOrg(user, 'locked-office');
    const created = await call<Patient>('POST', `${locked}/Patient`, patientBody('Before', 'Lock'));
    await setOrg(locked, { preventResourceEditing: true });
    const res = await call('POST', `${locked}/Patient`, patientBody('After', 'Lock'));
    expect([res.status, codeOf(res)]).toEqual([423, 'EDITING_PREVENTED']);
    expect((await call('DELETE', `${locked}/Patient/${created.body.id!}`)).status).toBe(423);
    expect((await call('GET', `${locked}/Patient/${created.body.id!}`)).status).toBe(200);
  });

  it('refuses edits when the subscription is not ok', async () => {
    const lapsed = await createOrg(user, 'lapsed-office');
    await setOrg(lapsed, { subscriptionStatus: 'canceled', isOnboarding: false });
    const res = await call('POST', `${lapsed}/Patient`, patientBody('No', 'Plan'));
    expect([res.status, codeOf(res)]).toEqual([423, 'SUBSCRIPTION_NOT_OK']);
  });
});
