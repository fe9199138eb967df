/**
 * Issue 35 item 2: the end of the free trial (spec 002 §9: 30 days) never stops an office from
 * finishing what it began. With the server's clock moved past the trial's end, the case performed
 * during the trial is finalized and amended, a case in progress is still charted (sync and FHIR),
 * and only a new patient or a new case is refused, with TRIAL_ENDED and a text that says where to
 * subscribe (rule SUB2). The trial ends at its instant, whatever the hour: a new patient is
 * accepted at midnight UTC the day before the trial ends and refused at midnight UTC the day after.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASE_ROOT, DAY, measurementComponent, PHYSICAL_ATTRIBUTE_CODES, TRIAL_ENDED_MESSAGE } from '@vigil/shared';
import type { Browser } from './accounts-client.js';
import { codeOf, fhir, patientBody } from './fhir-helpers.js';
import { addAddendum, chartedCase, finalize, SIGNATURE, type ChartedCase } from './report-helpers.js';
import { orgMember, signInAgain, type OrgMember } from '../utils/members.js';
import { startServer, type TestServer } from '../utils/start-server.js';
import { connectVigilClient, eventually } from '../utils/yjs-clients.js';

const startOfUtcDay = (t: number): number => Math.floor(t / DAY) * DAY;

let server: TestServer;
let dataDir: string;
let member: OrgMember;
let trialEnd: number;
/** Midnight UTC the day before the trial's last day, and the day after it. */
let dayBefore: number;
let dayAfter: number;
/** Performed during the trial (ended two hours before dayAfter's midnight), not yet signed. */
let performed: ChartedCase;
/** Booked and started during the trial, still being charted. */
let inProgress: ChartedCase;

/** The server started again on the same data with its clock at `at`; the member signs in again there. */
async function serveAt(at: number): Promise<void> {
  await server.stop();
  server = await startServer({ dataDir, env: { VIGIL_TEST_CLOCK_OFFSET_MS: String(at - Date.now()) } });
  const browser: Browser = await signInAgain(server.url, member.email);
  member = { ...member, browser, token: browser.token! };
}

beforeAll(async () => {
  server = await startServer();
  dataDir = server.dataDir;
  member = await orgMember(server.url);
  const org = await member.browser.gql<{ org: { subscriptionStatus: { status: string; trialEnd: number } } }>(
    'query ($o: String) { org(orgId: $o) { subscriptionStatus { status trialEnd } } }',
    { o: member.orgId },
  );
  expect(org.data?.org.subscriptionStatus.status).toBe('trialing');
  trialEnd = org.data!.org.subscriptionStatus.trialEnd;
  dayBefore = startOfUtcDay(trialEnd) - DAY;
  dayAfter = startOfUtcDay(trialEnd) + DAY;

  // Day 29, at midnight UTC: the office books and charts both cases (the patients and cases are
  // created with the trial running). The performed case's times are set so that it ended two
  // hours before the clock is read after the trial: within any editing window.
  await serveAt(dayBefore);
  performed = await chartedCase(server, member, dayAfter - 3 * 3_600_000);
  inProgress = await chartedCase(server, member, dayAfter - 3_600_000);
  inProgress.client.doc.getMap(CASE_ROOT).set('events', { caseStart: dayAfter - 3_600_000 });
  await eventually(() => expect(inProgress.client.provider.status.status).toBe('synced'), 15_000);
  performed.client.destroy();
  inProgress.client.destroy();
}, 240_000);

