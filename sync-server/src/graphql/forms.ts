import type { AppointmentFormLinkView, FhirJsonView, OrgFormView } from '@vigil/shared';
import { answeringAppErrors } from '../errors.js';
import { graphqlArgs } from './arguments.js';
import type { ResolverArgs } from './context.js';
import { pageOf, pageRequest } from './pagination.js';

/** Organisation forms (issue 28; spec 000 §3 "Org form", §7): every mutation answers the form list. */
export const formTypeDefs = /* GraphQL */ `
  "A form field (spec 000 §3): type bodyHeight, bodyWeight, selfie, allergies, medications, healthHistory, text or signature."
  type OrgFormField {
    name: String!
    label: String!
    type: String!
    required: Boolean!
  }

  "An organisation form (spec 000 §3) with its derived fields; parentOrg set on a form inherited from a parent."
  type OrgForm {
    id: String!
    updated: String!
    type: String!
    name: String!
    parentOrg: String
    challenge: Boolean!
    addToAll: Boolean!
    markdown: String!
    fields: [OrgFormField!]!
    requiresInput: Boolean!
    icon: String!
    description: String!
    editable: Boolean!
  }

  input OrgFormFieldInput {
    name: String!
    label: String!
    type: String!
    required: Boolean!
  }

  "The form builder's form (saved as patientContract; spec 000 §5)."
  input OrgFormProperties {
    name: String!
    markdown: String
    challenge: Boolean
    addToAll: Boolean
    fields: [OrgFormFieldInput!]
    includeHealthHistory: Boolean
    requireSignature: Boolean
  }

  "Text-body form properties (spec 000 §3)."
  input TextBodyFormProperties {
    name: String!
    markdown: String
    requireSignature: Boolean
    challenge: Boolean
    addToAll: Boolean
  }

  "A FHIR resource as JSON (the Appointment with its task extensions, a Communication)."
  type FhirJson {
    fhirJSON: String!
  }

  "A patient form's single-use link to show at the desk as a QR code: the link, when it expires (epoch ms), the Appointment as JSON."
  type AppointmentFormLink {
    url: String!
    expiresAt: Float!
    fhirJSON: String!
  }

  extend type Query {
    orgForms(orgId: String, first: Int, after: String): [OrgForm!]!
  }

  extend type Mutation {
    createOrgForm(orgId: String, properties: OrgFormProperties!): [OrgForm!]!
    updateOrgForm(orgId: String, formId: String!, properties: OrgFormProperties!): [OrgForm!]!
    createTextBodyForm(orgId: String, properties: TextBodyFormProperties!): [OrgForm!]!
    updateTextBodyForm(orgId: String, formId: String!, properties: TextBodyFormProperties!): [OrgForm!]!
    deleteOrgForm(orgId: String, formId: String!): [OrgForm!]!
    "Adds a requested task per form to the appointment (spec 000 §7); answers the Appointment."
    addFormTasksToAppointment(orgId: String, formIds: [String!]!, appointmentId: String!): FhirJson!
    "Sends the task's link by email or SMS; answers the Appointment, its task 'sent', or the error 'Failed to send'."
    sendAppointmentForm(
      orgId: String
      appointmentTaskId: String!
      appointmentId: String!
      to: String!
      channel: String!
      simulate: String
    ): FhirJson!
    deleteAppointmentTask(orgId: String, id: String!, appointmentId: String!): FhirJson!
    "A new single-use link to the task's form for the patient's phone, shown at the desk as a QR code (the task reads 'sent')."
    showAppointmentFormQr(orgId: String, appointmentTaskId: String!, appointmentId: String!): AppointmentFormLink!
    "A comment on the patient (spec 001 §3 Communication) by the caller; answers the Communication."
    addPatientComment(orgId: String, patientId: String!, text: String!, appointmentId: String): FhirJson!
    "The author's new text (editStatus edited; the earlier text stays in the history)."
    editPatientComment(orgId: String, id: String!, text: String!): FhirJson!
    "editStatus deleted without its text (the author or an administrator; the text stays in the history)."
    deletePatientComment(orgId: String, id: String!): FhirJson!
  }
`;

const fhirJson = (resource: unknown): FhirJsonView => ({ fhirJSON: JSON.stringify(resource) });

export const formResolvers = {
  Query: answeringAppErrors<ResolverArgs>({
    orgForms: async (_, args, ctx): Promise<OrgFormView[]> =>
      pageOf(await ctx.services.forms.orgForms(await ctx.caller(), args.orgId), pageRequest(args), (f) => f.id),
  }),
  Mutation: answeringAppErrors<ResolverArgs>({
    createOrgForm: async (_, args, ctx): Promise<OrgFormView[]> =>
      ctx.services.forms.createOrgForm(await ctx.caller(), graphqlArgs(args)),
    updateOrgForm: async (_, args, ctx): Promise<OrgFormView[]> =>
      ctx.services.forms.updateOrgForm(await ctx.caller(), graphqlArgs(args)),
    createTextBodyForm: async (_, args, ctx): Promise<OrgFormView[]> =>
      ctx.services.forms.createTextBodyForm(await ctx.caller(), graphqlArgs(args)),
    updateTextBodyForm: async (_, args, ctx): Promise<OrgFormView[]> =>
      ctx.services.forms.updateTextBodyForm(await ctx.caller(), graphqlArgs(args)),
    deleteOrgForm: async (_, args, ctx): Promise<OrgFormView[]> =>
      ctx.services.forms.deleteOrgForm(await ctx.caller(), graphqlArgs(args)),
    addFormTasksToAppointment: async (_, args, ctx) =>
      fhirJson(await ctx.services.tasks.add(await ctx.caller(), graphqlArgs(args))),
    sendAppointmentForm: async (_, args, ctx) =>
      fhirJson(await ctx.services.tasks.send(await ctx.caller(), graphqlArgs(args))),
    showAppointmentFormQr: async (_, args, ctx): Promise<AppointmentFormLinkView> => {
      const { url, expiresAt, appointment } = await ctx.services.tasks.qr(await ctx.caller(), graphqlArgs(args));
      return { url, expiresAt, fhirJSON: JSON.stringify(appointment) };
    },
    deleteAppointmentTask: async (_, args, ctx) =>
      fhirJson(await ctx.services.tasks.delete(await ctx.caller(), graphqlArgs(args))),
    addPatientComment: async (_, args, ctx) =>
      fhirJson(await ctx.services.comments.add(await ctx.caller(), graphqlArgs(args))),
    editPatientComment: async (_, args, ctx) =>
      fhirJson(await ctx.services.comments.edit(await ctx.caller(), graphqlArgs(args))),
    deletePatientComment: async (_, args, ctx) =>
      fhirJson(await ctx.services.comments.delete(await ctx.caller(), graphqlArgs(args))),
  }),
};
