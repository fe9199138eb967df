import type { Appointment, OrgFormPropertiesInput, OrgFormView, TextBodyFormPropertiesInput } from '@vigil/shared';
import { graphql } from '../../data/graphql.js';

/*
 * The org form calls of spec 000 §7: orgForms, and createOrgForm / updateOrgForm /
 * createTextBodyForm / updateTextBodyForm / deleteOrgForm, each answering the form list.
 * Screens reach them through hooks.ts.
 */

export type OrgForm = OrgFormView;

const FORM =
  'id updated type name parentOrg challenge addToAll markdown fields { name label type required } requiresInput icon description editable';

export async function fetchOrgForms(orgId: string): Promise<OrgForm[]> {
  const data = await graphql<{ orgForms: OrgForm[] }>(
    `query OrgForms($orgId: String) { orgForms(orgId: $orgId) { ${FORM} } }`,
    { orgId },
  );
  return data.orgForms;
}

export async function createOrgForm(orgId: string, properties: OrgFormPropertiesInput): Promise<OrgForm[]> {
  const data = await graphql<{ createOrgForm: OrgForm[] }>(
    `mutation CreateOrgForm($orgId: String, $properties: OrgFormProperties!) { createOrgForm(orgId: $orgId, properties: $properties) { ${FORM} } }`,
    { orgId, properties },
  );
  return data.createOrgForm;
}

export async function updateOrgForm(
  orgId: string,
  formId: string,
  properties: OrgFormPropertiesInput,
): Promise<OrgForm[]> {
  const data = await graphql<{ updateOrgForm: OrgForm[] }>(
    `mutation UpdateOrgForm($orgId: String, $formId: String!, $properties: OrgFormProperties!) { updateOrgForm(orgId: $orgId, formId: $formId, properties: $properties) { ${FORM} } }`,
    { orgId, formId, properties },
  );
  return data.updateOrgForm;
}

export async function createTextBodyForm(orgId: string, properties: TextBodyFormPropertiesInput): Promise<OrgForm[]> {
  const data = await graphql<{ createTextBodyForm: OrgForm[] }>(
    `mutation CreateTextBodyForm($orgId: String, $properties: TextBodyFormProperties!) { createTextBodyForm(orgId: $orgId, properties: $properties) { ${FORM} } }`,
    { orgId, properties },
  );
  return data.createTextBodyForm;
}

export async function updateTextBodyForm(
  orgId: string,
  formId: string,
  properties: TextBodyFormPropertiesInput,
): Promise<OrgForm[]> {
  const data = await graphql<{ updateTextBodyForm: OrgForm[] }>(
    `mutation UpdateTextBodyForm($orgId: String, $formId: String!, $properties: TextBodyFormProperties!) { updateTextBodyForm(orgId: $orgId, formId: $formId, properties: $properties) { ${FORM} } }`,
    { orgId, formId, properties },
  );
  return data.updateTextBodyForm;
}

export async function deleteOrgForm(orgId: string, formId: string): Promise<OrgForm[]> {
  const data = await graphql<{ deleteOrgForm: OrgForm[] }>(
    `mutation DeleteOrgForm($orgId: String, $formId: String!) { deleteOrgForm(orgId: $orgId, formId: $formId) { ${FORM} } }`,
    { orgId, formId },
  );
  return data.deleteOrgForm;
}

/** The Appointment the task calls answer (`{ fhirJSON }`, its JSON). */
function appointmentOf(answer: { fhirJSON: string }): Appointment {
  return JSON.parse(answer.fhirJSON) as Appointment;
}

/** addFormTasksToAppointment (spec 000 §7): answers the Appointment with its tasks. */
export async function addFormTasksToAppointment(
  orgId: string,
  appointmentId: string,
  formIds: string[],
): Promise<Appointment> {
  const data = await graphql<{ addFormTasksToAppointment: { fhirJSON: string } }>(
    `
      mutation AddFormTasks($orgId: String, $formIds: [String!]!, $appointmentId: String!) {
        addFormTasksToAppointment(orgId: $orgId, formIds: $formIds, appointmentId: $appointmentId) {
          fhirJSON
        }
      }
    `,
    { orgId, formIds, appointmentId },
  );
  return appointmentOf(data.addFormTasksToAppointment);
}

/** deleteAppointmentTask (spec 000 §7): answers the Appointment. */
export async function deleteAppointmentTask(orgId: string, appointmentId: string, id: string): Promise<Appointment> {
  const data = await graphql<{ deleteAppointmentTask: { fhirJSON: string } }>(
    `
      mutation DeleteAppointmentTask($orgId: String, $id: String!, $appointmentId: String!) {
        deleteAppointmentTask(orgId: $orgId, id: $id, appointmentId: $appointmentId) {
          fhirJSON
        }
      }
    `,
    { orgId, id, appointmentId },
  );
  return appointmentOf(data.deleteAppointmentTask);
}

/** sendAppointmentForm (spec 000 §7): answers the Appointment, the task 'sent'; refused with 'Failed to send'. */
export async function sendAppointmentForm(
  orgId: string,
  appointmentId: string,
  appointmentTaskId: string,
  to: string,
  channel: 'email' | 'sms',
): Promise<Appointment> {
  const data = await graphql<{ sendAppointmentForm: { fhirJSON: string } }>(
    `
      mutation SendAppointmentForm(
        $orgId: String
        $appointmentTaskId: String!
        $appointmentId: String!
        $to: String!
        $channel: String!
      ) {
        sendAppointmentForm(
          orgId: $orgId
          appointmentTaskId: $appointmentTaskId
          appointmentId: $appointmentId
          to: $to
          channel: $channel
        ) {
          fhirJSON
        }
      }
    `,
    { orgId, appointmentTaskId, appointmentId, to, channel },
  );
  return appointmentOf(data.sendAppointmentForm);
}

/** A form's single-use link shown at the desk as a QR code (issue 40): the link, its expiry and the Appointment. */
export async function showAppointmentFormQr(
  orgId: string,
  appointmentId: string,
  appointmentTaskId: string,
): Promise<{ url: string; expiresAt: number; appointment: Appointment }> {
  const data = await graphql<{ showAppointmentFormQr: { url: string; expiresAt: number; fhirJSON: string } }>(
    `
      mutation ShowAppointmentFormQr($orgId: String, $appointmentTaskId: String!, $appointmentId: String!) {
        showAppointmentFormQr(orgId: $orgId, appointmentTaskId: $appointmentTaskId, appointmentId: $appointmentId) {
          url
          expiresAt
          fhirJSON
        }
      }
    `,
    { orgId, appointmentTaskId, appointmentId },
  );
  const { url, expiresAt, fhirJSON } = data.showAppointmentFormQr;
  return { url, expiresAt, appointment: JSON.parse(fhirJSON) as Appointment };
}
