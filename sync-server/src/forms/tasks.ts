import { createHash, randomBytes } from 'node:crypto';
import {
  appointmentTasks,
  FORM_TEXTS,
  TASK_COMPLETED_TEXT,
  UNNAMED_ORG_TEXT,
  withAppointmentTasks,
  type Appointment,
  type AppointmentTask,
} from '@vigil/shared';
import { z } from 'zod';
import type { OrgAccess } from '../access/index.js';
import { normalizeSmsNumber } from '../auth/account-base.js';
import { AppError, VersionConflictError } from '../errors.js';
import type { FhirService, RequestContext } from '../fhir/service.js';
import { SIGNED_RECORD, SIGNED_RECORD_MESSAGE, type SignedRecords } from '../fhir/signed-records.js';
import type { MessageSender } from '../mail/sender.js';
import { orgFor } from '../orgs/authorize.js';
import type { Caller, SignedIn } from '../access/caller.js';
import { parse, refuse } from '../orgs/common.js';
import type { OrgStore } from '../store/orgs/types.js';
import type { OrgFormRecord } from '../store/forms/types.js';
import type { PatientLinkStore } from '../store/patient-links/types.js';
import type { FormsService } from './service.js';

/** How long a patient's form link works (decision: a week, time to answer before most visits). */
export const PATIENT_LINK_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** The type of a form task on the appointment (spec 001 §3 task extension). */
export const FORM_TASK_TYPE = 'patientForm';

/** An appointment task's statuses (spec 000 §3, §4: 'sent' after sending). */
export const TASK_STATUS = {
  requested: 'requested',
  sent: 'sent',
  /** The patient opened the link of a sent form (issue 40 pre-op list, PRE2). */
  opened: 'opened',
  failed: 'failed',
  completed: 'completed',
} as const;

export interface TasksDeps {
  fhir: FhirService;
  forms: Pick<FormsService, 'usable' | 'list'>;
  orgs: OrgStore;
  access: OrgAccess;
  links: PatientLinkStore;
  sender: MessageSender;
  /** A signed case's Appointment never changes: its tasks are not sent again, a completion lives in its Contract. */
  signed: Pick<SignedRecords, 'isSigned'>;
  now: () => number;
  /** Outside production, sendAppointmentForm's `simulate: "fail"` makes the delivery fail (spec 000 §7). */
  allowSimulation: boolean;
}

const id = z.string().trim().min(1).max(64);
const addArgs = z.object({ formIds: z.array(id).min(1).max(20), appointmentId: id });
const deleteArgs = z.object({ id, appointmentId: id });
const sendArgs = z.object({
  appointmentTaskId: id,
  appointmentId: id,
  to: z.string().trim().min(3).max(254),
  channel: z.enum(['email', 'sms']),
  simulate: z.enum(['fail']).optional(),
});
const qrArgs = z.object({ appointmentTaskId: id, appointmentId: id });
const email = z.email();

/** The SHA-256 (hex) a link's token is kept as. */
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * Appointment tasks (issue 28; spec 000 §3 "Appointment task", §4, §7): a form the patient of an
 * appointment is asked to complete, kept on the Appointment as its task extension (spec 001 §3:
 * id, type, extId = the form id, title, status, statusText, fhirRef = the signed Contract). Every
 * call needs the organisation permission and answers the Appointment as FHIR JSON.
 */
export class AppointmentTaskService {
  constructor(private readonly deps: TasksDeps) {}

  /** addFormTasksToAppointment: one requested task per form (a form already on the appointment is not added twice). */
  async add(caller: Caller, args: Record<string, unknown>): Promise<Appointment> {
    const { who, orgId } = await this.member(caller, args.orgId);
    const a = parse(addArgs, args);
    const forms: OrgFormRecord[] = [];
    for (const formId of a.formIds) {
      const form = await this.deps.forms.usable(orgId, formId);
      if (!form || form.deletedAt !== null) refuse('NOT_FOUND');
      forms.push(form);
    }
    return this.change(this.ctx(who, orgId), a.appointmentId, (tasks) => {
      const next = [...tasks];
      for (const form of forms) {
        if (next.some((t) => t.extId === form.id && t.status !== TASK_STATUS.completed)) continue;
        next.push({
          id: `task-${randomBytes(9).toString('base64url')}`,
          type: FORM_TASK_TYPE,
          status: 'requested',
          extId: form.id,
          title: form.name,
        });
      }
      return next;
    });
  }

  /** deleteAppointmentTask: the task leaves the appointment and its links stop working. */
  async delete(caller: Caller, args: Record<string, unknown>): Promise<Appointment> {
    const { who, orgId } = await this.member(caller, args.orgId);
    const a = parse(deleteArgs, args);
    const appointment = await this.change(this.ctx(who, orgId), a.appointmentId, (tasks) => {
      if (!tasks.some((t) => t.id === a.id)) refuse('NOT_FOUND');
      return tasks.filter((t) => t.id !== a.id);
    });
    await this.deps.links.revokeTask(orgId, a.id, this.deps.now());
    return appointment;
  }

