import type { OrgFormField, OrgFormType } from '../forms/forms.js';

/*
 * The patient's public form routes as both sides type them (issue 28; docs/architecture.md
 * "Forms and consent"): the server answers these, the phone page reads them.
 *   GET  /api/patient-forms/{token}         → PatientLinkView
 *   POST /api/patient-forms/{token}/open    { birthDate } → PatientFormOpened
 *   POST /api/patient-forms/{token}/submit  { birthDate?, accepted: true, values } → PatientFormSubmitted
 * Refusals answer PatientFormRefusal.
 */

/** One form as the patient's link serves it. */
export interface PatientFormView {
  taskId: string;
  formId: string;
  name: string;
  type: OrgFormType;
  markdown: string;
  fields: OrgFormField[];
  checkboxText: string;
  /** What the `{{name}}` placeholders are filled from: patientName. */
  values: Record<string, string>;
}

/** The link: whose it is, whether the birth-date challenge comes first, and the form once it may open. */
export interface PatientLinkView {
  orgName: string;
  challenge: boolean;
  expiresAt: string;
  form: PatientFormView | null;
}

export interface PatientFormOpened {
  form: PatientFormView;
}

export interface PatientFormSubmitted {
  contractId: string;
}

/** A refusal: the code, the attempts left (CHALLENGE_FAILED) or the labels still missing (INCOMPLETE). */
export interface PatientFormRefusal {
  error: string;
  attemptsLeft?: number;
  missing?: string[];
}
