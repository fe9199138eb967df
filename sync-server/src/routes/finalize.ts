import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { reportFileName } from '@vigil/shared';
import { z } from 'zod';
import type { SignedInSession } from '../auth/sessions.js';
import type { RequestContext } from '../fhir/service.js';
import { AppError, errorBody } from '../errors.js';
import { parseFinalizeRequest, type FinalizeLine } from '../report/finalize-request.js';
import type { ReportService } from '../report/service.js';
import { pdfSha256 } from '../report/signed.js';
import type { RequestCredentials } from '../services.js';
import { auditAddress, readJsonBody } from './request.js';

export interface FinalizeRoutesDeps {
  /** The one ReportService of the process (services.ts). */
  reports: ReportService;
  /** The signed-in session of a request (services.ts). */
  sessionOf: (credentials: RequestCredentials) => Promise<SignedInSession | null>;
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

  /** The signed-in session of a request (cookie, or `token` query parameter), or null. */
  async function sessionOf(c: Context): Promise<SignedInSession | null> {
    const session = await deps.sessionOf({ cookieHeader: c.req.header('cookie'), token: c.req.query('token') });
    return session?.multiFactorValid ? session : null;
  }

  async function authorize(
    c: Context,
  ): Promise<{ session: SignedInSession; ctx: RequestContext; compositionId: string }> {
    const session = await deps.sessionOf({ cookieHeader: c.req.header('cookie'), token: c.req.query('token') });
    if (!session || !session.multiFactorValid) throw new AppError(401, 'NO_AUTHENTICATION');
    const orgId = c.req.param('orgId') ?? '';
    const compositionId = c.req.param('compositionId') ?? '';
    if (!orgIdParam.safeParse(orgId).success) throw new AppError(403, 'NOT_AUTHORIZED');
    if (await service.access(session, orgId, 'member')) throw new AppError(403, 'NOT_AUTHORIZED');
    if (!caseIdParam.safeParse(compositionId).success) throw new AppError(404, 'NOT_FOUND');
    const ip = auditAddress(c, deps.trustProxy ?? false);
    const url = new URL(c.req.url);
    return {
      session,
      compositionId,
      ctx: { orgId, userId: session.userId, ip, baseUrl: `${url.origin}/api/fhir/${orgId}` },
    };
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
      const { session, ctx, compositionId } = await authorize(c);
      const request = parseFinalizeRequest(await jsonBody(c));
      const { run } = await service.prepareFinalize(session, ctx, compositionId, request);
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
      const { session, ctx, compositionId } = await authorize(c);
      const result = await service.addAddendum(session, ctx, compositionId, await jsonBody(c));
      return c.json(result, 201);
    }),
  );

  app.post(
    '/finalize/:orgId/:compositionId/unfinalize',
    guarded(async (c) => {
      const { session, ctx, compositionId } = await authorize(c);
      await jsonBody(c);
      await service.unfinalize(session, ctx, compositionId, {
        userAgent: c.req.header('user-agent')?.slice(0, 300) ?? null,
      });
      return c.json({ ok: true });
    }),
  );

  // Issue 24 item 1: whether a PDF is one the case was signed to. Body: the PDF itself
  // (application/pdf) or its SHA-256 as JSON `{ "sha256": "<64 hex>" }`; a member's session.
  app.post(
    '/report-pdf/verify/:orgId/:compositionId',
    bodyLimit({ maxSize: MAX_VERIFY_PDF_BYTES, onError: (c) => c.json({ error: 'BODY_TOO_LARGE' }, 413) }),
    guarded(async (c) => {
      const { session, ctx, compositionId } = await authorize(c);
      const type = c.req.header('content-type') ?? '';
      let sha: string;
      if (/^application\/pdf\b/i.test(type)) {
        sha = pdfSha256(new Uint8Array(await c.req.arrayBuffer()));
      } else {
        const body = verifyBody.safeParse(await jsonBody(c));
        if (!body.success) throw new AppError(400, 'INVALID_SHA256');
        sha = body.data.sha256;
      }
      return c.json(await service.verifyPdf(session, ctx.orgId, compositionId, sha));
    }),
  );

  app.get(
    '/report-pdf/:token',
    guarded(async (c) => {
      const token = c.req.param('token') ?? '';
      const ip = auditAddress(c, deps.trustProxy ?? false);
      const pdf = tokenParam.safeParse(token).success
        ? await service.pdfByLink(token, { session: await sessionOf(c), ip })
        : null;
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
