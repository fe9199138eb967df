/**
 * The organisations the forms, contracts and comments tests run in (issue 28): `office` is overseen
 * by the parent organisation `group`; `elsewhere` is an unrelated office. Every person is fully
 * authenticated through the real server; the internal uber turns the form builder on for office.
 */
import {
  appointmentTasks,
  PATIENT_HEALTH_HISTORY_TYPE,
  type Appointment,
  type Bundle,
  type Composition,
} from '@vigil/shared';
import { expect } from 'vitest';
import { pngDataUrl } from '../utils/png.js';
import { startServer, type TestServer } from '../utils/start-server.js';
import { fhir, patientBody } from './fhir-helpers.js';
import { Browser, outbox, signIn } from './accounts-client.js';
import { adminCli, createOrg, join, PASSWORD, person, sudo, type Person } from './orgs-helpers.js';

export const FORM_ROLES = ['none', 'adminWithoutMfa', 'member', 'admin', 'parentAdmin', 'otherOrgAdmin'] as const;
export type FormRole = (typeof FORM_ROLES)[number];

export interface FormsWorld {
  server: TestServer;
  admin: Person;
  member: Person;
  parentAdmin: Person;
  otherAdmin: Person;
  uber: Person;
  browsers: Record<FormRole, Browser>;
}

/** Signed out: NO_AUTHENTICATION; without MFA: MFA_REQUIRED (spec 000 §6); else allowed or NOT_AUTHORIZED. */
export const needs = (allowed: readonly FormRole[]): Record<FormRole, string> =>
  Object.fromEntries(
    FORM_ROLES.map((r) => [
      r,
      r === 'none'
        ? 'NO_AUTHENTICATION'
        : r === 'adminWithoutMfa'
          ? 'MFA_REQUIRED'
          : allowed.includes(r)
            ? 'ok'
            : 'NOT_AUTHORIZED',
    ]),
  ) as Record<FormRole, string>;

export async function formsWorld(options: { formBuilder?: boolean; prefix?: string } = {}): Promise<FormsWorld> {
  const server = await startServer();
  const p = options.prefix ?? 'forms';
  const [admin, member, parentAdmin, otherAdmin, uber] = await Promise.all(
    ['admin', 'member', 'parent-admin', 'other-admin', 'uber'].map((n) => person(server, `${n}@${p}.test`)),
  );
  const ok = (result: { code?: string | undefined }): void => {
    if (result.code) throw new Error(result.code);
  };
  ok(await createOrg(admin!, 'office', 'regular', 'Bright Smile Dental'));
  ok(await createOrg(parentAdmin!, 'group', 'parent', 'Smile Group'));
  ok(await createOrg(otherAdmin!, 'elsewhere', 'regular', 'Elsewhere Dental'));
  const made = await adminCli(server, 'make-uber', uber!.email);
  if (made.code !== 0) throw new Error(made.stderr);
  ok(await uber!.browser.gql('mutation { updateOrg(orgId: "office", properties: { parentOrgs: ["group"] }) { id } }'));
  await join(server, admin!, 'office', member!, ['member']);
  if (options.formBuilder !== false) {
    await sudo(server, uber!);
    ok(await uber!.browser.gql('mutation { addOrgFeature(orgId: "office", featureName: "formBuilder") { name } }'));
  }
  const none = new Browser(server.url);
  const adminWithoutMfa = new Browser(server.url);
  const signedIn = await signIn(adminWithoutMfa, admin!.email, PASSWORD);
  if (signedIn.code) throw new Error(signedIn.code);
  return {
    server,
    admin: admin!,
    member: member!,
    parentAdmin: parentAdmin!,
    otherAdmin: otherAdmin!,
    uber: uber!,
    browsers: {
      none,
      adminWithoutMfa,
      member: member!.browser,
      admin: admin!.browser,
      parentAdmin: parentAdmin!.browser,
      otherOrgAdmin: otherAdmin!.browser,
    },
  };
}

/** A formsWorld whose office has `features` turned on by the uber (after sudo), e.g. policies and drugInventory. */
export async function formsWorldWith(prefix: string, features: readonly string[]): Promise<FormsWorld> {
  const w = await formsWorld({ prefix, formBuilder: false });
  await sudo(w.server, w.uber);
  for (const feature of features) {
    const on = await w.uber.browser.gql(
      `mutation { addOrgFeature(orgId: "office", featureName: "${feature}") { name } }`,
    );
    expect(on.code).toBeUndefined();
  }
  return w;
}

export const FORM_FIELDS =
  'id updated type name parentOrg challenge addToAll markdown requiresInput icon description editable fields { name label type required }';

export interface FormView {
  id: string;
  type: string;
  name: string;
  parentOrg: string | null;
  challenge: boolean;
  addToAll: boolean;
  markdown: string;
  requiresInput: boolean;
  icon: string;
  description: string;
  editable: boolean;
  fields: { name: string; label: string; type: string; required: boolean }[];
}

