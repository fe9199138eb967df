import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { metadataRoute, ORG_ID_RE } from './fhir-metadata.js';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import {
  isResourceType,
  LIVE_EVENT_RECONNECT_MS,
  operationOutcome,
  outcomeFromIssues,
  type FhirResourceType,
  type LiveVitalsEvent,
  type OperationOutcome,
} from '@vigil/shared';
import { signedIn, type AccountsForCallers, type Caller } from '../access/caller.js';
import { refusalOf, type OrgAccess } from '../access/index.js';
import { AppError } from '../errors.js';
import { LIVE_EVENT_REPLAY_PAGE, type DeliveredEvent, type LiveEvents } from '../fhir/live-events.js';
import type { LiveVitalsBus } from '../live/bus.js';
import { parseIfMatch, type FhirService, type RequestContext } from '../fhir/service.js';
import type { StoredVersion } from '../store/resources/types.js';
import type { Logger } from '../log.js';
import { httpCaller } from './request.js';
import type { AppTokens } from '../auth/app-tokens.js';
import { bearerCaller, requireScope } from './fhir-app-access.js';

export const FHIR_CONTENT_TYPE = 'application/fhir+json; charset=utf-8';
/** Comment line sent on an idle stream so proxies keep it open and a dead session is noticed. */
export const SSE_KEEPALIVE_MS = 25_000;
/** A stream ends after this long and the browser's EventSource reconnects (resuming by Last-Event-ID). */
export const SSE_MAX_STREAM_MS = 5 * 60_000;
/** Largest request body: a report PDF or a photo as base64 in a Binary fits well within it. */
export const FHIR_MAX_BODY_BYTES = 25 * 1024 * 1024;
/** How often an open stream checks whether the server is shutting down. */
export const SSE_SHUTDOWN_POLL_MS = 500;
/** Reconnect delay suggested to EventSource: 1 second after a close (LC2, spec 000 §4, §9). */
export const SSE_RETRY_MS = LIVE_EVENT_RECONNECT_MS;

export interface FhirRoutesDeps {
  /** The process's one FhirService (services.ts): the API maps HTTP onto it. */
  service: FhirService;
  events: LiveEvents;
  /** Whose request it is: the Caller of its cookie or `token` query parameter (routes/request.ts httpCaller). */
  accounts: AccountsForCallers;
  /** The one authorization (access/index.ts): every request needs membership of its organisation. */
  access: Pick<OrgAccess, 'authorize'>;
  now: () => number;
  log: Logger;
  /** Take the client address for audit events from X-Forwarded-For (behind a reverse proxy only). */
  trustProxy?: boolean;
  /** Vigil's version, in the CapabilityStatement. */
  version: string;
  /** Installed apps' bearer tokens (issue 42): `Authorization: Bearer` on the REST API. */
  appTokens?: Pick<AppTokens, 'caller'>;
  /** The live vitals' summaries (issue 38): pushed as `liveVitals` events to a stream opened with `?liveVitals=1`. */
  liveBus?: LiveVitalsBus;
}

/**
 * A stream pushing live vitals asks again whether its caller may still read the organisation at
 * most this often (summaries come once a second per case; the socket's recheck, RECHECK_AUTH_MS).
 */
export const LIVE_VITALS_RECHECK_MS = 10_000;

/** The path and query parameters, validated at the edge (zod); each failure keeps its FHIR status and text. */
const typeParam = z.string().refine((t): t is FhirResourceType => isResourceType(t));
/** FHIR id: letters, digits, '-' and '.', 1-64 characters. */
const idParam = z.string().regex(/^[A-Za-z0-9\-.]{1,64}$/);
/** A version the store can have written: 1, 2, 3… */
const versionIdParam = z.string().regex(/^[1-9]\d{0,15}$/);
/** `_count` and `_offset`: up to 9 digits (the service caps `_count` at MAX_PAGE_COUNT). */
const pagingParam = z.string().regex(/^\d{1,9}$/);

/** The search and history query: paging parameters checked here, search parameters by parseSearch in the service. */
function queryOf(c: Context): URLSearchParams {
  const params = new URL(c.req.url).searchParams;
  for (const name of ['_count', '_offset']) {
    const raw = params.get(name);
    if (raw !== null && !pagingParam.safeParse(raw).success) {
      throw new AppError(400, 'INVALID_SEARCH', `Invalid ${name}: ${raw}`);
    }
  }
  return params;
}

