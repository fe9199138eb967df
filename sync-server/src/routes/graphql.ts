import { getConnInfo } from '@hono/node-server/conninfo';
import { createYoga } from 'graphql-yoga';
import { Hono, type Context } from 'hono';
import type { Accounts, Current } from '../auth/accounts.js';
import { clearCookie, identityCookie, IDENTITY_COOKIE_NAME, readCookie, tokenCookie } from '../auth/sessions.js';
import type { Environment } from '../config.js';
import type { GraphqlContext, ServerContext } from '../graphql/context.js';
import { buildSchema } from '../graphql/schema.js';
import type { Logger } from '../log.js';

export interface GraphqlDeps {
  environment: Environment;
  log: Logger;
  /** Injectable clock, so tests can check serverTime against a known time. */
  now?: () => number;
  accounts: Accounts;
}

/**
 * The client's address as the trusted reverse proxy saw it: the last X-Forwarded-For hop (the
 * one that proxy appended; earlier ones are whatever the client sent), else the socket's.
 */
export function forwardedFor(header: string | undefined): string | null {
  const hops = (header ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  return hops.at(-1) ?? null;
}

/** The client's address: the socket's, or the trusted proxy's X-Forwarded-For hop when a proxy is trusted. */
export function clientIp(c: Context, trustProxy: boolean): string | null {
  if (trustProxy) {
    const forwarded = forwardedFor(c.req.header('x-forwarded-for'));
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null;
  }
}

/** True when the request reached us over https (directly, or through a trusted proxy), or always in production. */
export function isSecureRequest(c: Context, trustProxy: boolean, environment: Environment): boolean {
  if (environment === 'production') return true;
  if (new URL(c.req.url).protocol === 'https:') return true;
  return trustProxy && c.req.header('x-forwarded-proto') === 'https';
}

/**
 * `POST /api/graphql` (and GET for queries): the shell's calls (spec 000 §7). Errors thrown as
 * `GraphQLError` reach clients with their code as the message; anything else is masked.
 */
export function graphqlRoutes(deps: GraphqlDeps): Hono {
  const now = deps.now ?? Date.now;
  const { accounts } = deps;
  const cookieName = accounts.settings.cookieName;
  const yoga = createYoga<ServerContext, GraphqlContext>({
    graphqlEndpoint: '/api/graphql',
    schema: buildSchema(),
    context: ({ ip, userAgent, secure, origin, cookieHeader, setCookies }): GraphqlContext => {
      const token = readCookie(cookieHeader, cookieName);
      let cached: Current | null | undefined;
      const cookieOptions = { secure };
      return {
        environment: deps.environment,
        now,
        accounts,
        meta: { ip, userAgent },
        origin,
        token,
        current: () => (cached ??= accounts.current(token)),
        setSessionCookies: (newToken, userId) => {
          setCookies.push(tokenCookie(cookieName, newToken, cookieOptions), identityCookie(userId, cookieOptions));
          cached = undefined;
        },
        clearSessionCookies: () => {
          setCookies.push(
            clearCookie(cookieName, { ...cookieOptions, httpOnly: true }),
            clearCookie(IDENTITY_COOKIE_NAME, { ...cookieOptions, httpOnly: false }),
          );
        },
      };
    },
    graphiql: deps.environment !== 'production',
    landingPage: false,
    maskedErrors: true,
    logging: {
      debug: (...args: unknown[]) => deps.log.debug({ args }, 'graphql'),
      info: (...args: unknown[]) => deps.log.info({ args }, 'graphql'),
      warn: (...args: unknown[]) => deps.log.warn({ args }, 'graphql'),
      error: (...args: unknown[]) => deps.log.error({ args }, 'graphql'),
    },
  });
  return new Hono().on(['GET', 'POST'], '/graphql', async (c) => {
    // CSRF: a form or multipart POST needs no preflight, so another site could send one with
    // the session cookie. Only JSON bodies (always preflighted cross-site) or requests carrying
    // the app's own header are served.
    const contentType = c.req.header('content-type') ?? '';
    if (c.req.method === 'POST' && !contentType.startsWith('application/json') && !c.req.header('x-app-name')) {
      return c.json({ errors: [{ message: 'NOT_AUTHORIZED' }] }, 415);
    }
    const trustProxy = accounts.settings.trustProxy;
    const secure = isSecureRequest(c, trustProxy, deps.environment);
    const url = new URL(c.req.url);
    const setCookies: string[] = [];
    const response = await yoga.fetch(c.req.raw, {
      ip: clientIp(c, trustProxy),
      userAgent: c.req.header('user-agent')?.slice(0, 300) ?? null,
      secure,
      origin: accounts.settings.publicUrl ?? `${secure ? 'https' : url.protocol.slice(0, -1)}://${url.host}`,
      cookieHeader: c.req.header('cookie') ?? null,
      setCookies,
    });
    if (setCookies.length === 0) return response;
    const headers = new Headers(response.headers);
    for (const cookie of setCookies) headers.append('set-cookie', cookie);
    headers.set('cache-control', 'no-store');
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  });
}