export async function newAppointment(
  w: FormsWorld,
  given = 'Ana',
): Promise<{ patientId: string; appointmentId: string }> {
  const patient = await fhir<{ id: string }>(w.server, w.admin.browser, 'POST', 'office/Patient', {
    ...patientBody(given, 'Lopez', '1990-05-17'),
    telecom: [{ system: 'phone', value: '+14155552671' }],
  });
  expect(patient.status).toBe(201);
  const appointment = await fhir<{ id: string }>(w.server, w.admin.browser, 'POST', 'office/Appointment', {
    resourceType: 'Appointment',
    status: 'booked',
    start: '2026-12-01T15:00:00.000Z',
    end: '2026-12-01T16:00:00.000Z',
    participant: [{ actor: { reference: `Patient/${patient.body.id}` }, status: 'accepted' }],
  });
  expect(appointment.status).toBe(201);
  return { patientId: patient.body.id, appointmentId: appointment.body.id };
}

export async function consentForm(w: FormsWorld, name = 'Sedation consent'): Promise<string> {
  const made = await w.admin.browser.gql<{ createOrgForm: FormView[] }>(
    `mutation ($p: OrgFormProperties!) { createOrgForm(orgId: "office", properties: $p) { id name } }`,
    { p: { name, markdown: 'I, {{signerName}}, consent.', challenge: true, requireSignature: true } },
  );
  if (!made.data) throw new Error(made.code);
  return made.data.createOrgForm.filter((f) => f.name === name).at(-1)!.id;
}

const ADD_TASK = `mutation ($formIds: [String!]!, $appointmentId: String!) {
  addFormTasksToAppointment(orgId: "office", formIds: $formIds, appointmentId: $appointmentId) { fhirJSON } }`;
export const SEND_FORM = `mutation ($taskId: String!, $appointmentId: String!, $to: String!) {
  sendAppointmentForm(orgId: "office", appointmentTaskId: $taskId, appointmentId: $appointmentId, to: $to, channel: "sms") { fhirJSON } }`;

/** A patient's answers on the phone: a health history, allergies and medications, signed. */
export const PHONE_ANSWERS = {
  signerName: 'Maria Lopez',
  signature: pngDataUrl(300, 100),
  history: {
    answers: { cardiac: 'yes', 'cardiac.hypertension': 'yes', renal: 'no', surgery: 'no', pulmonary: 'unsure' },
    notes: 'Do you have, or have you had, a heart problem or high blood pressure? Since 2019',
  },
  allergies: [{ name: 'Penicillin', reaction: 'hives' }, { name: 'Latex' }],
  meds: [{ name: 'Lisinopril', dose: '10 mg' }],
};

/** An intake form of office's (the form builder on): health history, allergies, medications and weight, signed. */
export async function intakeForm(w: FormsWorld): Promise<string> {
  const made = await w.admin.browser.gql<{ createOrgForm: FormView[] }>(
    `mutation ($p: OrgFormProperties!) { createOrgForm(orgId: "office", properties: $p) { id name } }`,
    {
      p: {
        name: 'Intake',
        markdown: 'I, {{signerName}}, answered truthfully.',
        challenge: false,
        fields: [
          { name: 'history', label: 'Health history', type: 'healthHistory', required: true },
          { name: 'allergies', label: 'Allergies', type: 'allergies', required: true },
          { name: 'meds', label: 'Medications', type: 'medications', required: true },
          { name: 'weight', label: 'Weight', type: 'bodyWeight', required: false },
        ],
        requireSignature: true,
      },
    },
  );
  if (!made.data) throw new Error(made.code);
  return made.data.createOrgForm.find((f) => f.name === 'Intake')!.id;
}

/** A POST to the public API (the patient's phone: no session). */
export async function publicPost(
  w: FormsWorld,
  p: string,
  body: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${w.server.url}/api/${p}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Attaches the form to the appointment, sends it by SMS and answers the link's token and the task id. */
export async function sendFormLink(
  w: FormsWorld,
  formId: string,
  appointmentId: string,
  to = '+14155552671',
): Promise<{ token: string; taskId: string }> {
  const added = await w.admin.browser.gql<{ addFormTasksToAppointment: { fhirJSON: string } }>(ADD_TASK, {
    formIds: [formId],
    appointmentId,
  });
  expect(added.code).toBeUndefined();
  const appointment = JSON.parse(added.data!.addFormTasksToAppointment.fhirJSON) as Appointment;
  const taskId = appointmentTasks(appointment).find((t) => t.extId === formId)!.id;
  const sent = await w.admin.browser.gql(SEND_FORM, { taskId, appointmentId, to });
  expect(sent.code).toBeUndefined();
  const sms = (await outbox(w.server.url, to)).at(-1)!;
  return { token: /\/patient-form\/([A-Za-z0-9_-]{43})$/.exec(sms.body)![1]!, taskId };
}

/** The patient-answers histories (HM1) of a patient of office's, as `browser` reads them. */
export async function patientAnswers(w: FormsWorld, browser: Browser, patientId: string): Promise<Composition[]> {
  const type = `${PATIENT_HEALTH_HISTORY_TYPE.system}|${PATIENT_HEALTH_HISTORY_TYPE.code}`;
  const found = await fhir<Bundle>(
    w.server,
    browser,
    'GET',
    `office/Composition?subject=Patient/${patientId}&type=${encodeURIComponent(type)}`,
  );
  expect(found.status).toBe(200);
  return (found.body.entry ?? []).map((e) => e.resource as Composition);
}