function outcomeResponse(c: Context, status: number, outcome: OperationOutcome): Response {
  return c.body(JSON.stringify(outcome), status as 400, { 'content-type': FHIR_CONTENT_TYPE });
}

function errorResponse(c: Context, err: AppError): Response {
  const outcome =
    err.issues && err.issues.length > 0
      ? outcomeFromIssues(c.req.param('type') ?? 'Resource', err.issues)
      : operationOutcome(err.status, err.code, err.diagnostics);
  return outcomeResponse(c, err.status, outcome);
}

function resourceResponse(c: Context, version: StoredVersion, status: 200 | 201): Response {
  return c.body(JSON.stringify(version.resource), status, {
    'content-type': FHIR_CONTENT_TYPE,
    etag: `W/"${version.versionId}"`,
    'last-modified': new Date(version.lastUpdated).toUTCString(),
  });
}

function isLocalhost(c: Context): boolean {
  const host = new URL(c.req.url).hostname;
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host === '::1';
}

/**
 * The request's Caller (httpCaller, once per request; the `token` query parameter only where
 * allowed) and whether it may use the organisation: OrgAccess.authorize's `member`, its refusal
 * answered as FHIR answers it (401 NO_AUTHENTICATION for a missing session or multi-factor, else
 * 403 with the code).
 */
async function memberCaller(deps: FhirRoutesDeps, c: Context, orgId: string, queryToken: boolean): Promise<Caller> {
  const caller =
    (await bearerCaller(deps, c)) ?? (await httpCaller(c, deps.accounts, deps.trustProxy ?? false, { queryToken }));
  const failure = await refusalOf(deps.access.authorize(caller, orgId, 'member'));
  if (failure === 'NO_AUTHENTICATION' || failure === 'MFA_REQUIRED') {
    throw new AppError(401, 'NO_AUTHENTICATION', 'Sign in again');
  }
  if (failure) throw new AppError(403, failure);
  return caller;
}

/** The FHIR service's context of a request whose caller may use its organisation, or the error (AppError) to answer with. */
async function requestContext(deps: FhirRoutesDeps, c: Context, queryToken: boolean): Promise<RequestContext> {
  const orgId = c.req.param('orgId') ?? '';
  const caller = await memberCaller(deps, c, orgId, queryToken);
  if (!ORG_ID_RE.test(orgId)) throw new AppError(403, 'NOT_AUTHORIZED');
  requireScope(c, caller);
  const url = new URL(c.req.url);
  return { orgId, userId: signedIn(caller).user.id, ip: caller.ip, baseUrl: `${url.origin}/api/fhir/${orgId}` };
}

/** The resource type of the path, or 404. */
function typeOf(c: Context): FhirResourceType {
  const type = typeParam.safeParse(c.req.param('type'));
  if (!type.success) throw new AppError(404, 'NOT_FOUND', `Unknown resource type ${c.req.param('type') ?? ''}`);
  return type.data;
}

/** The id of the path, or 404. */
function idOf(c: Context): string {
  const id = idParam.safeParse(c.req.param('id') ?? '');
  if (!id.success) throw new AppError(404, 'NOT_FOUND', 'Invalid id');
  return id.data;
}

/** A version id the store never wrote is not found, as the store would answer. */
function versionIdOf(c: Context, type: FhirResourceType, id: string): string {
  const vid = c.req.param('vid') ?? '';
  if (!versionIdParam.safeParse(vid).success) {
    throw new AppError(404, 'NOT_FOUND', `${type}/${id}/_history/${vid} not found`);
  }
  return vid;
}

/** The request body as JSON, sent as FHIR JSON (415 otherwise). */
async function bodyOf(c: Context): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/(fhir\+)?json\b/i.test(type)) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send application/fhir+json');
  }
  try {
    return await c.req.json();
  } catch {
    throw new AppError(400, 'INVALID_JSON', 'The body is not JSON');
  }
}

