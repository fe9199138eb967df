import { z } from 'zod';
import { ORG_FORM_TYPES, orgFormFieldSchema } from '../forms/forms.js';

/*
 * The patient's public form routes as both sides type them (issue 28; docs/architecture.md
 * "Forms and consent"), written once as zod schemas (issue 36 item 5): the server answers these,
 * the phone page reads them. REST, not GraphQL, so views-sdl.test.ts does not list them.
 *   GET  /api/patient-forms/{token}         → PatientLinkView
 *   POST /api/patient-forms/{token}/open    { birthDate } → PatientFormOpened
 *   POST /api/patient-forms/{token}/submit  { birthDate?, accepted: true, values } → PatientFormSubmitted
 * Refusals answer PatientFormRefusal.
 */

/** One form as the patient's link serves it. */
export const patientFormViewSchema = z.object({
  taskId: z.string(),
  formId: z.string(),
  name: z.string(),
  type: z.enum(ORG_FORM_TYPES),
  markdown: z.string(),
  fields: z.array(orgFormFieldSchema),
  checkboxText: z.string(),
  /** What the `{{name}}` placeholders are filled from: patientName. */
  values: z.record(z.string(), z.string()),
});
export type PatientFormView = z.infer<typeof patientFormViewSchema>;

/** The link: whose it is, whether the birth-date challenge comes first, and the form once it may open. */
export const patientLinkViewSchema = z.object({
  orgName: z.string(),
  challenge: z.boolean(),
  expiresAt: z.string(),
  form: patientFormViewSchema.nullable(),
});
export type PatientLinkView = z.infer<typeof patientLinkViewSchema>;

export const patientFormOpenedSchema = z.object({ form: patientFormViewSchema });
export type PatientFormOpened = z.infer<typeof patientFormOpenedSchema>;

export const patientFormSubmittedSchema = z.object({ contractId: z.string() });
export type PatientFormSubmitted = z.infer<typeof patientFormSubmittedSchema>;

/** A refusal: the code, the attempts left (CHALLENGE_FAILED) or the labels still missing (INCOMPLETE). */
export const patientFormRefusalSchema = z.object({
  error: z.string(),
  attemptsLeft: z.number().optional(),
  missing: z.array(z.string()).optional(),
});
export type PatientFormRefusal = z.infer<typeof patientFormRefusalSchema>;
