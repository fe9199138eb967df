import {
  CONTRACT_APPOINTMENT_EXTENSION,
  CONTRACT_EXTENSIONS,
  UNNAMED_ORG_TEXT,
  fillFormMarkdown,
  issuesFromZod,
  patientAnswersComposition,
  patientAnswersOf,
  patientDisplayName,
  PATIENT_FORM_TEXTS,
  SIGNATURE_TYPE,
  SUBMISSION_LIMITS,
  submissionBodySchema,
  submissionMissing,
  submissionValuesSchema,
  appointmentTasks,
  type Appointment,
  type Contract,
  type Extension,
  type Patient,
  type PatientFormOpened,
  type PatientFormSubmitted,
  type PatientFormView,
  type PatientLinkView,
} from '@vigil/shared';
import { z } from 'zod';
import { AppError } from '../errors.js';
import type { FhirService, RequestContext } from '../fhir/service.js';
import type { FormsService } from '../forms/service.js';
import { tokenHash, type AppointmentTaskService } from '../forms/tasks.js';
import type { OrgStore } from '../store/orgs/types.js';
import type { ResourceStore } from '../store/resources/types.js';
import type { PatientLinkRecord, PatientLinkStore } from '../store/patient-links/types.js';
import type { OrgFormRecord } from '../store/forms/types.js';

/** The contract's extensions live in shared (the staff's task view reads them too, PF7). */
export { CONTRACT_EXTENSIONS };

/** The form as the patient's phone shows it (shared's view, the type the phone page reads). */
export type PatientForm = PatientFormView;

export interface PatientFormsDeps {
  links: PatientLinkStore;
  forms: Pick<FormsService, 'usable'>;
  tasks: AppointmentTaskService;
  fhir: FhirService;
  orgs: OrgStore;
  /** The database's transactions (the links and the resources share it). */
  store: Pick<ResourceStore, 'transaction'>;
  now: () => number;
}

const token = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
const openBody = z.strictObject({ birthDate: z.iso.date() });

const refuse = (status: 400 | 403 | 404 | 410 | 423, code: string, diagnostics?: string): never => {
  throw new AppError(status, code, diagnostics);
};

/**
 * The patient's side of a form link (issue 28): no account, the token is the only secret. A link
 * works until it expires (7 days), is used, or is revoked; a form with a challenge opens only
 * after the patient's birth date, and 5 wrong ones lock the link. Submitting stores a FHIR
 * Contract and completes the appointment's task.
 */
export class PatientFormService {
  constructor(private readonly deps: PatientFormsDeps) {}

  /** GET: the organisation's name, whether a challenge comes first, and the form when it does not. */
  async load(rawToken: string): Promise<PatientLinkView> {
    const { link, form } = await this.live(rawToken);
    const orgName = (await this.deps.orgs.org(link.orgId))?.name?.trim() || UNNAMED_ORG_TEXT;
    const shown = form.challenge ? null : await this.patientForm(link, form);
    if (shown) await this.opened(link);
    return { orgName, challenge: form.challenge, expiresAt: new Date(link.expiresAt).toISOString(), form: shown };
  }

  /** POST open: the birth-date challenge; the form when it matches. */
  async open(rawToken: string, body: unknown): Promise<PatientFormOpened> {
    const { link, form } = await this.live(rawToken);
    const parsed = openBody.safeParse(body);
    if (!parsed.success) refuse(400, 'INVALID_INPUT');
    await this.challenge(link, parsed.data!.birthDate);
    const shown = await this.patientForm(link, form);
    await this.opened(link);
    return { form: shown };
  }

  /** [PRE2] The patient sees the form: a sent task reads 'opened' for the desk's pre-op list. */
  private async opened(link: PatientLinkRecord): Promise<void> {
    await this.deps.tasks.opened(link.appointmentId, link.taskId, this.ctx(link, null));
  }

