import { appointmentTasks, PREOP_ITEMS, type Appointment, type PreopItem, type PreopRowView } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from './accounts-client.js';
import { fhir } from './fhir-helpers.js';
import { formsWorld, publicPost, SEND_FORM, type FormsWorld } from './forms-helpers.js';
import { join, person, type Person } from './orgs-helpers.js';
import { pngDataUrl } from '../utils/png.js';

/*
 * The front desk's pre-op list (issue 40) against the real server and database: a seeded set of
 * visits written out below, the list's figures compared with a hand count, the NPO mark, the
 * office's review period, a form opened and signed on the patient's phone, and the refusals.
 *
 * The server runs on the real clock; every time here is a whole number of days from one `now`
 * read at the start, so the verdicts do not depend on when the test runs.
 */

const DAY = 86_400_000;
const ROW = `appointmentId patientName providerId healthHistory weightRecorded allergiesReviewed
  forms { taskId title state } npo { byName at } missing`;
const LIST = `query ($from: String!, $to: String!, $provider: String, $only: Boolean, $first: Int, $after: String) {
  preopList(orgId: "office", from: $from, to: $to, providerId: $provider, onlyIncomplete: $only, first: $first, after: $after) { ${ROW} } }`;
const NPO = `mutation ($id: String!, $given: Boolean!) { setPreopNpo(orgId: "office", appointmentId: $id, given: $given) { ${ROW} } }`;
const NEW_HHX = 'mutation ($p: String!) { newHhx(orgId: "office", patientId: $p) { id } }';
const FINALIZE_HHX =
  'mutation ($c: String!, $s: String) { finalizeHhx(orgId: "office", compositionId: $c, signature: $s) { time } }';

let w: FormsWorld;
let provider: Person;
const now = Date.now();
const at = (days: number, hour = 15): string => {
  const d = new Date(now + days * DAY);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};
/** The near range: the next 7 days. */
const NEAR = { from: at(0, 0), to: at(7, 0) };
/** A far range, about 7 months out: a history signed today is outdated there (HH3). */
const FAR = { from: at(210, 0), to: at(215, 0) };

const ids = { practitioner: '', ready: '', nothing: '', started: '', outdated: '', cancelled: '', elsewhere: '' };
let formId = '';
let startedTaskId = '';

async function post<T extends { id: string }>(browser: Browser, path: string, body: unknown): Promise<T> {
  const r = await fhir<T>(w.server, browser, 'POST', path, body);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}

async function patient(given: string): Promise<string> {
  return (
    await post(w.admin.browser, 'office/Patient', {
      resourceType: 'Patient',
      name: [{ given: [given], family: 'Test' }],
      birthDate: '1990-05-17',
      telecom: [{ system: 'phone', value: '+14155552671' }],
    })
  ).id;
}

async function visit(patientId: string, days: number, extra: Partial<Appointment> = {}, practitioner = false) {
  const participant: Appointment['participant'] = [
    { actor: { reference: `Patient/${patientId}` }, status: 'accepted' },
  ];
  if (practitioner) participant.push({ actor: { reference: `Practitioner/${ids.practitioner}` }, status: 'accepted' });
  return (
    await post<Appointment & { id: string }>(w.admin.browser, 'office/Appointment', {
      resourceType: 'Appointment',
      status: 'booked',
      start: at(days),
      end: at(days, 16),
      participant,
      ...extra,
    })
  ).id;
}

async function weight(patientId: string, days: number): Promise<void> {
  await post(w.admin.browser, 'office/Observation', {
    resourceType: 'Observation',
    status: 'final',
    code: { coding: [{ system: 'http://loinc.org', code: '85353-1' }] },
    subject: { reference: `Patient/${patientId}` },
    effectiveDateTime: at(days, 10),
    component: [
      {
        code: { coding: [{ system: 'http://loinc.org', code: '29463-7' }] },
        valueQuantity: { value: 70, unit: 'kg', system: 'http://unitsofmeasure.org', code: 'kg' },
      },
    ],
  });
}

