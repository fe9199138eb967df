import { appointmentTasks, type Appointment } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from './accounts-client.js';
import { fhir } from './fhir-helpers.js';
import { eventually } from '../utils/yjs-clients.js';
import {
  consentForm,
  FORM_ROLES,
  formsWorld,
  needs,
  newAppointment,
  type FormRole,
  type FormsWorld,
} from './forms-helpers.js';

/*
 * Appointment tasks against the real server (issue 28; spec 000 §3 "Appointment task", §4, §7):
 * forms added to an appointment, sent by SMS or email through the outbox ('sent', else
 * 'Failed to send'), deleted; every call × caller.
 */

const ADD = `mutation ($orgId: String, $formIds: [String!]!, $appointmentId: String!) {
  addFormTasksToAppointment(orgId: $orgId, formIds: $formIds, appointmentId: $appointmentId) { fhirJSON } }`;
const SEND = `mutation ($orgId: String, $taskId: String!, $appointmentId: String!, $to: String!, $channel: String!, $simulate: String) {
  sendAppointmentForm(orgId: $orgId, appointmentTaskId: $taskId, appointmentId: $appointmentId, to: $to, channel: $channel, simulate: $simulate) { fhirJSON } }`;
const QR = `mutation ($orgId: String, $taskId: String!, $appointmentId: String!) {
  showAppointmentFormQr(orgId: $orgId, appointmentTaskId: $taskId, appointmentId: $appointmentId) { url expiresAt fhirJSON } }`;
const DELETE = `mutation ($orgId: String, $id: String!, $appointmentId: String!) {
  deleteAppointmentTask(orgId: $orgId, id: $id, appointmentId: $appointmentId) { fhirJSON } }`;

const appointmentOf = (result: { data: Record<string, { fhirJSON: string }> | null }): Appointment =>
  JSON.parse(Object.values(result.data!)[0]!.fhirJSON) as Appointment;