  /** POST submit: validated answers to a Contract; the link is used once, the task completed. */
  async submit(rawToken: string, body: unknown, ip: string | null): Promise<PatientFormSubmitted> {
    const { link, form } = await this.live(rawToken);
    const parsedBody = submissionBodySchema.safeParse(body);
    if (!parsedBody.success) refuse(400, 'INVALID_INPUT');
    const submission = parsedBody.data!;
    if (form.challenge) {
      if (!submission.birthDate) refuse(403, 'CHALLENGE_FAILED');
      await this.challenge(link, submission.birthDate!);
    }
    const values = submissionValuesSchema(form.fields).safeParse(submission.values);
    // An image refused by its bounds (IM2) says why, on the field it came from.
    if (!values.success) {
      throw new AppError(400, 'INVALID_INPUT', values.error.issues[0]?.message, issuesFromZod(values.error.issues));
    }
    const missing = submissionMissing(form.fields, values.data, submission.accepted);
    if (missing.length > 0) throw new IncompleteError(missing);

    const now = this.deps.now();
    const ctx = this.ctx(link, ip);
    const patient = await this.patient(link);
    const at = new Date(now).toISOString();
    const contract = contractOf({ link, form, patient, values: values.data, at });
    // One transaction (session 18): the link is used only with the Contract and the patient's
    // answers stored; a failure leaves the link unused, so the patient can send again.
    const version = await this.deps.store.transaction(async () => {
      if (!(await this.deps.links.use(link.tokenHash, now))) refuse(410, 'LINK_USED');
      const stored = (await this.deps.fhir.create(ctx, 'Contract', contract)).version;
      // [HM1] The health questions also become a patient-answers health history the staff merge.
      const answers = patientAnswersOf(form.fields, values.data, form.name, at);
      if (answers) {
        const composition = patientAnswersComposition({
          patientId: link.patientId,
          patientName: patientDisplayName(patient),
          contractId: stored.id,
          answers,
        });
        await this.deps.fhir.create(ctx, 'Composition', composition);
      }
      return stored;
    });
    // The task's status follows from the Contract (PF7) even when this write is skipped or fails.
    await this.deps.tasks.complete(link.appointmentId, link.taskId, version.id, ctx);
    return { contractId: version.id };
  }

  /** The link and its form, refused when unknown, expired, used or revoked. */
  private async live(rawToken: string): Promise<{ link: PatientLinkRecord; form: OrgFormRecord }> {
    if (!token.safeParse(rawToken).success) refuse(404, 'LINK_NOT_FOUND');
    const link = await this.deps.links.find(tokenHash(rawToken));
    if (!link) return refuse(404, 'LINK_NOT_FOUND');
    if (link.usedAt !== null) refuse(410, 'LINK_USED');
    if (link.revokedAt !== null) refuse(410, 'LINK_REVOKED');
    if (link.expiresAt <= this.deps.now()) refuse(410, 'LINK_EXPIRED');
    if (link.failedChallenges >= SUBMISSION_LIMITS.challengeAttempts) refuse(423, 'CHALLENGE_LOCKED');
    const appointment = await this.deps.fhir.read(this.ctx(link, null), 'Appointment', link.appointmentId);
    const task = appointmentTasks(appointment.resource as Appointment).find((t) => t.id === link.taskId);
    if (!task?.extId) return refuse(410, 'LINK_REVOKED');
    const form = await this.deps.forms.usable(link.orgId, task.extId);
    if (!form) return refuse(410, 'LINK_REVOKED');
    return { link, form };
  }

  private async challenge(link: PatientLinkRecord, birthDate: string): Promise<void> {
    const patient = await this.patient(link);
    if (patient.birthDate && patient.birthDate === birthDate) return;
    const failed = await this.deps.links.failChallenge(link.tokenHash);
    const attemptsLeft = Math.max(0, SUBMISSION_LIMITS.challengeAttempts - failed);
    if (attemptsLeft === 0) refuse(423, 'CHALLENGE_LOCKED');
    throw new ChallengeFailedError(attemptsLeft);
  }

  private async patient(link: PatientLinkRecord): Promise<Patient> {
    return (await this.deps.fhir.read(this.ctx(link, null), 'Patient', link.patientId)).resource as Patient;
  }

