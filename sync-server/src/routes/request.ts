import type { IncomingMessage } from 'node:http';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { callerFromCredentials, type AccountsForCallers, type Caller } from '../access/caller.js';
import type { Environment } from '../config.js';
import { AppError } from '../errors.js';

/**
 * Request helpers every route uses (issue 26: they lived in routes/graphql.ts): the client's
 * address, whether the request came over https, the hosts and origins it was sent to and from,
 * and its JSON body.
 */

/**
 * The origins that may call with the session cookie: the server's own (the host the request was
 * sent to, as the sync authoriser compares it; PUBLIC_URL's) and ALLOWED_ORIGINS. A sibling port or
 * subdomain is another origin: it shares the SameSite cookie but not this answer (issue 24 item 3).
 */
export function isAllowedOrigin(
  origin: string,
  request: { hosts: readonly string[]; publicUrl: string | null; allowedOrigins: readonly string[] },
): boolean {
  if (request.allowedOrigins.includes(origin)) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.origin !== origin || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) return false;
  if (request.publicUrl !== null && new URL(request.publicUrl).origin === origin) return true;
  return request.hosts.some((host) => parsed.host === host.toLowerCase());
}

/**
 * The hosts a request was sent to: its Host header and, behind a trusted proxy, the host the
 * proxy says the browser asked for (X-Forwarded-Host, its last hop).
 */
export function requestHosts(header: (name: string) => string | undefined, trustProxy: boolean): string[] {
  const hosts: string[] = [];
  const host = header('host');
  if (host) hosts.push(host);
  if (trustProxy) {
    const forwarded = forwardedFor(header('x-forwarded-host'));
    if (forwarded) hosts.push(forwarded);
  }
  return hosts;
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
 * The address audit records carry for a request: behind a trusted proxy the last
 * X-Forwarded-For hop (null without one), else the socket's.
 */
export function auditAddress(c: Context, trustProxy: boolean): string | null {
  if (trustProxy) return forwardedFor(c.req.header('x-forwarded-for'));
  return (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket.remoteAddress ?? null;
}

/**
 * A request's JSON body. Only `application/json` is read (a cross-site form post cannot send one
 * without a preflight); anything else, or a body that does not parse, is 400 INVALID_BODY.
 */
export async function readJsonBody(c: Context): Promise<unknown> {
  if (!/^application\/json\b/i.test(c.req.header('content-type') ?? '')) throw new AppError(400, 'INVALID_BODY');
  try {
    return await c.req.json();
  } catch {
    throw new AppError(400, 'INVALID_BODY');
  }
}

/**
 * The HTTP transport's Caller builder (issue 36 item 1): the session of the request's cookie or
 * `token` query parameter (a link opened in a new tab; a route that takes the token only in some
 * cases passes `queryToken: false` otherwise), its user and memberships, its address. Built once
 * per request by the route that needs it.
 */
export function httpCaller(
  c: Context,
  accounts: AccountsForCallers,
  trustProxy: boolean,
  { queryToken = true }: { queryToken?: boolean } = {},
): Promise<Caller> {
  return callerFromCredentials(
    accounts,
    { cookieHeader: c.req.header('cookie'), token: queryToken ? c.req.query('token') : undefined },
    {
      ip: auditAddress(c, trustProxy),
      // As the GraphQL route keeps it: what an audit record carries of the client.
      userAgent: c.req.header('user-agent')?.slice(0, 300) ?? null,
      origin: new URL(c.req.url).origin,
      transport: 'http',
    },
  );
}