async function signedHistory(patientId: string): Promise<void> {
  const made = await provider.browser.gql<{ newHhx: { id: string } }>(NEW_HHX, { p: patientId });
  expect(made.code).toBeUndefined();
  const signed = await provider.browser.gql(FINALIZE_HHX, { c: made.data!.newHhx.id, s: pngDataUrl(300, 100) });
  expect(signed.code).toBeUndefined();
}

async function list(vars: Record<string, unknown>, browser = w.admin.browser) {
  return browser.gql<{ preopList: PreopRowView[] }>(LIST, vars);
}

async function rows(vars: Record<string, unknown>): Promise<PreopRowView[]> {
  const r = await list(vars);
  expect(r.code).toBeUndefined();
  return r.data!.preopList;
}

beforeAll(async () => {
  w = await formsWorld({ prefix: 'preop' });
  provider = await person(w.server, 'provider@preop.test');
  await join(w.server, w.admin, 'office', provider, ['member', 'provider']);
  ids.practitioner = (
    await post(w.admin.browser, 'office/Practitioner', { resourceType: 'Practitioner', name: [{ family: 'Provider' }] })
  ).id;
  const made = await w.admin.browser.gql<{ createOrgForm: { id: string; name: string }[] }>(
    'mutation ($p: OrgFormProperties!) { createOrgForm(orgId: "office", properties: $p) { id name } }',
    {
      p: {
        name: 'Sedation consent',
        markdown: 'I, {{signerName}}, consent.',
        challenge: false,
        requireSignature: true,
      },
    },
  );
  expect(made.code).toBeUndefined();
  formId = made.data!.createOrgForm.find((f) => f.name === 'Sedation consent')!.id;

  // The seeded set, written out (the hand count below reads it):
  // - Ready: history signed today, weight 1 day ago, NPO ticked, no forms; visit in 2 days, with the practitioner.
  const ready = await patient('Ready');
  await signedHistory(ready);
  await weight(ready, -1);
  ids.ready = await visit(ready, 2, {}, true);
  // - Nothing: no history, no weight, no allergy answer, a consent not sent; visit in 2 days.
  const nothing = await patient('Nothing');
  ids.nothing = await visit(nothing, 2);
  const added = await w.admin.browser.gql(
    'mutation ($f: [String!]!, $a: String!) { addFormTasksToAppointment(orgId: "office", formIds: $f, appointmentId: $a) { fhirJSON } }',
    { f: [formId], a: ids.nothing },
  );
  expect(added.code).toBeUndefined();
  // - Started: a history in progress, a weight 40 days old, an allergy answer recorded yesterday,
  //   the consent sent; visit in 3 days, with the practitioner.
  const started = await patient('Started');
  expect((await provider.browser.gql(NEW_HHX, { p: started })).code).toBeUndefined();
  await weight(started, -40);
  await post(w.admin.browser, 'office/AllergyIntolerance', {
    resourceType: 'AllergyIntolerance',
    patient: { reference: `Patient/${started}` },
    code: { text: 'Penicillin' },
    recordedDate: at(-1),
  });
  ids.started = await visit(started, 3, {}, true);
  // - Outdated: history signed today, weight today; visit in about 7 months (the far range).
  const outdated = await patient('Outdated');
  await signedHistory(outdated);
  await weight(outdated, 0);
  ids.outdated = await visit(outdated, 212);
  // - A cancelled visit of Ready's in 2 days: not a visit to prepare.
  ids.cancelled = await visit(ready, 2, { status: 'cancelled', cancelationReason: { text: 'Moved away' } });
  // - Another office's visit in 2 days.
  const other = await post(w.otherAdmin.browser, 'elsewhere/Patient', {
    resourceType: 'Patient',
    name: [{ given: ['Other'], family: 'Office' }],
  });
  ids.elsewhere = (
    await post(w.otherAdmin.browser, 'elsewhere/Appointment', {
      resourceType: 'Appointment',
      status: 'booked',
      start: at(2),
      end: at(2, 16),
      participant: [{ actor: { reference: `Patient/${other.id}` }, status: 'accepted' }],
    })
  ).id;
}, 300_000);