  /**
   * sendAppointmentForm: a new single-use link (the task's earlier ones stop working) by email or
   * SMS through the sender (SMTP or the outbox). The task is 'sent' when the message went out;
   * otherwise it is 'failed' and the call answers 'Failed to send' (spec 000 §4).
   */
  async send(caller: Caller, args: Record<string, unknown>): Promise<Appointment> {
    const a = parse(sendArgs, args);
    if (a.simulate && !this.deps.allowSimulation) refuse('INVALID_INPUT');
    const to = a.channel === 'email' ? parse(email, a.to.toLowerCase()) : smsNumber(a.to);
    const { ctx, orgId, appointment, task, patientId } = await this.sendable(caller, args.orgId, a);
    const org = await this.deps.orgs.org(orgId);
    const { link, now } = await this.newLink(ctx, appointment, task, patientId, caller.origin);
    const orgName = org?.name?.trim() || UNNAMED_ORG_TEXT;
    let sent = true;
    try {
      if (a.simulate === 'fail') throw new Error('simulated delivery failure');
      await this.deps.sender.send(
        a.channel === 'email'
          ? {
              channel: 'email',
              to,
              subject: `${orgName}: a form to complete before your visit`,
              body: `${orgName} asks you to complete "${task.title ?? 'a form'}" before your visit.\n\nOpen it here (it works once, for 7 days):\n${link}\n`,
            }
          : {
              channel: 'sms',
              to,
              subject: `${orgName} form`,
              body: `${orgName}: please complete your form before your visit: ${link}`,
            },
      );
    } catch {
      sent = false;
      await this.deps.links.revokeTask(orgId, task.id, now);
    }
    const statusText = sent ? `Sent by ${a.channel === 'email' ? 'email' : 'SMS'} to ${to}` : 'Sending failed';
    const updated = await this.marked(
      ctx,
      appointment.id!,
      task.id,
      sent ? TASK_STATUS.sent : TASK_STATUS.failed,
      statusText,
    );
    const status = appointmentTasks(updated).find((t) => t.id === task.id)?.status;
    if (status !== TASK_STATUS.sent) throw new AppError(500, FORM_TEXTS.failedToSend);
    return updated;
  }

  /**
   * showAppointmentFormQr (issue 40; spec 002 §7 the QR code image): a new single-use link for the
   * patient's phone, shown at the desk as a QR code instead of being sent; the task's earlier links
   * stop working and it reads 'sent', shown as a QR code. Answers the link and when it expires.
   */
  async qr(
    caller: Caller,
    args: Record<string, unknown>,
  ): Promise<{ url: string; expiresAt: number; appointment: Appointment }> {
    const a = parse(qrArgs, args);
    const { ctx, appointment, task, patientId } = await this.sendable(caller, args.orgId, a);
    const { link, now } = await this.newLink(ctx, appointment, task, patientId, caller.origin);
    const updated = await this.marked(
      ctx,
      appointment.id!,
      task.id,
      TASK_STATUS.sent,
      'Shown as a QR code at the desk',
    );
    return { url: link, expiresAt: now + PATIENT_LINK_LIFETIME_MS, appointment: updated };
  }

  /** The appointment and task a link may be made for: the task not completed, a patient, the case not signed. */
  private async sendable(
    caller: Caller,
    orgIdArg: unknown,
    a: { appointmentId: string; appointmentTaskId: string },
  ): Promise<{
    ctx: RequestContext;
    orgId: string;
    appointment: Appointment;
    task: AppointmentTask;
    patientId: string;
  }> {
    const { who, orgId } = await this.member(caller, orgIdArg);
    const ctx = this.ctx(who, orgId);
    const appointment = (await this.deps.fhir.read(ctx, 'Appointment', a.appointmentId)).resource as Appointment;
    const task = appointmentTasks(appointment).find((t) => t.id === a.appointmentTaskId);
    if (!task) refuse('NOT_FOUND');
    if (task.status === TASK_STATUS.completed) refuse('TASK_COMPLETED');
    const patientId = patientOf(appointment);
    if (!patientId) refuse('NO_PATIENT');
    // Refused before any link or message exists: the status could not be written to a signed record.
    if (await this.deps.signed.isSigned(orgId, 'Appointment', appointment.id!))
      throw new AppError(423, SIGNED_RECORD, SIGNED_RECORD_MESSAGE);
    return { ctx, orgId, appointment, task, patientId };
  }

  /** A new single-use link to the task's form, valid PATIENT_LINK_LIFETIME_MS; only its hash is kept. */
  private async newLink(
    ctx: RequestContext,
    appointment: Appointment,
    task: AppointmentTask,
    patientId: string,
    origin: string,
  ): Promise<{ link: string; now: number }> {
    const token = randomBytes(32).toString('base64url');
    const now = this.deps.now();
    await this.deps.links.create({
      tokenHash: tokenHash(token),
      orgId: ctx.orgId,
      taskId: task.id,
      appointmentId: appointment.id!,
      patientId,
      createdAt: now,
      expiresAt: now + PATIENT_LINK_LIFETIME_MS,
    });
    return { link: `${origin}/patient-form/${token}`, now };
  }

