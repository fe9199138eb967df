import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { reportFileName } from '@vigil/shared';
import { z } from 'zod';
import type { AccountsForCallers, SignedIn } from '../access/caller.js';
import type { OrgAccess } from '../access/index.js';
import { AppError, errorBody } from '../errors.js';
import { parseFinalizeRequest, type FinalizeLine } from '../report/finalize-request.js';
import type { AuditedReports } from '../report/service.js';
import { pdfSha256 } from '../report/signed.js';
import { httpCaller, readJsonBody } from './request.js';

export interface FinalizeRoutesDeps {
  /** The one ReportService of the process, audited (services.ts). */
  reports: AuditedReports;
  /** Who calls (the HTTP Caller builder reads sessions and users through it). */
  accounts: AccountsForCallers;
  /** The one organisation-access module (access/). */
  access: Pick<OrgAccess, 'authorize'>;
  trustProxy?: boolean;
}

/** The route's parameters and bodies, parsed at the edge (issue 26); a refusal keeps its status and code. */
const orgIdParam = z.string().regex(/^[a-z0-9_-]{1,64}$/);
/** A case id is a room id too (sync/protocol.ts) and a FHIR id. */
const caseIdParam = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/);
/** A finalize body holds a signature (≤ 20000 characters) and a hash; an addendum ≤ 4000 more. */
const MAX_BODY_BYTES = 256 * 1024;

/** Largest PDF `POST /report-pdf/verify` takes (a long case with addenda is well under it). */
export const MAX_VERIFY_PDF_BYTES = 25 * 1024 * 1024;
const tokenParam = z.string().regex(/^[A-Za-z0-9_-]{20,64}$/);
/** `POST /report-pdf/verify` as JSON: the PDF's SHA-256, hex (either case). */
const verifyBody = z.object({
  sha256: z
    .string()
    .transform((v) => v.toLowerCase())
    .pipe(z.string().regex(/^[0-9a-f]{64}$/)),
});

/** The restrictive policy a PDF is served with: nothing runs, nothing loads. */
export const PDF_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox; frame-ancestors 'self'";

function errorJson(c: Context, err: AppError): Response {
  return c.json(errorBody(err), err.status);
}

/**
 * `POST /finalize/{orgId}/{compositionId}` (spec 001 §7): streams NDJSON lines `{step, data}`;
 * `POST /finalize/{orgId}/{compositionId}/addenda` adds a signed addendum; `GET /report-pdf/{token}`
 * serves a PDF behind a short-lived pdfUrl link (spec 000 §7).
 */
export function finalizeRoutes(deps: FinalizeRoutesDeps): Hono {
  const service = deps.reports;
  const app = new Hono();
  const callerOf = (c: Context): ReturnType<typeof httpCaller> =>
    httpCaller(c, deps.accounts, deps.trustProxy ?? false);

  /**
   * A call about one case: the request's Caller, fully signed in (401 NO_AUTHENTICATION
   * otherwise), a member of the organisation (403 NOT_AUTHORIZED, as for a malformed
   * organisation id) and a well-formed case id (404). Each service method then asks its own need
   * (a provider for an addendum, an administrator with sudo for unfinalize).
   */
  async function caseCall(c: Context): Promise<{ caller: SignedIn; orgId: string; compositionId: string }> {
    const caller = await callerOf(c);
    if (!caller.user || !caller.subject.multiFactorValid) throw new AppError(401, 'NO_AUTHENTICATION');
    const orgId = c.req.param('orgId') ?? '';
    const compositionId = c.req.param('compositionId') ?? '';
    if (!orgIdParam.safeParse(orgId).success) throw new AppError(403, 'NOT_AUTHORIZED');
    await deps.access.authorize(caller, orgId, 'member');
    if (!caseIdParam.safeParse(compositionId).success) throw new AppError(404, 'NOT_FOUND');
    return { caller: caller as SignedIn, orgId, compositionId };
  }

  const jsonBody = readJsonBody;

  const guarded =
    (fn: (c: Context) => Promise<Response>) =>
    async (c: Context): Promise<Response> => {
      try {
        return await fn(c);
      } catch (err) {
        if (err instanceof AppError) return errorJson(c, err);
        throw err;
      }
    };

  app.post(
    '/finalize/:orgId/:compositionId',
    bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.json({ error: 'BODY_TOO_LARGE' }, 413) }),
    guarded(async (c) => {
      const { caller, orgId, compositionId } = await caseCall(c);
      const request = parseFinalizeRequest(await jsonBody(c));
      const { run } = await service.prepareFinalize(caller, orgId, compositionId, request);
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          const emit = (line: FinalizeLine): void => {
            controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
          };
          await run(emit);
          controller.close();
        },
      });
      return new Response(body, {
        status: 200,
        headers: { 'content-type': 'application/x-ndjson; charset=utf-8', 'cache-control': 'no-store' },
      });
    }),
  );

  app.post(
    '/finalize/:orgId/:compositionId/addenda',
    bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.json({ error: 'BODY_TOO_LARGE' }, 413) }),
    guarded(async (c) => {
      const { caller, orgId, compositionId } = await caseCall(c);
      const result = await service.addAddendum(caller, orgId, compositionId, await jsonBody(c));
      return c.json(result, 201);
    }),
  );

  app.post(
    '/finalize/:orgId/:compositionId/unfinalize',
    guarded(async (c) => {
      const { caller, orgId, compositionId } = await caseCall(c);
      await jsonBody(c);
      await service.unfinalize(caller, orgId, compositionId);
      return c.json({ ok: true });
    }),
  );

  // Issue 24 item 1: whether a PDF is one the case was signed to. Body: the PDF itself
  // (application/pdf) or its SHA-256 as JSON `{ "sha256": "<64 hex>" }`; a member's session.
  app.post(
    '/report-pdf/verify/:orgId/:compositionId',
    bodyLimit({ maxSize: MAX_VERIFY_PDF_BYTES, onError: (c) => c.json({ error: 'BODY_TOO_LARGE' }, 413) }),
    guarded(async (c) => {
      const { caller, orgId, compositionId } = await caseCall(c);
      const type = c.req.header('content-type') ?? '';
      let sha: string;
      if (/^application\/pdf\b/i.test(type)) {
        sha = pdfSha256(new Uint8Array(await c.req.arrayBuffer()));
      } else {
        const body = verifyBody.safeParse(await jsonBody(c));
        if (!body.success) throw new AppError(400, 'INVALID_SHA256');
        sha = body.data.sha256;
      }
      return c.json(await service.verifyPdf(caller, orgId, compositionId, sha));
    }),
  );

  app.get(
    '/report-pdf/:token',
    guarded(async (c) => {
      const token = c.req.param('token') ?? '';
      const pdf = tokenParam.safeParse(token).success ? await service.pdfByLink(await callerOf(c), token) : null;
      if (!pdf) return Promise.resolve(c.json({ error: 'NOT_FOUND' }, 404));
      const name = reportFileName(pdf.title);
      return Promise.resolve(
        c.body(
          pdf.bytes.buffer.slice(pdf.bytes.byteOffset, pdf.bytes.byteOffset + pdf.bytes.byteLength) as ArrayBuffer,
          200,
          {
            'content-type': 'application/pdf',
            'content-disposition': `inline; filename="${name.replace(/"/g, '')}"`,
            'x-content-type-options': 'nosniff',
            'content-security-policy': PDF_CSP,
            'cache-control': 'private, no-store',
            'referrer-policy': 'no-referrer',
          },
        ),
      );
    }),
  );

  return app;
}
