import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import type { AccountsForCallers, Caller } from '../access/caller.js';
import type { AppointmentChangeAnswer, AppointmentChangeService } from '../appointments/service.js';
import { AppError, errorBody } from '../errors.js';
import { httpCaller, readJsonBody } from './request.js';

export interface AppointmentRoutesDeps {
  /** The one AppointmentChangeService of the process (services.ts): it authorizes every call. */
  appointments: AppointmentChangeService;
  accounts: AccountsForCallers;
  trustProxy?: boolean;
}

/** The path's parameters, parsed at the edge: an organisation id (403 as the other routes) and a FHIR id (404). */
const orgIdParam = z.string().regex(/^[a-z0-9_-]{1,64}$/);
const idParam = z.string().regex(/^[A-Za-z0-9\-.]{1,64}$/);
/** A reason of 500 characters and a few ids: far under this. */
const MAX_BODY_BYTES = 16 * 1024;

/** One operation of the service, called with the request's caller, organisation, appointment and body. */
type Operation = (
  s: AppointmentChangeService,
  caller: Caller,
  orgId: string,
  id: string,
  body: unknown,
) => Promise<AppointmentChangeAnswer>;

/**
 * The front desk's appointment operations (issue 40), beside the FHIR API that books them:
 * `POST /appointments/{orgId}/{appointmentId}/reschedule` `{ start, end, providerId?, locationId? }`,
 * `…/cancel` `{ reason }`, `…/status` `{ status: booked | arrived | checked-in | noshow |
 * entered-in-error }`. Each answers `{ appointment, conflicts }`; a refusal `{ error, issues? }`
 * with its status (401 NO_AUTHENTICATION / MFA_REQUIRED, 403 NOT_AUTHORIZED, 404 NOT_FOUND,
 * 409 CASE_STARTED / APPOINTMENT_ENTERED_IN_ERROR / CONFLICT, 423 SIGNED_RECORD, 400 input).
 */
export function appointmentRoutes(deps: AppointmentRoutesDeps): Hono {
  const app = new Hono();
  const operation =
    (run: Operation) =>
    async (c: Context): Promise<Response> => {
      try {
        const caller = await httpCaller(c, deps.accounts, deps.trustProxy ?? false, { queryToken: false });
        const orgId = c.req.param('orgId') ?? '';
        if (!orgIdParam.safeParse(orgId).success) throw new AppError(403, 'NOT_AUTHORIZED');
        const id = c.req.param('id') ?? '';
        if (!idParam.safeParse(id).success) throw new AppError(404, 'NOT_FOUND');
        const answer = await run(deps.appointments, caller, orgId, id, await readJsonBody(c));
        return c.json(answer, 200);
      } catch (err) {
        if (err instanceof AppError) return c.json(errorBody(err), err.status);
        throw err;
      }
    };
  const limit = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.json({ error: 'BODY_TOO_LARGE' }, 413) });
  app.post(
    '/appointments/:orgId/:id/reschedule',
    limit,
    operation((s, ...args) => s.reschedule(...args)),
  );
  app.post(
    '/appointments/:orgId/:id/cancel',
    limit,
    operation((s, ...args) => s.cancel(...args)),
  );
  app.post(
    '/appointments/:orgId/:id/status',
    limit,
    operation((s, ...args) => s.setStatus(...args)),
  );
  return app;
}
