import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AccountsForCallers } from '../access/caller.js';
import { ChallengeFailedError, IncompleteError, type PatientFormService } from '../contracts/patient.js';
import type { ContractPdfService } from '../contracts/pdf.js';
import { AppError, errorBody } from '../errors.js';
import { PDF_CSP } from './finalize.js';
import { auditAddress, httpCaller, readJsonBody } from './request.js';

export interface PatientFormRoutesDeps {
  patientForms: PatientFormService;
  contractPdfs: ContractPdfService;
  /** Who calls (the HTTP Caller builder reads sessions and users through it). */
  accounts: AccountsForCallers;
  trustProxy?: boolean;
}

/** A submission holds a selfie (≤ 1 MB as text), a signature (≤ 300 KB) and the answers. */
const MAX_SUBMISSION_BYTES = 1_600_000;

/** The refusal as JSON: the code, and the attempts left or the missing answers where there are. */
function refusal(c: Context, err: AppError): Response {
  const extra =
    err instanceof ChallengeFailedError
      ? { attemptsLeft: err.attemptsLeft }
      : err instanceof IncompleteError
        ? { missing: err.missing }
        : {};
  return c.json({ ...errorBody(err), ...extra }, err.status, { 'cache-control': 'no-store' });
}

const guarded =
  (fn: (c: Context) => Promise<Response>) =>
  async (c: Context): Promise<Response> => {
    try {
      return await fn(c);
    } catch (err) {
      if (err instanceof AppError) return refusal(c, err);
      throw err;
    }
  };

/**
 * The patient's form link (issue 28; no session, the token is the secret): `GET
 * /patient-forms/{token}`, `POST …/open` (the birth-date challenge), `POST …/submit`. And the
 * signed contract's PDF for the office: `GET /contract/{orgId}/{contractId}` (spec 000 §7).
 */
export function patientFormRoutes(deps: PatientFormRoutesDeps): Hono {
  const app = new Hono();
  const noStore = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };

  app.get(
    '/patient-forms/:token',
    guarded(async (c) => c.json(await deps.patientForms.load(c.req.param('token') ?? ''), 200, noStore)),
  );
  app.post(
    '/patient-forms/:token/open',
    bodyLimit({ maxSize: 4096, onError: (c) => c.json({ error: 'BODY_TOO_LARGE' }, 413) }),
    guarded(async (c) =>
      c.json(await deps.patientForms.open(c.req.param('token') ?? '', await readJsonBody(c)), 200, noStore),
    ),
  );
  app.post(
    '/patient-forms/:token/submit',
    bodyLimit({ maxSize: MAX_SUBMISSION_BYTES, onError: (c) => c.json({ error: 'BODY_TOO_LARGE' }, 413) }),
    guarded(async (c) => {
      const ip = auditAddress(c, deps.trustProxy ?? false);
      const result = await deps.patientForms.submit(c.req.param('token') ?? '', await readJsonBody(c), ip);
      return c.json(result, 200, noStore);
    }),
  );

  app.get(
    '/contract/:orgId/:contractId',
    guarded(async (c) => {
      const caller = await httpCaller(c, deps.accounts, deps.trustProxy ?? false);
      if (!caller.user || !caller.subject.multiFactorValid) throw new AppError(401, 'NO_AUTHENTICATION');
      const pdf = await deps.contractPdfs.pdf(
        caller,
        c.req.param('orgId') ?? '',
        c.req.param('contractId') ?? '',
        c.req.query('tz'),
      );
      const name = `${pdf.title.replace(/[^A-Za-z0-9 ._-]/g, '').trim() || 'Contract'}.pdf`;
      return c.body(
        pdf.bytes.buffer.slice(pdf.bytes.byteOffset, pdf.bytes.byteOffset + pdf.bytes.byteLength) as ArrayBuffer,
        200,
        {
          'content-type': 'application/pdf',
          'content-disposition': `inline; filename="${name}"`,
          'x-content-type-options': 'nosniff',
          'content-security-policy': PDF_CSP,
          'cache-control': 'private, no-store',
          'referrer-policy': 'no-referrer',
        },
      );
    }),
  );
  return app;
}