  private async patientForm(link: PatientLinkRecord, form: OrgFormRecord): Promise<PatientForm> {
    return {
      taskId: link.taskId,
      formId: form.id,
      name: form.name,
      type: form.type,
      markdown: form.markdown,
      fields: form.fields,
      checkboxText: PATIENT_FORM_TEXTS.checkboxText,
      values: { patientName: patientDisplayName(await this.patient(link)) },
    };
  }

  /**
   * The patient's reads and writes are audited as the link's, never a staff user's. The Contract,
   * the patient's answers and the task's completion are the server's to write ([SG2]).
   */
  private ctx(link: PatientLinkRecord, ip: string | null): RequestContext {
    return { orgId: link.orgId, userId: `patient-link:${link.taskId}`, ip, baseUrl: '', serverWriter: true };
  }
}

/** A birth date that does not match: 403 with the attempts left. */
export class ChallengeFailedError extends AppError {
  constructor(readonly attemptsLeft: number) {
    super(403, 'CHALLENGE_FAILED');
  }
}

/** A submission that misses required answers: 400 with their labels ('Still Missing:'). */
export class IncompleteError extends AppError {
  constructor(readonly missing: string[]) {
    super(400, 'INCOMPLETE');
  }
}

const base64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');
const pngData = (dataUrl: string): string => dataUrl.slice('data:image/png;base64,'.length);

/** The signed contract (spec 001 §3): status, legalState, version, text, signatures, patient and appointment. */
export function contractOf(input: {
  link: PatientLinkRecord;
  form: OrgFormRecord;
  patient: Patient;
  values: Record<string, unknown>;
  at: string;
}): Contract {
  const { link, form, patient, values, at } = input;
  const textValues: Record<string, string> = { patientName: patientDisplayName(patient) };
  const answers: Record<string, unknown> = {};
  const labels: Record<string, string> = {};
  let signature: string | null = null;
  let selfie: string | null = null;
  let signerName: string | null = null;
  for (const f of form.fields) {
    const value = values[f.name];
    if (value === undefined) continue;
    if (f.type === 'signature') signature = typeof value === 'string' && value !== '' ? value : null;
    else if (f.type === 'selfie') selfie = typeof value === 'string' && value !== '' ? value : null;
    else {
      answers[f.name] = value;
      labels[f.name] = f.label;
    }
    if (typeof value === 'string' && f.type !== 'signature' && f.type !== 'selfie') textValues[f.name] = value;
    if (f.type === 'text' && typeof value === 'string' && value.trim() !== '') signerName ??= value.trim();
  }
  const who = { reference: `Patient/${link.patientId}`, display: signerName ?? textValues.patientName! };
  const extension: Extension[] = [
    { url: CONTRACT_APPOINTMENT_EXTENSION, valueReference: { reference: `Appointment/${link.appointmentId}` } },
    { url: CONTRACT_EXTENSIONS.form, valueString: form.id },
    { url: CONTRACT_EXTENSIONS.task, valueString: link.taskId },
    { url: CONTRACT_EXTENSIONS.values, valueString: JSON.stringify(answers) },
    { url: CONTRACT_EXTENSIONS.labels, valueString: JSON.stringify(labels) },
    ...(selfie
      ? [{ url: CONTRACT_EXTENSIONS.selfie, valueAttachment: { contentType: 'image/png', data: pngData(selfie) } }]
      : []),
  ];
  return {
    resourceType: 'Contract',
    status: 'executed',
    legalState: {
      coding: [{ system: 'http://terminology.hl7.org/CodeSystem/contract-legalstate', code: 'executed' }],
      text: 'Signed',
    },
    version: new Date(form.updatedAt).toISOString(),
    issued: at,
    title: form.name,
    subject: [{ reference: `Patient/${link.patientId}` }],
    extension,
    ...(signature
      ? {
          signer: [
            {
              type: SIGNATURE_TYPE,
              party: who,
              signature: [{ type: [SIGNATURE_TYPE], when: at, who, sigFormat: 'image/png', data: pngData(signature) }],
            },
          ],
        }
      : {}),
    legal: [
      {
        contentAttachment: {
          contentType: 'text/markdown',
          title: form.name,
          data: base64(fillFormMarkdown(form.markdown, textValues)),
        },
      },
    ],
  };
}
