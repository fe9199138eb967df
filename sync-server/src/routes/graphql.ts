import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { GraphQLError, NoSchemaIntrospectionCustomRule } from 'graphql';
import { createYoga, type Plugin } from 'graphql-yoga';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { callerOfSession, type Caller } from '../access/caller.js';
import type { Accounts, Current } from '../auth/accounts.js';
import {
  clearCookie,
  identityCookie,
  IDENTITY_COOKIE_NAME,
  readCookie,
  tokenCookie,
  type SessionRow,
} from '../auth/sessions.js';
import type { Environment } from '../config.js';
import type { GraphqlContext, ServerContext } from '../graphql/context.js';
import { listCostLimit } from '../graphql/pagination.js';
import { buildSchema } from '../graphql/schema.js';
import { clientIp, isAllowedOrigin, isSecureRequest, requestHosts } from './request.js';
import type { Logger } from '../log.js';
import type { Services } from '../services.js';

export interface GraphqlDeps {
  environment: Environment;
  log: Logger;
  /** Injectable clock, so tests can check serverTime against a known time. */
  now?: () => number;
  accounts: Accounts;
  /** The server's services (services.ts), handed to every resolver in its context. */
  services: Services;
  /** Browser origins besides the server's own that may call with credentials (ALLOWED_ORIGINS). */
  allowedOrigins: readonly string[];
}

/**
 * Bounds on the work one request can ask for (issue 24 item 6): a body is read up to 1 MiB (the
 * largest real call carries a 20,000-character signature), and an operation is refused before it
 * runs past 2,000 tokens, 10 levels, 20 aliases or 50 directives (graphql-armor). The client's
 * own operations stay far below each: at most 5 levels, no alias, a few hundred tokens. Issue 35
 * item 8: the cost limit prices lists at the page asked for (graphql/pagination.ts: a list field
 * costs its page size × one item's fields, every alias counted; graphql-armor's static estimate,
 * blind to page sizes, is replaced by it), and an operation above maxCost is refused before it
 * runs; the client's largest, a full page of the ledger log (200 × 29), costs under 6,000.
 */
export const GRAPHQL_LIMITS = {
  maxBodyBytes: 1024 * 1024,
  maxTokens: 2000,
  maxDepth: 10,
  maxAliases: 20,
  maxDirectives: 50,
  maxCost: 20_000,
} as const;

/**
 * CORS headers for an origin the route has already allowed (see isAllowedOrigin): that origin
 * only, with credentials, and Vary so a cache never hands one origin's answer to another.
 */