describe('appointment tasks (issue 28)', () => {
  let w: FormsWorld;
  let formId = '';
  let appointmentId = '';

  beforeAll(async () => {
    w = await formsWorld({ prefix: 'tasks' });
    formId = await consentForm(w);
    ({ appointmentId } = await newAppointment(w));
  }, 300_000);
  afterAll(async () => {
    await w?.server.dispose();
  });

  it('adds a requested task per form, sends it by SMS through the outbox as sent, and deletes it', async () => {
    const added = await w.member.browser.gql<Record<string, { fhirJSON: string }>>(ADD, {
      orgId: 'office',
      formIds: [formId],
      appointmentId,
    });
    expect(added.code).toBeUndefined();
    const tasks = appointmentTasks(appointmentOf(added));
    expect(tasks).toEqual([
      expect.objectContaining({ type: 'patientForm', status: 'requested', extId: formId, title: 'Sedation consent' }),
    ]);
    // Adding the same form again does not add a second task.
    const again = await w.member.browser.gql<Record<string, { fhirJSON: string }>>(ADD, {
      orgId: 'office',
      formIds: [formId],
      appointmentId,
    });
    expect(appointmentTasks(appointmentOf(again))).toHaveLength(1);

    const sent = await w.member.browser.gql<Record<string, { fhirJSON: string }>>(SEND, {
      orgId: 'office',
      taskId: tasks[0]!.id,
      appointmentId,
      to: '(415) 555-2671',
      channel: 'sms',
    });
    expect(sent.code).toBeUndefined();
    expect(appointmentTasks(appointmentOf(sent))[0]).toMatchObject({
      status: 'sent',
      statusText: 'Sent by SMS to +14155552671',
    });
    const sms = (await outbox(w.server.url, '+14155552671')).at(-1)!;
    expect(sms.channel).toBe('sms');
    expect(sms.body).toMatch(/Bright Smile Dental: .*\/patient-form\/[A-Za-z0-9_-]{43}$/);
    // The SMS carries no patient name.
    expect(sms.body).not.toContain('Ana');

    const mailed = await w.member.browser.gql(SEND, {
      orgId: 'office',
      taskId: tasks[0]!.id,
      appointmentId,
      to: 'Ana@Example.com',
      channel: 'email',
    });
    expect(mailed.code).toBeUndefined();
    expect((await outbox(w.server.url, 'ana@example.com')).at(-1)!.body).toContain('/patient-form/');

    const deleted = await w.member.browser.gql<Record<string, { fhirJSON: string }>>(DELETE, {
      orgId: 'office',
      id: tasks[0]!.id,
      appointmentId,
    });
    expect(appointmentTasks(appointmentOf(deleted))).toEqual([]);
    expect((await w.member.browser.gql(DELETE, { orgId: 'office', id: tasks[0]!.id, appointmentId })).code).toBe(
      'NOT_FOUND',
    );
  });

  it('shows a task as a QR code at the desk: a new single-use link for 7 days that opens the form, the earlier one stopped (issue 40)', async () => {
    const added = await w.member.browser.gql<Record<string, { fhirJSON: string }>>(ADD, {
      orgId: 'office',
      formIds: [formId],
      appointmentId,
    });
    const taskId = appointmentTasks(appointmentOf(added)).find((t) => t.extId === formId)!.id;
    const sms = await w.member.browser.gql(SEND, {
      orgId: 'office',
      taskId,
      appointmentId,
      to: '(415) 555-2672',
      channel: 'sms',
    });
    expect(sms.code).toBeUndefined();
    const smsToken = /\/patient-form\/([A-Za-z0-9_-]{43})$/.exec(
      (await outbox(w.server.url, '+14155552672')).at(-1)!.body,
    )![1]!;

    const before = Date.now();
    const shown = await w.member.browser.gql<{
      showAppointmentFormQr: { url: string; expiresAt: number; fhirJSON: string };
    }>(QR, {
      orgId: 'office',
      taskId,
      appointmentId,
    });
    expect(shown.code).toBeUndefined();
    const { url, expiresAt, fhirJSON } = shown.data!.showAppointmentFormQr;
    expect(url).toMatch(
      new RegExp(
        `^${w.server.url.replace('localhost', '(localhost|127\\.0\\.0\\.1)')}/patient-form/[A-Za-z0-9_-]{43}$`,
      ),
    );
    expect(expiresAt - before).toBeGreaterThan(7 * 24 * 60 * 60_000 - 60_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(7 * 24 * 60 * 60_000);
    expect(appointmentTasks(JSON.parse(fhirJSON) as Appointment).find((t) => t.id === taskId)).toMatchObject({
      status: 'sent',
      statusText: 'Shown as a QR code at the desk',
    });
    // The QR's link opens the form; the one sent by SMS before it no longer does.
    const token = url.split('/').at(-1)!;
    expect((await fetch(`${w.server.url}/api/patient-forms/${token}`)).status).toBe(200);
    expect((await fetch(`${w.server.url}/api/patient-forms/${smsToken}`)).status).not.toBe(200);
  });

  it("answers 'Failed to send' when the task is not 'sent' (spec 000 §4), and refuses bad addresses", async () => {
    const added = await w.admin.browser.gql<Record<string, { fhirJSON: string }>>(ADD, {
      orgId: 'office',
      formIds: [formId],
      appointmentId,
    });
    const task = appointmentTasks(appointmentOf(added)).at(-1)!;
    const failed = await w.admin.browser.gql(SEND, {
      orgId: 'office',
      taskId: task.id,
      appointmentId,
      to: '+14155552671',
      channel: 'sms',
      simulate: 'fail',
    });
    expect(failed.code).toBe('Failed to send');
    const stored = await fhir<Appointment>(w.server, w.admin.browser, 'GET', `office/Appointment/${appointmentId}`);
    expect(appointmentTasks(stored.body).find((t) => t.id === task.id)?.status).toBe('failed');
    const base = { orgId: 'office', taskId: task.id, appointmentId };
    expect((await w.admin.browser.gql(SEND, { ...base, to: 'not-an-email', channel: 'email' })).code).toBe(
      'INVALID_INPUT',
    );
    expect((await w.admin.browser.gql(SEND, { ...base, to: '12345', channel: 'sms' })).code).toBe('INVALID_PHONE');
    expect((await w.admin.browser.gql(SEND, { ...base, to: '+14155552671', channel: 'fax' })).code).toBe(
      'INVALID_INPUT',
    );
    expect((await w.admin.browser.gql(ADD, { orgId: 'office', formIds: ['frm-nope'], appointmentId })).code).toBe(
      'NOT_FOUND',
    );
  });

  it("adds every addToAll form (the office's and its parent's) to each new appointment", async () => {
    const own = await w.admin.browser.gql<{ createTextBodyForm: { id: string; name: string }[] }>(
      `mutation { createTextBodyForm(orgId: "office", properties: { name: "Office pre-op", addToAll: true }) { id name } }`,
    );
    const ownId = own.data!.createTextBodyForm.find((f) => f.name === 'Office pre-op')!.id;
    const parent = await w.parentAdmin.browser.gql<{ createTextBodyForm: { id: string; name: string }[] }>(
      `mutation { createTextBodyForm(orgId: "group", properties: { name: "Group consent", addToAll: true, requireSignature: true }) { id name } }`,
    );
    const parentId = parent.data!.createTextBodyForm.find((f) => f.name === 'Group consent')!.id;
    const { appointmentId: fresh } = await newAppointment(w, 'Nia');
    await eventually(
      async () => {
        const tasks = appointmentTasks(
          (await fhir<Appointment>(w.server, w.admin.browser, 'GET', `office/Appointment/${fresh}`)).body,
        );
        expect(tasks.map((t) => [t.extId, t.status]).sort()).toEqual(
          [
            [ownId, 'requested'],
            [parentId, 'requested'],
          ].sort(),
        );
      },
      5_000,
      100,
    );
    // Only new appointments: the one made before these forms has none of them.
    const older = appointmentTasks(
      (await fhir<Appointment>(w.server, w.admin.browser, 'GET', `office/Appointment/${appointmentId}`)).body,
    );
    expect(older.some((t) => t.extId === ownId || t.extId === parentId)).toBe(false);
  });

  it('answers every task call × caller as the table says (wrong org, wrong role, no session refused)', async () => {
    const allowed = needs(['member', 'admin', 'parentAdmin']);
    const taskOf = {} as Record<FormRole, string>;
    for (const r of FORM_ROLES) {
      const added = await w.admin.browser.gql<Record<string, { fhirJSON: string }>>(ADD, {
        orgId: 'office',
        formIds: [await consentForm(w, `form for ${r}`)],
        appointmentId,
      });
      taskOf[r] = appointmentTasks(appointmentOf(added)).at(-1)!.id;
    }
    const deviations: string[] = [];
    for (const role of FORM_ROLES) {
      const b = w.browsers[role];
      const outcomes = {
        addFormTasksToAppointment: await b.gql(ADD, { orgId: 'office', formIds: [formId], appointmentId }),
        sendAppointmentForm: await b.gql(SEND, {
          orgId: 'office',
          taskId: taskOf[role],
          appointmentId,
          to: 'patient@example.com',
          channel: 'email',
        }),
        showAppointmentFormQr: await b.gql(QR, { orgId: 'office', taskId: taskOf[role], appointmentId }),
        deleteAppointmentTask: await b.gql(DELETE, { orgId: 'office', id: taskOf[role], appointmentId }),
      };
      for (const [call, result] of Object.entries(outcomes)) {
        const outcome = result.code ?? (result.data ? 'ok' : 'no data');
        if (outcome !== allowed[role]) deviations.push(`${call} as ${role}: expected ${allowed[role]}, got ${outcome}`);
      }
    }
    expect(deviations).toEqual([]);
    // Another organisation's admin asking for office's appointment under their own org finds nothing there.
    const elsewhere = await w.otherAdmin.browser.gql(ADD, { orgId: 'elsewhere', formIds: [formId], appointmentId });
    expect(elsewhere.code).toBe('NOT_FOUND');
  });
});
