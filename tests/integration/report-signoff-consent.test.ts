/**
 * Issue 35 item 13 against the real server: a consent the patient signed on the phone link for
 * the case's appointment records consent at the finalize gate (SO3), with no tick on the pre-op
 * checklist. `office` has the policies flag on and no policy written, so SO3 blocks (PO3). The
 * other open flags of the charted case are overridden with a reason, so SO3 alone decides.
 */
import { appointmentTasks, type Appointment } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngDataUrl } from '../utils/png.js';
import type { OrgMember } from '../utils/members.js';
import { outbox } from './accounts-client.js';
import { fhir } from './fhir-helpers.js';
import { consentForm, formsWorld, type FormsWorld } from './forms-helpers.js';
import { chartedCase, SIGNATURE, type ChartedCase } from './report-helpers.js';

const MOBILE = '+14155552671';
/** chartedCase's patient, Ada Lovelace: the link's birth-date challenge. */
const BIRTH_DATE = '1990-01-02';
const NOT_RECORDED = "Consent is not recorded: add 'Consent signed' to the pre-op checklist and tick it.";

let w: FormsWorld;
let office: OrgMember;
let formId = '';

beforeAll(async () => {
  // formsWorld turns the form builder on for office as an internal uber in sudo.
  w = await formsWorld({ prefix: 'consent-gate' });
  const on = await w.uber.browser.gql('mutation { addOrgFeature(orgId: "office", featureName: "policies") { name } }');
  expect(on.code).toBeUndefined();
  office = { email: w.admin.email, orgId: 'office', token: w.admin.browser.token!, browser: w.admin.browser };
  formId = await consentForm(w);
}, 300_000);
afterAll(async () => {
  await w?.server.dispose();
});

interface Reply {
  status: number;
  error?: string;
  issues?: { code: string; path: string[]; message: string }[];
}

/** POST /api/finalize with the client's hash: the JSON refusal, or 200 once the NDJSON ends in done. */
async function tryFinalize(c: ChartedCase, overrides: { flagKey: string; reason: string }[] = []): Promise<Reply> {
  const res = await fetch(`${w.server.url}/api/finalize/${c.orgId}/${c.caseId}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: [...c.member.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    },
    body: JSON.stringify({ signature: SIGNATURE, contentHash: c.hash(), timeZone: 'UTC', overrides }),
  });
  const text = await res.text();
  if (res.headers.get('content-type')?.startsWith('application/x-ndjson')) {
    const last = JSON.parse(text.trim().split('\n').at(-1)!) as { step: string; data?: { code?: string } };
    return last.step === 'done' ? { status: res.status } : { status: 500, error: String(last.data?.code) };
  }
  return { ...(JSON.parse(text) as Reply), status: res.status };
}

/** The patient signs the consent form on the link sent for `appointmentId` (the front desk's SMS). */
async function patientSigns(appointmentId: string): Promise<string> {
  const added = await w.admin.browser.gql<{ addFormTasksToAppointment: { fhirJSON: string } }>(
    `mutation ($formIds: [String!]!, $appointmentId: String!) {
      addFormTasksToAppointment(orgId: "office", formIds: $formIds, appointmentId: $appointmentId) { fhirJSON } }`,
    { formIds: [formId], appointmentId },
  );
  expect(added.code).toBeUndefined();
  const appointment = JSON.parse(added.data!.addFormTasksToAppointment.fhirJSON) as Appointment;
  const taskId = appointmentTasks(appointment).find((t) => t.extId === formId && t.status !== 'completed')!.id;
  const sent = await w.admin.browser.gql(
    `mutation ($taskId: String!, $appointmentId: String!) {
      sendAppointmentForm(orgId: "office", appointmentTaskId: $taskId, appointmentId: $appointmentId, to: "${MOBILE}", channel: "sms") { fhirJSON } }`,
    { taskId, appointmentId },
  );
  expect(sent.code).toBeUndefined();
  const sms = (await outbox(w.server.url, MOBILE)).at(-1)!;
  const token = /\/patient-form\/([A-Za-z0-9_-]{43})$/.exec(sms.body)![1]!;
  const res = await fetch(`${w.server.url}/api/patient-forms/${token}/submit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      birthDate: BIRTH_DATE,
      accepted: true,
      values: { signerName: 'Ada Lovelace', signature: pngDataUrl(300, 100) },
    }),
  });
  const body = (await res.json()) as { contractId?: string };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.contractId!;
}

/** The open blocking flags other than SO3, overridden with a reason. */
const othersOverridden = (refused: Reply): { flagKey: string; reason: string }[] =>
  refused.issues!.filter((i) => i.code !== 'SO3').map((i) => ({ flagKey: i.path[0]!, reason: 'Checked' }));

describe('a consent the patient signed on the phone at the finalize gate (issue 35 item 13, SO3)', () => {
  it('[SO3] refuses without a consent and with a consent for another appointment; accepts the patient’s signed consent for the case', async () => {
    const c = await chartedCase(w.server, office);
    try {
      // No consent: SO3 blocks (no checklist item, nothing signed).
      const refused = await tryFinalize(c);
      expect(refused.status).toBe(409);
      expect(refused.error).toBe('SIGNOFF_BLOCKED');
      expect(refused.issues).toContainEqual(
        expect.objectContaining({ code: 'SO3', path: ['SO3', 'preOpChecklist'], message: NOT_RECORDED }),
      );
      const overrides = othersOverridden(refused);
      const alone = await tryFinalize(c, overrides);
      expect(alone.status).toBe(409);
      expect(alone.issues!.map((i) => i.code)).toEqual(['SO3']);

      // The same patient signs a consent for another of their appointments: it is not this case's.
      const other = await fhir<{ id: string }>(w.server, w.admin.browser, 'POST', 'office/Appointment', {
        resourceType: 'Appointment',
        status: 'booked',
        start: '2026-12-02T15:00:00.000Z',
        end: '2026-12-02T16:00:00.000Z',
        participant: [{ actor: { reference: `Patient/${c.patientId}` }, status: 'accepted' }],
      });
      expect(other.status).toBe(201);
      await patientSigns(other.body.id);
      const elsewhere = await tryFinalize(c, overrides);
      expect(elsewhere.status).toBe(409);
      expect(elsewhere.issues!.map((i) => i.message)).toEqual([NOT_RECORDED]);

      // The patient signs the consent sent for this case on their phone: finalize goes through,
      // with no tick on the checklist and no override of SO3.
      await patientSigns(c.caseId);
      const signed = await tryFinalize(c, overrides);
      expect(signed).toEqual({ status: 200 });
    } finally {
      c.client.destroy();
    }
  }, 180_000);
});