afterAll(async () => {
  await server?.dispose();
  // A restarted server does not own the data directory it was given.
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('after the free trial ends (issue 35 item 2, rule SUB2)', () => {
  it('accepts a new patient at midnight UTC the day before the trial ends', async () => {
    await serveAt(dayBefore);
    const created = await fhir(server, member.browser, 'POST', `${member.orgId}/Patient`, patientBody('Eve', 'Early'));
    expect(created.status).toBe(201);
  }, 120_000);

  it('at midnight UTC the day after, finalizes and amends the case performed during the trial', async () => {
    await serveAt(dayAfter);
    const reply = await finalize(server, member.browser, member.orgId, performed.caseId, {
      signature: SIGNATURE,
      contentHash: performed.hash(),
      timeZone: 'UTC',
    });
    expect(reply.status).toBe(200);
    expect(reply.lines.map((l) => l.step)).toEqual(['pdfGen', 'saveUpdates', 'done']);
    const addendum = await addAddendum(server, member.browser, member.orgId, performed.caseId, {
      title: 'Follow-up call',
      text: 'Doing well the next morning.',
      signerName: 'Dr. Test Person, DDS',
      signature: SIGNATURE,
    });
    expect(addendum.status).toBe(201);
    expect(addendum.body.pdfId).toEqual(expect.any(String));
  }, 120_000);

  it('keeps charting the case in progress: its document, its patient and a weight written through FHIR', async () => {
    await serveAt(dayAfter);
    const client = connectVigilClient(server.url, `${member.orgId}/${inProgress.caseId}`, {
      params: { token: member.token },
    });
    await eventually(() => expect(client.provider.status.status).toBe('synced'), 15_000);
    client.doc.getMap(CASE_ROOT).set('procedureNotes', 'Charted after the trial ended');
    await eventually(() => {
      expect(client.provider.status.refused).toBeNull();
      expect(client.provider.status.status).toBe('synced');
    }, 15_000);
    client.destroy();
    // A second device reads what the server stored.
    const reader = connectVigilClient(server.url, `${member.orgId}/${inProgress.caseId}`, {
      params: { token: member.token },
    });
    await eventually(() =>
      expect(reader.doc.getMap(CASE_ROOT).get('procedureNotes')).toBe('Charted after the trial ended'),
    );
    reader.destroy();

    const patient = await fhir<{ id: string; meta?: unknown }>(
      server,
      member.browser,
      'GET',
      `${member.orgId}/Patient/${inProgress.patientId}`,
    );
    const { meta: _meta, ...current } = patient.body;
    const updated = await fhir(server, member.browser, 'PUT', `${member.orgId}/Patient/${inProgress.patientId}`, {
      ...current,
      telecom: [{ system: 'phone', value: '555-0100' }],
    });
    expect(updated.status).toBe(200);
    const weight = await fhir(server, member.browser, 'POST', `${member.orgId}/Observation`, {
      resourceType: 'Observation',
      status: 'final',
      code: { coding: [{ ...PHYSICAL_ATTRIBUTE_CODES.panel }] },
      subject: { reference: `Patient/${inProgress.patientId}` },
      effectiveDateTime: new Date(dayAfter).toISOString(),
      component: [measurementComponent('weight', 20.4, '45 lb')],
    });
    expect(weight.status).toBe(201);
  }, 120_000);

  it('refuses a new patient and a new case at midnight UTC the day after, saying the trial ended and where to subscribe', async () => {
    await serveAt(dayAfter);
    const patient = await fhir(server, member.browser, 'POST', `${member.orgId}/Patient`, patientBody('Lee', 'Late'));
    expect([patient.status, codeOf(patient)]).toEqual([423, 'TRIAL_ENDED']);
    expect(JSON.stringify(patient.body)).toContain(TRIAL_ENDED_MESSAGE);
    // A PUT to a new id creates: refused the same way.
    const put = await fhir(
      server,
      member.browser,
      'PUT',
      `${member.orgId}/Patient/pat-aftertrial001`,
      patientBody('Put', 'Late'),
    );
    expect([put.status, codeOf(put)]).toEqual([423, 'TRIAL_ENDED']);
    const appointment = await fhir(server, member.browser, 'POST', `${member.orgId}/Appointment`, {
      resourceType: 'Appointment',
      status: 'booked',
      start: new Date(dayAfter + DAY).toISOString(),
      end: new Date(dayAfter + DAY + 3_600_000).toISOString(),
      participant: [{ actor: { reference: `Patient/${inProgress.patientId}` }, status: 'accepted' }],
    });
    expect([appointment.status, codeOf(appointment)]).toEqual([423, 'TRIAL_ENDED']);
  }, 120_000);
});