  /** Writes one task's status and its text. */
  private marked(
    ctx: RequestContext,
    appointmentId: string,
    taskId: string,
    status: string,
    statusText: string,
  ): Promise<Appointment> {
    return this.change(ctx, appointmentId, (tasks) =>
      tasks.map((t) => (t.id === taskId ? { ...t, status, statusText } : t)),
    );
  }

  /**
   * A new appointment gets a requested task for each of the organisation's (and its parents')
   * forms marked addToAll (spec 000 §3). Written by the server, audited as `forms:addToAll`.
   */
  async addToAll(orgId: string, appointmentId: string): Promise<void> {
    const forms = (await this.deps.forms.list(orgId)).filter((f) => f.addToAll);
    if (forms.length === 0) return;
    const ctx: RequestContext = { orgId, userId: 'forms:addToAll', ip: null, baseUrl: '', serverWriter: true };
    await this.change(ctx, appointmentId, (tasks) => [
      ...tasks,
      ...forms
        .filter((form) => !tasks.some((t) => t.extId === form.id))
        .map((form) => ({
          id: `task-${randomBytes(9).toString('base64url')}`,
          type: FORM_TASK_TYPE,
          status: TASK_STATUS.requested,
          extId: form.id,
          title: form.name,
        })),
    ]);
  }

  /**
   * Marks a task completed with its signed Contract (the patient's submission; no session). When
   * the case was signed meanwhile its Appointment stays as signed: the Contract, which names the
   * appointment and the task, is the completion the staff see (PF7, tasksWithContracts).
   */
  async complete(appointmentId: string, taskId: string, contractId: string, ctx: RequestContext): Promise<void> {
    if (await this.deps.signed.isSigned(ctx.orgId, 'Appointment', appointmentId)) return;
    try {
      await this.change(ctx, appointmentId, (tasks) =>
        tasks.map((t) =>
          t.id === taskId
            ? {
                ...t,
                status: TASK_STATUS.completed,
                statusText: TASK_COMPLETED_TEXT,
                fhirRef: `Contract/${contractId}`,
              }
            : t,
        ),
      );
    } catch (err) {
      // Signed between the check and the write: the Contract alone completes the task.
      if (!(err instanceof AppError && err.code === SIGNED_RECORD)) throw err;
    }
  }

  /**
   * [PRE2] The patient opened a sent form's link: the task reads 'opened' (a requested, failed
   * or completed one stays as it is). A signed case's Appointment is not written.
   */
  async opened(appointmentId: string, taskId: string, ctx: RequestContext): Promise<void> {
    if (await this.deps.signed.isSigned(ctx.orgId, 'Appointment', appointmentId)) return;
    try {
      await this.change(ctx, appointmentId, (tasks) =>
        tasks.map((t) =>
          t.id === taskId && t.status === TASK_STATUS.sent
            ? { ...t, status: TASK_STATUS.opened, statusText: 'Opened by the patient' }
            : t,
        ),
      );
    } catch (err) {
      if (!(err instanceof AppError && err.code === SIGNED_RECORD)) throw err;
    }
  }

  /** Reads the appointment, changes its tasks and writes it back if the appointment did not move meanwhile (retried). */
  private async change(
    ctx: RequestContext,
    appointmentId: string,
    edit: (tasks: AppointmentTask[]) => AppointmentTask[],
  ): Promise<Appointment> {
    for (let attempt = 0; ; attempt += 1) {
      const current = await this.deps.fhir.read(ctx, 'Appointment', appointmentId);
      const appointment = current.resource as Appointment;
      const tasks = appointmentTasks(appointment);
      const edited = edit(tasks);
      // Nothing changed (a form opened twice): no new version.
      if (JSON.stringify(edited) === JSON.stringify(tasks)) return appointment;
      const next = withAppointmentTasks(appointment, edited);
      try {
        const { version } = await this.deps.fhir.update(ctx, 'Appointment', appointmentId, next, current.versionId);
        return version.resource as Appointment;
      } catch (err) {
        if (!(err instanceof VersionConflictError) || attempt >= 3) throw err;
      }
    }
  }

  private async member(caller: Caller, rawOrgId: unknown): Promise<{ who: SignedIn; orgId: string }> {
    const { caller: who, org } = await orgFor(
      { store: this.deps.orgs, access: this.deps.access },
      caller,
      rawOrgId,
      'member',
    );
    return { who, orgId: org.id };
  }

  /** The appointment's tasks are the server's to write ([SG2]): this service composes them. */
  private ctx(who: SignedIn, orgId: string): RequestContext {
    return { orgId, userId: who.user.id, ip: who.ip, baseUrl: '', serverWriter: true };
  }
}

/** The appointment's patient id, or null. */
export function patientOf(appointment: Appointment): string | null {
  const ref = appointment.participant.find((p) => p.actor?.reference?.startsWith('Patient/'))?.actor?.reference;
  return ref ? ref.slice('Patient/'.length) : null;
}

function smsNumber(input: string): string {
  try {
    return normalizeSmsNumber(input);
  } catch {
    refuse('INVALID_PHONE');
  }
}