/** The REST API under `/fhir/{orgId}/`: read, search, history, create, update, delete (spec 002 §7). */
function restRoutes(deps: FhirRoutesDeps): Hono {
  const { service } = deps;
  const handle =
    (fn: (c: Context, ctx: RequestContext) => Response | Promise<Response>) =>
    async (c: Context): Promise<Response> => {
      try {
        const ctx = await requestContext(deps, c, true);
        return await fn(c, ctx);
      } catch (err) {
        if (err instanceof AppError) return errorResponse(c, err);
        deps.log.error({ err, path: c.req.path }, 'fhir request failed');
        return outcomeResponse(c, 500, operationOutcome(500, 'INTERNAL_ERROR'));
      }
    };

  const fhir = new Hono();
  fhir.use(
    '*',
    bodyLimit({
      maxSize: FHIR_MAX_BODY_BYTES,
      onError: (c) => outcomeResponse(c, 413, operationOutcome(413, 'PAYLOAD_TOO_LARGE')),
    }),
  );
  fhir.get(
    '/:type',
    handle(async (c, ctx) =>
      c.body(JSON.stringify(await service.search(ctx, typeOf(c), queryOf(c))), 200, {
        'content-type': FHIR_CONTENT_TYPE,
      }),
    ),
  );
  fhir.get(
    '/:type/:id',
    handle(async (c, ctx) => resourceResponse(c, await service.read(ctx, typeOf(c), idOf(c)), 200)),
  );
  fhir.get(
    '/:type/:id/_history',
    handle(async (c, ctx) =>
      c.body(JSON.stringify(await service.history(ctx, typeOf(c), idOf(c), queryOf(c))), 200, {
        'content-type': FHIR_CONTENT_TYPE,
      }),
    ),
  );
  fhir.get(
    '/:type/:id/_history/:vid',
    handle(async (c, ctx) => {
      const type = typeOf(c);
      const id = idOf(c);
      return resourceResponse(c, await service.readVersion(ctx, type, id, versionIdOf(c, type, id)), 200);
    }),
  );
  fhir.post(
    '/:type',
    handle(async (c, ctx) => {
      const type = typeOf(c);
      const { version } = await service.create(ctx, type, await bodyOf(c));
      c.header('location', `${ctx.baseUrl}/${type}/${version.id}/_history/${version.versionId}`);
      return resourceResponse(c, version, 201);
    }),
  );
  fhir.put(
    '/:type/:id',
    handle(async (c, ctx) => {
      const type = typeOf(c);
      const id = idOf(c);
      const ifMatch = parseIfMatch(c.req.header('if-match'));
      const { version, created } = await service.update(ctx, type, id, await bodyOf(c), ifMatch);
      if (created) c.header('location', `${ctx.baseUrl}/${type}/${id}/_history/${version.versionId}`);
      return resourceResponse(c, version, created ? 201 : 200);
    }),
  );
  fhir.delete(
    '/:type/:id',
    handle(async (c, ctx) => {
      await service.delete(ctx, typeOf(c), idOf(c), parseIfMatch(c.req.header('if-match')));
      return outcomeResponse(c, 200, {
        resourceType: 'OperationOutcome',
        issue: [{ severity: 'information', code: 'informational', details: { text: 'DELETED' } }],
      });
    }),
  );
  fhir.all(
    '*',
    handle(() => {
      throw new AppError(404, 'NOT_FOUND');
    }),
  );
  return fhir;
}

/**
 * The organisation's live events on `/fhir-sse/org/{orgId}` (spec 002 §7): the token may come in
 * the query string on localhost only. What the client missed is replayed from the change feed,
 * then new events as they come, each delivery audited; the stream ends when its session or
 * membership ends, after SSE_MAX_STREAM_MS, or when the server shuts down.
 */