function corsHeaders(origin: string | undefined): Record<string, string> {
  if (origin === undefined) return {};
  return { 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true', vary: 'Origin' };
}

/** The same error, answered with HTTP 400 even to a client that accepts plain application/json. */
function asBadRequest(error: GraphQLError): GraphQLError {
  return new GraphQLError(error.message, {
    ...(error.nodes ? { nodes: error.nodes } : {}),
    ...(error.source ? { source: error.source } : {}),
    ...(error.positions ? { positions: error.positions } : {}),
    ...(error.originalError ? { originalError: error.originalError } : {}),
    // spec: false, or yoga answers application/json clients 200 (GraphQL over HTTP's legacy rule).
    extensions: { ...error.extensions, http: { status: 400, spec: false } },
  });
}

/**
 * A document that cannot be parsed, does not validate (the limits above included) or whose
 * variables do not fit is a bad request: 400, not yoga's 200 for application/json clients, so a
 * flood is refused as a 4xx. Such a result has no `data`; an operation that ran (and failed with
 * one of the spec's codes) has `data` and keeps its 200.
 */
function requestErrorsAreBadRequests(): Plugin {
  return {
    // The last step before the answer is written: yoga's own hooks have marked these errors by then.
    onResultProcess: (payload) => {
      const { result } = payload;
      if (Array.isArray(result) || Symbol.asyncIterator in result || 'data' in result) return;
      const errors = result.errors ?? [];
      const isRequestError = (e: unknown): e is GraphQLError =>
        e instanceof GraphQLError && e.extensions.unexpected !== true;
      if (errors.length > 0 && errors.every(isRequestError)) {
        payload.setResult({ ...result, errors: errors.map(asBadRequest) });
      }
    },
  };
}

/** Turns schema introspection off (production): the schema is not a map handed to strangers. */
function noIntrospection(): Plugin {
  return {
    onValidate: ({ addValidationRule }) => {
      addValidationRule(NoSchemaIntrospectionCustomRule);
    },
  };
}

/**
 * `POST /api/graphql`: the shell's calls (spec 000 §7). Errors thrown as `GraphQLError` reach
 * clients with their code as the message; anything else is masked. Only POST runs operations
 * (GET serves GraphiQL outside production), so a cookie never authenticates a GET a page of
 * another site can make with an image or a link.
 */
export function graphqlRoutes(deps: GraphqlDeps): Hono {
  const now = deps.now ?? Date.now;
  const { accounts } = deps;
  const cookieName = accounts.settings.cookieName;
  const production = deps.environment === 'production';
  const yoga = createYoga<ServerContext, GraphqlContext>({
    graphqlEndpoint: '/api/graphql',
    schema: buildSchema(),
    // Origins are decided by the route (below); yoga's default reflects any origin with credentials.
    cors: false,
    plugins: [
      EnvelopArmorPlugin({
        maxTokens: { n: GRAPHQL_LIMITS.maxTokens },
        maxDepth: { n: GRAPHQL_LIMITS.maxDepth },
        maxAliases: { n: GRAPHQL_LIMITS.maxAliases },
        maxDirectives: { n: GRAPHQL_LIMITS.maxDirectives },
        costLimit: { enabled: false },
        blockFieldSuggestion: { enabled: production },
      }),
      listCostLimit(GRAPHQL_LIMITS.maxCost),
      ...(production ? [noIntrospection()] : []),
      requestErrorsAreBadRequests(),
    ],
    context: ({ ip, userAgent, secure, origin, cookieHeader, setCookies }): GraphqlContext => {
      const token = readCookie(cookieHeader, cookieName);
      let session: Promise<SessionRow | null> | undefined;
      let cached: Promise<Current | null> | undefined;
      let caller: Promise<Caller> | undefined;
      const live = (): Promise<SessionRow | null> => (session ??= accounts.liveSession(token));
      const current = (): Promise<Current | null> =>
        (cached ??= live().then((s) => (s ? accounts.currentOf(s) : null)));
      const cookieOptions = { secure };
      return {
        environment: deps.environment,
        now,
        accounts,
        services: deps.services,
        meta: { ip, userAgent },
        origin,
        token,
        current,
        // The operation's Caller, built once (issue 36 item 1); a new session token rebuilds it.
        caller: () =>
          (caller ??= live().then((s) =>
            callerOfSession(accounts, s, { ip, userAgent, origin, transport: 'graphql' }, current),
          )),
        setSessionCookies: (newToken, userId) => {
          setCookies.push(tokenCookie(cookieName, newToken, cookieOptions), identityCookie(userId, cookieOptions));
          session = undefined;
          cached = undefined;
          caller = undefined;
        },
        clearSessionCookies: () => {
          setCookies.push(
            clearCookie(cookieName, { ...cookieOptions, httpOnly: true }),
            clearCookie(IDENTITY_COOKIE_NAME, { ...cookieOptions, httpOnly: false }),
          );
        },
      };
    },
    graphiql: !production,
    landingPage: false,
    maskedErrors: true,
    logging: {
      debug: (...args: unknown[]) => deps.log.debug({ args }, 'graphql'),
      info: (...args: unknown[]) => deps.log.info({ args }, 'graphql'),
      warn: (...args: unknown[]) => deps.log.warn({ args }, 'graphql'),
      error: (...args: unknown[]) => deps.log.error({ args }, 'graphql'),
    },
  });
  /** A refusal; one after the origin check carries the CORS headers, so an allowed page can read why. */
  const refuse = (
    status: 403 | 405 | 413 | 415,
    message: string,
    allowedOrigin?: string,
    extra: Record<string, string> = {},
  ): Response =>
    Response.json({ errors: [{ message }] }, { status, headers: { ...corsHeaders(allowedOrigin), ...extra } });
  return (
    new Hono()
      // A page of another origin (a sibling port or subdomain included) is refused before
      // anything runs, preflight or not, and never gets CORS headers.
      .use('/graphql', async (c, next) => {
        const origin = c.req.header('origin');
        const allowed =
          origin === undefined ||
          isAllowedOrigin(origin, {
            hosts: requestHosts((name) => c.req.header(name), accounts.settings.trustProxy),
            publicUrl: accounts.settings.publicUrl,
            allowedOrigins: deps.allowedOrigins,
          });
        if (!allowed) return refuse(403, 'NOT_AUTHORIZED');
        await next();
      })
      // The preflight of an allowed origin: POST with the app's headers, remembered 10 minutes.
      .options('/graphql', (c) => {
        const headers = new Headers(corsHeaders(c.req.header('origin')));
        headers.set('access-control-allow-methods', 'POST');
        headers.set('access-control-allow-headers', 'content-type, x-app-name, x-app-version');
        headers.set('access-control-max-age', '600');
        return new Response(null, { status: 204, headers });
      })
      .use(
        '/graphql',
        bodyLimit({
          maxSize: GRAPHQL_LIMITS.maxBodyBytes,
          onError: (c) => refuse(413, 'PAYLOAD_TOO_LARGE', c.req.header('origin')),
        }),
      )
      .on(['GET', 'POST'], '/graphql', async (c) => {
        // Operations run over POST only: a GET carrying one is refused whether or not it has a cookie.
        const url = new URL(c.req.url);
        if (c.req.method === 'GET' && (production || url.searchParams.has('query'))) {
          return refuse(405, 'METHOD_NOT_ALLOWED', c.req.header('origin'), { allow: 'POST' });
        }
        // CSRF: a form or multipart POST needs no preflight, so another site could send one with
        // the session cookie. Only JSON bodies (always preflighted cross-site) or requests carrying
        // the app's own header are served.
        const contentType = c.req.header('content-type') ?? '';
        if (c.req.method === 'POST' && !contentType.startsWith('application/json') && !c.req.header('x-app-name')) {
          return refuse(415, 'NOT_AUTHORIZED', c.req.header('origin'));
        }
        const trustProxy = accounts.settings.trustProxy;
        const secure = isSecureRequest(c, trustProxy, deps.environment);
        const setCookies: string[] = [];
        const response = await yoga.fetch(c.req.raw, {
          ip: clientIp(c, trustProxy),
          userAgent: c.req.header('user-agent')?.slice(0, 300) ?? null,
          secure,
          origin: accounts.settings.publicUrl ?? `${secure ? 'https' : url.protocol.slice(0, -1)}://${url.host}`,
          cookieHeader: c.req.header('cookie') ?? null,
          setCookies,
        });
        const cors = corsHeaders(c.req.header('origin'));
        if (setCookies.length === 0 && Object.keys(cors).length === 0) return response;
        const headers = new Headers(response.headers);
        for (const [name, value] of Object.entries(cors)) headers.set(name, value);
        for (const cookie of setCookies) headers.append('set-cookie', cookie);
        if (setCookies.length > 0) headers.set('cache-control', 'no-store');
        return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
      })
  );
}
