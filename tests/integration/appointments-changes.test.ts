import { appointmentTasks, ROOM_PHYSICAL_TYPE, type Appointment, type AppointmentConflict } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from './accounts-client.js';
import { codeOf, fhir, patientBody } from './fhir-helpers.js';
import { consentForm, formsWorld, type FormRole, type FormsWorld } from './forms-helpers.js';
import { join, person, type Person } from './orgs-helpers.js';
import { chartedCase, finalize, SIGNATURE, type ChartedCase } from './report-helpers.js';

/**
 * Issue 40: the front desk changes a booked appointment through explicit operations
 * (`POST /api/appointments/{orgId}/{id}/reschedule|cancel|status`), each a write through the one
 * FHIR write path, refused for another organisation, a caller without the organisation
 * permission, a case already started and a finalized case; a plain FHIR PUT meets the same rules.
 */

type Action = 'reschedule' | 'cancel' | 'noshow' | 'arrived';

interface Reply {
  status: number;
  body: { appointment?: Appointment & { id: string }; conflicts?: AppointmentConflict[]; error?: string };
}

function cookie(browser: Browser): string {
  return [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** One operation as `browser`, on `orgId`'s appointment `id`. */
async function operate(
  w: FormsWorld,
  browser: Browser,
  orgId: string,
  id: string,
  path: 'reschedule' | 'cancel' | 'status',
  body: unknown,
): Promise<Reply> {
  const res = await fetch(`${w.server.url}/api/appointments/${orgId}/${id}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookie(browser) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Reply['body'] };
}

/** Each of the four changes the issue names, as its operation's path and body. */
const ACTIONS: Record<Action, ['reschedule' | 'cancel' | 'status', unknown]> = {
  reschedule: ['reschedule', { start: '2026-12-03T15:00:00.000Z', end: '2026-12-03T16:30:00.000Z' }],
  cancel: ['cancel', { reason: 'Patient has the flu' }],
  noshow: ['status', { status: 'noshow' }],
  arrived: ['status', { status: 'arrived' }],
};

describe('appointment changes after booking (issue 40)', () => {
  let w: FormsWorld;
  /** A member of the internal team (member and stats, not uber): sees offices, holds no organisation permission. */
  let teamStats: Person;
  let patientId = '';
  let providerA = '';
  let providerB = '';
  let officeId = '';
  let roomOne = '';
  let roomTwo = '';
  let started: ChartedCase;
  let finalized: ChartedCase;

  async function booked(start: string, end: string, extra: Partial<Appointment> = {}): Promise<string> {
    const made = await fhir<{ id: string }>(w.server, w.admin.browser, 'POST', 'office/Appointment', {
      resourceType: 'Appointment',
      status: 'booked',
      start,
      end,
      participant: [
        { actor: { reference: `Patient/${patientId}` }, status: 'accepted' },
        { actor: { reference: `Practitioner/${providerA}` }, status: 'accepted' },
        { actor: { reference: `Location/${roomOne}` }, status: 'accepted' },
      ],
      ...extra,
    });
    expect(made.status).toBe(201);
    return made.body.id;
  }

  const read = async (id: string): Promise<Appointment & { id: string }> =>
    (await fhir<Appointment & { id: string }>(w.server, w.admin.browser, 'GET', `office/Appointment/${id}`)).body;

  beforeAll(async () => {
    w = await formsWorld({ prefix: 'appointments' });
    teamStats = await person(w.server, 'team-stats@appointments.test');
    await join(w.server, w.uber, 'vigil', teamStats, ['stats']);
    const post = async (type: string, body: unknown): Promise<string> => {
      const made = await fhir<{ id: string }>(w.server, w.admin.browser, 'POST', `office/${type}`, body);
      expect(made.status).toBe(201);
      return made.body.id;
    };
    patientId = await post('Patient', patientBody('Marisol', 'Quintero', '2015-03-04'));
    providerA = await post('Practitioner', { resourceType: 'Practitioner', name: [{ text: 'Dr Ada Shaw' }] });
    providerB = await post('Practitioner', { resourceType: 'Practitioner', name: [{ text: 'Dr Ben Ruiz' }] });
    officeId = await post('Location', { resourceType: 'Location', name: 'Main Street' });
    roomOne = await post('Location', {
      resourceType: 'Location',
      name: 'Op 1',
      physicalType: { coding: [{ ...ROOM_PHYSICAL_TYPE }] },
      partOf: { reference: `Location/${officeId}` },
    });
    roomTwo = await post('Location', {
      resourceType: 'Location',
      name: 'Op 2',
      physicalType: { coding: [{ ...ROOM_PHYSICAL_TYPE }] },
      partOf: { reference: `Location/${officeId}` },
    });
    const admin = { email: w.admin.email, orgId: 'office', token: w.admin.browser.token!, browser: w.admin.browser };
    started = await chartedCase(w.server, admin);
    finalized = await chartedCase(w.server, admin);
    const signed = await finalize(w.server, w.admin.browser, 'office', finalized.caseId, {
      signature: SIGNATURE,
      contentHash: finalized.hash(),
      timeZone: 'UTC',
    });
    expect(signed.lines.at(-1)?.step).toBe('done');
  }, 300_000);

  afterAll(async () => {
    started?.client.destroy();
    finalized?.client.destroy();
    await w?.server.dispose();
  });

  it.each(Object.keys(ACTIONS) as Action[])(
    '%s is refused for another organisation, without the organisation permission, signed out and without MFA',
    async (action) => {
      const id = await booked('2026-12-01T15:00:00.000Z', '2026-12-01T16:00:00.000Z');
      const [path, body] = ACTIONS[action];
      const outcomes: Partial<Record<FormRole | 'teamStats' | 'otherOrgOwnId', string>> = {};
      for (const role of ['none', 'adminWithoutMfa', 'otherOrgAdmin'] as const) {
        const reply = await operate(w, w.browsers[role], 'office', id, path, body);
        outcomes[role] = `${reply.status} ${reply.body.error}`;
      }
      outcomes.teamStats = `${(await operate(w, teamStats.browser, 'office', id, path, body)).status}`;
      // Another office's admin naming the appointment under their own office: not there.
      outcomes.otherOrgOwnId = `${(await operate(w, w.otherAdmin.browser, 'elsewhere', id, path, body)).status}`;
      expect(outcomes).toEqual({
        none: '401 NO_AUTHENTICATION',
        adminWithoutMfa: '401 MFA_REQUIRED',
        otherOrgAdmin: '403 NOT_AUTHORIZED',
        teamStats: '403',
        otherOrgOwnId: '404',
      });
      // Nothing changed.
      const after = await read(id);
      expect([after.status, after.start, after.meta?.versionId]).toEqual(['booked', '2026-12-01T15:00:00.000Z', '1']);
      // The office's member may (the organisation permission, as booking through the FHIR API).
      expect((await operate(w, w.member.browser, 'office', id, path, body)).status).toBe(200);
    },
    60_000,
  );

  it.each(Object.keys(ACTIONS) as Action[])(
    '%s is refused for a case already started (409 CASE_STARTED) and a finalized one (423 SIGNED_RECORD)',
    async (action) => {
      const [path, body] = ACTIONS[action];
      const before = await read(started.caseId);
      const onStarted = await operate(w, w.admin.browser, 'office', started.caseId, path, body);
      expect([onStarted.status, onStarted.body.error]).toEqual([409, 'CASE_STARTED']);
      expect((await read(started.caseId)).meta?.versionId).toBe(before.meta?.versionId);
      const signedBefore = await read(finalized.caseId);
      const onFinal = await operate(w, w.admin.browser, 'office', finalized.caseId, path, body);
      expect([onFinal.status, onFinal.body.error]).toEqual([423, 'SIGNED_RECORD']);
      expect(await read(finalized.caseId)).toEqual(signedBefore);
    },
    60_000,
  );

  it('a plain FHIR PUT meets the same rules: a started case keeps its time, a cancel needs a reason', async () => {
    const current = await read(started.caseId);
    const moved = await fhir(w.server, w.admin.browser, 'PUT', `office/Appointment/${started.caseId}`, {
      ...current,
      start: '2026-12-05T15:00:00.000Z',
      end: '2026-12-05T16:00:00.000Z',
    });
    expect([moved.status, codeOf(moved)]).toEqual([409, 'CASE_STARTED']);
    const id = await booked('2026-12-02T15:00:00.000Z', '2026-12-02T16:00:00.000Z');
    const plain = await read(id);
    const noReason = await fhir(w.server, w.admin.browser, 'PUT', `office/Appointment/${id}`, {
      ...plain,
      status: 'cancelled',
    });
    expect([noReason.status, codeOf(noReason)]).toEqual([400, 'CANCEL_REASON_REQUIRED']);
    const withReason = await fhir<Appointment>(w.server, w.admin.browser, 'PUT', `office/Appointment/${id}`, {
      ...plain,
      status: 'cancelled',
      cancelationReason: { text: 'Moved away' },
    });
    expect([withReason.status, withReason.body.status]).toEqual([200, 'cancelled']);
    // A description edit of a started case is not a schedule change.
    const described = await fhir(w.server, w.admin.browser, 'PUT', `office/Appointment/${started.caseId}`, {
      ...current,
      description: 'Third molar extraction, both sides',
    });
    expect(described.status).toBe(200);
  });

  it('cancel keeps the reason, no-show and arrived set their status, entered in error is final', async () => {
    const id = await booked('2026-12-04T15:00:00.000Z', '2026-12-04T16:00:00.000Z');
    const noReason = await operate(w, w.admin.browser, 'office', id, 'cancel', { reason: '  ' });
    expect([noReason.status, noReason.body.error]).toEqual([400, 'INVALID_INPUT']);
    const cancelledReply = await operate(w, w.admin.browser, 'office', id, 'cancel', { reason: 'Patient has the flu' });
    expect(cancelledReply.status).toBe(200);
    expect((await read(id)).cancelationReason).toEqual({ text: 'Patient has the flu' });
    for (const status of ['booked', 'arrived', 'checked-in', 'noshow', 'entered-in-error'] as const) {
      const reply = await operate(w, w.admin.browser, 'office', id, 'status', { status });
      expect([status, reply.status]).toEqual([status, 200]);
      expect((await read(id)).status).toBe(status);
    }
    const again = await operate(w, w.admin.browser, 'office', id, 'status', { status: 'booked' });
    expect([again.status, again.body.error]).toEqual([409, 'APPOINTMENT_ENTERED_IN_ERROR']);
    const wrong = await operate(w, w.admin.browser, 'office', id, 'status', { status: 'fulfilled' });
    expect(wrong.status).toBe(400);
  });

  it('a reschedule moves time, provider and room and keeps the forms and the health history link', async () => {
    const id = await booked('2026-12-07T15:00:00.000Z', '2026-12-07T16:00:00.000Z', {
      description: 'Full-mouth restorations',
    });
    const formId = await consentForm(w, 'Reschedule consent');
    const added = await w.admin.browser.gql(
      `mutation ($formIds: [String!]!, $appointmentId: String!) {
        addFormTasksToAppointment(orgId: "office", formIds: $formIds, appointmentId: $appointmentId) { fhirJSON } }`,
      { formIds: [formId], appointmentId: id },
    );
    expect(added.code).toBeUndefined();
    const before = await read(id);
    expect(appointmentTasks(before)).toHaveLength(1);

    const reply = await operate(w, w.admin.browser, 'office', id, 'reschedule', {
      start: '2026-12-08T17:00:00.000Z',
      end: '2026-12-08T18:30:00.000Z',
      providerId: providerB,
      locationId: roomTwo,
    });
    expect(reply.status).toBe(200);
    const after = await read(id);
    expect([after.start, after.end, after.status, after.description]).toEqual([
      '2026-12-08T17:00:00.000Z',
      '2026-12-08T18:30:00.000Z',
      'booked',
      'Full-mouth restorations',
    ]);
    expect(after.participant.map((p) => p.actor?.reference)).toEqual([
      `Patient/${patientId}`,
      `Practitioner/${providerB}`,
      `Location/${roomTwo}`,
    ]);
    expect(appointmentTasks(after)).toEqual(appointmentTasks(before));
    expect(after.extension).toEqual(before.extension);
    // The case still leads to the patient's health history: a history started from it is the patient's.
    const history = await w.admin.browser.gql<{ newHhx: { id: string } }>(
      'mutation ($p: String!, $c: String) { newHhx(orgId: "office", patientId: $p, caseCompositionId: $c) { id } }',
      { p: patientId, c: id },
    );
    expect(history.code).toBeUndefined();
    expect(history.data?.newHhx.id).toBeTruthy();
    // A reschedule with its end before its start is refused and changes nothing.
    const backwards = await operate(w, w.admin.browser, 'office', id, 'reschedule', {
      start: '2026-12-08T17:00:00.000Z',
      end: '2026-12-08T16:00:00.000Z',
    });
    expect([backwards.status, backwards.body.error]).toEqual([400, 'INVALID_APPOINTMENT_TIME']);
    expect((await read(id)).meta?.versionId).toBe(after.meta?.versionId);
  });

  it('reports the same provider or room double-booked, without blocking the move', async () => {
    // A: provider A in room 1, 9:00-10:00 on Dec 10.
    const a = await booked('2026-12-10T09:00:00.000Z', '2026-12-10T10:00:00.000Z');
    // B: provider B in room 2 in the afternoon; moved onto A's morning in room 1: a room conflict only.
    const b = await booked('2026-12-10T13:00:00.000Z', '2026-12-10T14:00:00.000Z', {
      participant: [
        { actor: { reference: `Patient/${patientId}` }, status: 'accepted' },
        { actor: { reference: `Practitioner/${providerB}` }, status: 'accepted' },
        { actor: { reference: `Location/${roomTwo}` }, status: 'accepted' },
      ],
    });
    const onRoom = await operate(w, w.admin.browser, 'office', b, 'reschedule', {
      start: '2026-12-10T09:30:00.000Z',
      end: '2026-12-10T10:30:00.000Z',
      locationId: roomOne,
    });
    expect(onRoom.status).toBe(200);
    expect(onRoom.body.conflicts?.map((c) => [c.appointmentId, c.kind])).toEqual([[a, 'room']]);
    expect((await read(b)).start).toBe('2026-12-10T09:30:00.000Z');
    // The same provider as A, in room 2, overlapping A and B: a provider conflict with A, none with B's room.
    const c = await booked('2026-12-11T09:00:00.000Z', '2026-12-11T10:00:00.000Z');
    const onProvider = await operate(w, w.admin.browser, 'office', c, 'reschedule', {
      start: '2026-12-10T09:45:00.000Z',
      end: '2026-12-10T10:15:00.000Z',
      locationId: roomTwo,
    });
    expect(onProvider.body.conflicts?.map((x) => [x.appointmentId, x.kind])).toEqual([[a, 'provider']]);
    // At the office itself (no room), back to back with A: nothing to report.
    const d = await booked('2026-12-12T09:00:00.000Z', '2026-12-12T10:00:00.000Z');
    const free = await operate(w, w.admin.browser, 'office', d, 'reschedule', {
      start: '2026-12-10T10:30:00.000Z',
      end: '2026-12-10T11:00:00.000Z',
      providerId: providerB,
      locationId: officeId,
    });
    expect(free.body.conflicts).toEqual([]);
    // Once A is a no-show, its time is free.
    expect((await operate(w, w.admin.browser, 'office', a, 'status', { status: 'noshow' })).status).toBe(200);
    const again = await operate(w, w.admin.browser, 'office', b, 'reschedule', {
      start: '2026-12-10T09:30:00.000Z',
      end: '2026-12-10T10:30:00.000Z',
    });
    expect(again.body.conflicts).toEqual([]);
  });
});