function liveEventsRoute(deps: FhirRoutesDeps, app: Hono): void {
  const { service } = deps;
  app.get('/fhir-sse/org/:orgId', async (c) => {
    // The token may come in the query string on localhost only.
    const queryToken = isLocalhost(c);
    let ctx: RequestContext;
    try {
      ctx = await requestContext(deps, c, queryToken);
    } catch (err) {
      if (err instanceof AppError) return errorResponse(c, err);
      throw err;
    }
    return streamSSE(c, async (stream) => {
      const queue: DeliveredEvent[] = [];
      let wake: (() => void) | null = null;
      let open = true;
      const stop = (): void => {
        open = false;
        wake?.();
      };
      const push = (e: DeliveredEvent): void => {
        queue.push(e);
        wake?.();
      };
      stream.onAbort(stop);
      // A server that stopped listening is shutting down: end the stream so close() can finish
      // (the tablet's EventSource reconnects to the next instance and resumes by Last-Event-ID).
      const socket: unknown = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket;
      const server = (socket as { server?: { listening: boolean } } | undefined)?.server;
      const shutdownWatch = setInterval(() => {
        if (server && !server.listening) stop();
      }, SSE_SHUTDOWN_POLL_MS);
      const unsubscribe = deps.events.subscribe(ctx.orgId, push);
      // Live vitals (issue 38) for a stream that asks for them: summaries, no replay (a screen
      // reads the list again on 'ready'), a later summary of a case replacing one not sent yet.
      const live = new Map<string, LiveVitalsEvent>();
      const unsubscribeLive =
        deps.liveBus && c.req.query('liveVitals') === '1'
          ? deps.liveBus.subscribe(ctx.orgId, (e) => {
              const key = e.action === 'put' ? e.summary.caseId : e.caseId;
              live.delete(key);
              live.set(key, e);
              wake?.();
            })
          : () => undefined;
      let allowedAt = deps.now();
      const unregister = deps.events.onClose(stop);
      const endAt = deps.now() + SSE_MAX_STREAM_MS;
      // The last change sent: a live event the replay already sent (or an older one) is not sent again.
      let sent: number | null = null;
      const send = async (next: DeliveredEvent): Promise<void> => {
        if (sent !== null && next.seq <= sent) return;
        await service.auditLiveDelivery(ctx, next.event);
        await stream.writeSSE({ id: next.id, data: JSON.stringify(next.event) });
        sent = next.seq;
      };
      try {
        sent = await deps.events.resumeFrom(c.req.header('last-event-id'));
        await service.auditLiveEvents(ctx);
        await stream.writeSSE({ event: 'ready', data: JSON.stringify({ orgId: ctx.orgId }), retry: SSE_RETRY_MS });
        // A signed-out session or a removed membership ends the stream before anything more is sent.
        const stillAllowed = async (): Promise<boolean> => {
          const still =
            (await bearerCaller(deps, c).catch(() => null)) ??
            (await httpCaller(c, deps.accounts, deps.trustProxy ?? false, { queryToken }));
          return (await refusalOf(deps.access.authorize(still, ctx.orgId, 'member'))) === null;
        };
        // What the client missed since its Last-Event-ID, read from the change feed page by page
        // (issue 36 item 3: a restart of the server loses nothing within the feed's retention).
        while (open && sent !== null) {
          const page = await deps.events.since(ctx.orgId, sent, LIVE_EVENT_REPLAY_PAGE);
          if (page.length > 0 && !(await stillAllowed())) {
            open = false;
            break;
          }
          for (const next of page) if (open) await send(next);
          if (page.length < LIVE_EVENT_REPLAY_PAGE) break;
        }
        while (open) {
          if (queue.length > 0 && !(await stillAllowed())) break;
          while (queue.length > 0 && open) await send(queue.shift()!);
          if (live.size > 0 && deps.now() - allowedAt > LIVE_VITALS_RECHECK_MS) {
            if (!(await stillAllowed())) break;
            allowedAt = deps.now();
          }
          for (const [key, e] of live) {
            live.delete(key);
            if (open) await stream.writeSSE({ event: 'liveVitals', data: JSON.stringify(e) });
          }
          if (!open) break;
          let handle: ReturnType<typeof setTimeout> | undefined;
          const timer = await new Promise<'wake' | 'tick'>((resolve) => {
            wake = () => resolve('wake');
            handle = setTimeout(() => resolve('tick'), Math.min(SSE_KEEPALIVE_MS, Math.max(0, endAt - deps.now())));
          });
          clearTimeout(handle);
          wake = null;
          if (timer === 'tick') {
            if (deps.now() >= endAt || !(await stillAllowed())) break;
            await stream.write(': keepalive\n\n');
          }
        }
      } finally {
        clearInterval(shutdownWatch);
        unsubscribe();
        unsubscribeLive();
        unregister();
      }
    });
  });
}

/**
 * The FHIR R4 REST API under `/fhir/{orgId}/` (spec 002 §7) and the organisation's live events
 * on `/fhir-sse/org/{orgId}` (spec 002 §3, §7). Every request needs a signed-in session with
 * valid MFA (401 NO_AUTHENTICATION) and access to that organisation (403 NOT_AUTHORIZED);
 * the organisation is part of every store call, so nothing crosses organisations.
 */
export function fhirRoutes(deps: FhirRoutesDeps): Hono {
  const app = new Hono();
  metadataRoute(app, {
    ...{ version: deps.version, started: new Date(deps.now()).toISOString(), contentType: FHIR_CONTENT_TYPE },
    notFound: (c) => outcomeResponse(c, 404, operationOutcome(404, 'NOT_FOUND')),
  });
  app.route('/fhir/:orgId', restRoutes(deps));
  liveEventsRoute(deps, app);
  return app;
}