afterAll(async () => {
  await w?.server.dispose();
});

describe('the pre-op list (issue 40)', () => {
  it('ticks the NPO instructions with who and when, and unticks them', async () => {
    const ticked = await w.admin.browser.gql<{ setPreopNpo: PreopRowView }>(NPO, { id: ids.ready, given: true });
    expect(ticked.code).toBeUndefined();
    expect(ticked.data!.setPreopNpo.npo).toMatchObject({ byName: expect.any(String) as string });
    expect(Date.parse(ticked.data!.setPreopNpo.npo!.at)).toBeGreaterThanOrEqual(now);
    // The mark is on the Appointment, as the server wrote it.
    const stored = await fhir<Appointment>(w.server, w.admin.browser, 'GET', `office/Appointment/${ids.ready}`);
    expect(JSON.stringify(stored.body.extension)).toContain('appointment-npo');
    // Unticked and ticked again: the list below reads the last.
    const off = await w.admin.browser.gql<{ setPreopNpo: PreopRowView }>(NPO, { id: ids.ready, given: false });
    expect(off.data!.setPreopNpo.npo).toBeNull();
    expect((await w.admin.browser.gql(NPO, { id: ids.ready, given: true })).code).toBeUndefined();
  });

  it('answers figures equal to the hand count of the seeded visits', async () => {
    const near = await rows(NEAR);
    // By start then id: Ready and Nothing in 2 days (in id order), Started in 3; not the cancelled one, not elsewhere's.
    expect(near.map((r) => r.appointmentId)).toEqual([...[ids.ready, ids.nothing].sort(), ids.started]);
    const byId = Object.fromEntries(near.map((r) => [r.appointmentId, r]));
    expect(byId[ids.ready]).toMatchObject({
      patientName: 'Ready Test',
      healthHistory: 'signed',
      weightRecorded: true,
      // Reviewed by the history signed today, inside the 30-day period.
      allergiesReviewed: true,
      forms: [],
      missing: [],
    });
    expect(byId[ids.nothing]).toMatchObject({
      healthHistory: 'none',
      weightRecorded: false,
      allergiesReviewed: false,
      npo: null,
      forms: [{ title: 'Sedation consent', state: 'notSent' }],
      missing: ['healthHistory', 'forms', 'weight', 'allergies', 'npo'],
    });
    expect(byId[ids.started]).toMatchObject({
      healthHistory: 'inProgress',
      // 40 days before a visit 3 days out: 43 days, outside the default 30.
      weightRecorded: false,
      allergiesReviewed: true,
      forms: [],
      missing: ['healthHistory', 'weight', 'npo'],
    });
    // Hand count per item over the three rows: health history 2, forms 1, weight 2, allergies 1, NPO 2; 1 ready.
    const count = (item: PreopItem): number => near.filter((r) => r.missing.includes(item)).length;
    expect(PREOP_ITEMS.map(count)).toEqual([2, 1, 2, 1, 2]);
    expect(near.filter((r) => r.missing.length === 0)).toHaveLength(1);
  });

  it('filters by provider and by what is incomplete, and pages by the last id', async () => {
    expect((await rows({ ...NEAR, provider: ids.practitioner })).map((r) => r.appointmentId)).toEqual([
      ids.ready,
      ids.started,
    ]);
    const incomplete = (await rows({ ...NEAR, only: true })).map((r) => r.appointmentId);
    expect(incomplete).toEqual([ids.nothing, ids.started]);
    const all = (await rows(NEAR)).map((r) => r.appointmentId);
    const first = await rows({ ...NEAR, first: 1 });
    const second = await rows({ ...NEAR, first: 2, after: first[0]!.appointmentId });
    expect([...first, ...second].map((r) => r.appointmentId)).toEqual(all);
  });

  it('reads a history signed over 6 months before the visit as outdated, and the office period for the weight', async () => {
    const [row] = await rows(FAR);
    // A weight of today is some 212 days before the visit: outside the default 30-day period.
    expect(row).toMatchObject({ appointmentId: ids.outdated, healthHistory: 'outdated', weightRecorded: false });
    const set = await w.admin.browser.gql(
      'mutation { setPreopSettings(orgId: "office", reviewDays: 365) { reviewDays } }',
    );
    expect(set.code).toBeUndefined();
    const [after] = await rows(FAR);
    // 365 days: the weight of today counts, and so does the history signed today as the allergy review (PRE4).
    expect(after).toMatchObject({ weightRecorded: true, allergiesReviewed: true });
    expect(after!.missing).toEqual(['healthHistory', 'npo']);
    const reset = await w.admin.browser.gql(
      'mutation { setPreopSettings(orgId: "office", reviewDays: 30) { reviewDays } }',
    );
    expect(reset.code).toBeUndefined();
    // A member cannot change the office's period.
    const refused = await w.member.browser.gql(
      'mutation { setPreopSettings(orgId: "office", reviewDays: 9) { reviewDays } }',
    );
    expect(refused.code).toBe('NOT_AUTHORIZED');
  });

  it('follows a consent sent, opened on the phone and signed: the forms item clears', async () => {
    const added = await w.admin.browser.gql<{ addFormTasksToAppointment: { fhirJSON: string } }>(
      'mutation ($f: [String!]!, $a: String!) { addFormTasksToAppointment(orgId: "office", formIds: $f, appointmentId: $a) { fhirJSON } }',
      { f: [formId], a: ids.started },
    );
    const appointment = JSON.parse(added.data!.addFormTasksToAppointment.fhirJSON) as Appointment;
    startedTaskId = appointmentTasks(appointment).find((t) => t.extId === formId)!.id;
    const state = async (): Promise<string | undefined> =>
      (await rows(NEAR)).find((r) => r.appointmentId === ids.started)?.forms[0]?.state;
    expect(await state()).toBe('notSent');
    const to = '+14155550199';
    const sent = await w.admin.browser.gql(SEND_FORM, { taskId: startedTaskId, appointmentId: ids.started, to });
    expect(sent.code).toBeUndefined();
    expect(await state()).toBe('sent');
    const res = await fetch(`${w.server.url}/api/dev/outbox?to=${encodeURIComponent(to)}`);
    const sms = ((await res.json()) as { messages: { body: string }[] }).messages.at(-1)!;
    const token = /\/patient-form\/([A-Za-z0-9_-]{43})/.exec(sms.body)![1]!;
    // The patient opens the link on the phone (no challenge): the form shows, the task reads opened.
    const opened = await fetch(`${w.server.url}/api/patient-forms/${token}`);
    expect(opened.status).toBe(200);
    expect(await state()).toBe('opened');
    const done = await publicPost(w, `patient-forms/${token}/submit`, {
      accepted: true,
      values: { signerName: 'Started Test', signature: pngDataUrl(300, 100) },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const row = (await rows(NEAR)).find((r) => r.appointmentId === ids.started)!;
    expect(row.forms[0]!.state).toBe('signed');
    expect(row.missing).not.toContain('forms');
  });

  it('is refused for another office, without a session, and for a range over 31 days', async () => {
    expect((await list(NEAR, w.otherAdmin.browser)).code).toBe('NOT_AUTHORIZED');
    expect((await list(NEAR, w.browsers.none)).code).toBe('NO_AUTHENTICATION');
    expect((await w.otherAdmin.browser.gql(NPO, { id: ids.ready, given: false })).code).toBe('NOT_AUTHORIZED');
    expect((await list({ from: at(0, 0), to: at(40, 0) })).code).toBe('INVALID_INPUT');
    // The other office's own list has its visit, and none of office's.
    const theirs = await w.otherAdmin.browser.gql<{ preopList: PreopRowView[] }>(
      'query ($from: String!, $to: String!) { preopList(orgId: "elsewhere", from: $from, to: $to) { appointmentId } }',
      NEAR,
    );
    expect(theirs.data!.preopList.map((r) => r.appointmentId)).toEqual([ids.elsewhere]);
  });
});
