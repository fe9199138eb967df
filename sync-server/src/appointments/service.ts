/**
 * The front desk's changes to a booked appointment (issue 40; spec 000 §4, spec 001 §4): move it
 * (time, provider, place), cancel it with a reason, mark it arrived, checked in, no-show, entered
 * in error or booked again. Each is an explicit operation composed here and written through the
 * one FHIR write path as the caller's change (validated, guarded by the appointment rules of
 * fhir/appointment-guard.ts, audited, announced after the commit). A reschedule answers the
 * double bookings it made ([APC6]): reported, never blocking.
 */
import {
  appointmentActorId,
  appointmentConflicts,
  cancelled,
  CANCEL_REASON_MAX,
  DESK_STATUSES,
  isRoom,
  rescheduled,
  rescheduleIssue,
  withDeskStatus,
  type Appointment,
  type AppointmentConflict,
  type Location,
} from '@vigil/shared';
import { z } from 'zod';
import { fullySignedIn, type Caller, type SignedIn } from '../access/caller.js';
import type { OrgAccess } from '../access/index.js';
import { AppError, VersionConflictError } from '../errors.js';
import type { FhirService, RequestContext } from '../fhir/service.js';

export interface AppointmentChangeDeps {
  fhir: Pick<FhirService, 'read' | 'update' | 'search'>;
  /** The one authorization: changing an appointment needs what booking one needs (the organisation permission). */
  access: Pick<OrgAccess, 'authorize'>;
}

/** What every operation answers: the appointment as stored and the double bookings it now has. */
export interface AppointmentChangeAnswer {
  appointment: Appointment;
  conflicts: AppointmentConflict[];
}

const fhirId = z.string().regex(/^[A-Za-z0-9\-.]{1,64}$/);
const instant = z.string().min(10).max(40);

/** The operations' bodies, parsed at the edge (routes/appointments.ts). */
export const rescheduleBody = z.strictObject({
  start: instant,
  end: instant,
  providerId: fhirId.optional(),
  locationId: fhirId.nullable().optional(),
});
export const cancelBody = z.strictObject({ reason: z.string().trim().min(1).max(CANCEL_REASON_MAX) });
export const statusBody = z.strictObject({ status: z.enum(DESK_STATUSES) });

/** How far back an overlapping appointment may start: the longest appointment ([APC4], 24 hours). */
const OVERLAP_LOOKBACK_MS = 24 * 60 * 60 * 1000;
/** Appointments read per page when looking for double bookings. */
const CONFLICT_PAGE = 200;

export class AppointmentChangeService {
  constructor(private readonly deps: AppointmentChangeDeps) {}

  /** The caller, fully signed in, with the organisation permission (as booking through the FHIR API). */
  private async context(caller: Caller, orgId: string): Promise<RequestContext> {
    const who: SignedIn = fullySignedIn(caller);
    await this.deps.access.authorize(who, orgId, 'member');
    return { orgId, userId: who.user.id, ip: who.ip, baseUrl: '' };
  }

  /**
   * Reads the appointment, applies the operation and writes it at the version read (retried when
   * another write came first, so a form task added meanwhile is kept). The write is the
   * caller's: the appointment rules and the signed-record guard apply as to any client's PUT.
   */
  private async change(
    ctx: RequestContext,
    id: string,
    edit: (a: Appointment & { id: string }) => Appointment,
  ): Promise<Appointment & { id: string }> {
    for (let attempt = 0; ; attempt += 1) {
      const current = await this.deps.fhir.read(ctx, 'Appointment', id);
      const next = edit(current.resource as Appointment & { id: string });
      try {
        const { version } = await this.deps.fhir.update(ctx, 'Appointment', id, next, current.versionId);
        return version.resource as Appointment & { id: string };
      } catch (err) {
        if (!(err instanceof VersionConflictError) || attempt >= 3) throw err;
      }
    }
  }

  /** [APC4][APC5] Moves the appointment; answers it with the double bookings it has at its new time. */
  async reschedule(caller: Caller, orgId: string, id: string, body: unknown): Promise<AppointmentChangeAnswer> {
    const ctx = await this.context(caller, orgId);
    const input = parseBody(rescheduleBody, body);
    const problem = rescheduleIssue(input);
    if (problem) throw new AppError(400, problem.code, problem.message, [problem]);
    const appointment = await this.change(ctx, id, (a) => rescheduled(a, input));
    return { appointment, conflicts: await this.conflicts(ctx, appointment) };
  }

  /** [APC3] Cancels the appointment with the desk's reason. */
  async cancel(caller: Caller, orgId: string, id: string, body: unknown): Promise<AppointmentChangeAnswer> {
    const ctx = await this.context(caller, orgId);
    const { reason } = parseBody(cancelBody, body);
    return { appointment: await this.change(ctx, id, (a) => cancelled(a, reason)), conflicts: [] };
  }

  /** Arrived, checked in, no-show, entered in error, or booked again. */
  async setStatus(caller: Caller, orgId: string, id: string, body: unknown): Promise<AppointmentChangeAnswer> {
    const ctx = await this.context(caller, orgId);
    const { status } = parseBody(statusBody, body);
    const appointment = await this.change(ctx, id, (a) => withDeskStatus(a, status));
    return { appointment, conflicts: status === 'booked' ? await this.conflicts(ctx, appointment) : [] };
  }

  /** [APC6] The organisation's appointments overlapping this one with its provider or in its room. */
  private async conflicts(ctx: RequestContext, target: Appointment & { id: string }): Promise<AppointmentConflict[]> {
    if (!target.start || !target.end) return [];
    const from = new Date(Date.parse(target.start) - OVERLAP_LOOKBACK_MS).toISOString();
    const others: (Appointment & { id: string })[] = [];
    for (let offset = 0; ; offset += CONFLICT_PAGE) {
      const params = new URLSearchParams([
        ['date', `ge${from}`],
        ['date', `lt${target.end}`],
        ['_count', String(CONFLICT_PAGE)],
        ['_offset', String(offset)],
      ]);
      const page = await this.deps.fhir.search(ctx, 'Appointment', params);
      const found = (page.entry ?? []).map((e) => e.resource as Appointment & { id: string });
      others.push(...found);
      if (found.length < CONFLICT_PAGE) break;
    }
    const locationId = appointmentActorId(target, 'Location');
    const room = locationId ? await this.placeIsRoom(ctx, locationId) : false;
    return appointmentConflicts(target, others, (id) => room && id === locationId);
  }

  /** A room is a Location of physical type room (an operatory of an office; shared isRoom). */
  private async placeIsRoom(ctx: RequestContext, locationId: string): Promise<boolean> {
    try {
      const place = (await this.deps.fhir.read(ctx, 'Location', locationId)).resource as Location;
      return isRoom(place);
    } catch (err) {
      if (err instanceof AppError && (err.status === 404 || err.status === 410)) return false;
      throw err;
    }
  }
}

/** A body through its schema, or 400 INVALID_INPUT with the first problem as its text. */
function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const first = parsed.error.issues[0];
  const path = first?.path.map(String) ?? [];
  throw new AppError(400, 'INVALID_INPUT', `${path.join('.') || 'body'}: ${first?.message ?? 'invalid'}`, [
    { severity: 'error', code: 'INVALID_INPUT', path, message: first?.message ?? 'invalid' },
  ]);
}
