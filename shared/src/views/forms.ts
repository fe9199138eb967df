import { z } from 'zod';
import { ORG_FORM_TYPES, orgFormFieldSchema } from '../forms/forms.js';

/*
 * The forms API's GraphQL views (spec 000 §3, §5, §6), written once as zod schemas (issue 36
 * item 5); views-sdl.test.ts holds them against sync-server/src/graphql/forms.ts. A form's field
 * (OrgFormField / OrgFormFieldInput) and the two property inputs are forms/forms.ts's own schemas
 * (orgFormFieldSchema, orgFormPropertiesSchema, textBodyFormPropertiesSchema): the one the server
 * validates with is the one the SDL is checked against.
 */

/** The icon a form list shows: signature (asks for one), fields (asks for input), text (information only). */
export const ORG_FORM_ICONS = ['signature', 'fields', 'text'] as const;

/** A form as the calls answer it (spec 000 §3 with its derived fields). */
export const orgFormViewSchema = z.object({
  id: z.string(),
  /** ISO time of the last change. */
  updated: z.string(),
  type: z.enum(ORG_FORM_TYPES),
  name: z.string(),
  /** The parent organisation the form is inherited from, or null for the organisation's own. */
  parentOrg: z.string().nullable(),
  challenge: z.boolean(),
  addToAll: z.boolean(),
  markdown: z.string(),
  fields: z.array(orgFormFieldSchema),
  requiresInput: z.boolean(),
  icon: z.enum(ORG_FORM_ICONS),
  description: z.string(),
  editable: z.boolean(),
});
export type OrgFormView = z.infer<typeof orgFormViewSchema>;

/** What the appointment-task and comment mutations answer: the FHIR resource written, as JSON text. */
export const fhirJsonViewSchema = z.object({ fhirJSON: z.string() });
export type FhirJsonView = z.infer<typeof fhirJsonViewSchema>;

/** A patient form's single-use link shown at the desk as a QR code (issue 40): the link, when it stops working (epoch ms), and the Appointment as JSON. */
export const appointmentFormLinkViewSchema = z.object({
  url: z.string(),
  expiresAt: z.number(),
  fhirJSON: z.string(),
});
export type AppointmentFormLinkView = z.infer<typeof appointmentFormLinkViewSchema>;
