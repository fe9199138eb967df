import type { Context } from 'hono';
import type { Caller } from '../access/caller.js';
import { appScopeAllows, type AppTokens } from '../auth/app-tokens.js';
import { AppError } from '../errors.js';
import { auditAddress } from './request.js';

/*
 * Installed apps on the FHIR API (issue 42): their bearer token read into a Caller, and their
 * SMART scopes checked for the request's type and mode (split from routes/fhir.ts).
 */

/**
 * An installed app's Caller from `Authorization: Bearer` (issue 42), null without that header; a
 * token that is unknown, expired or of an uninstalled app is 401 (RFC 6750 invalid_token).
 */
export async function bearerCaller(
  deps: { appTokens?: Pick<AppTokens, 'caller'>; trustProxy?: boolean },
  c: Context,
): Promise<Caller | null> {
  const header = c.req.header('authorization');
  if (!deps.appTokens || !header || !/^Bearer\s/i.test(header)) return null;
  const caller = await deps.appTokens.caller(header.replace(/^Bearer\s+/i, '').trim(), {
    ip: auditAddress(c, deps.trustProxy ?? false),
    userAgent: c.req.header('user-agent')?.slice(0, 300) ?? null,
    origin: new URL(c.req.url).origin,
    transport: 'http',
  });
  if (!caller) throw new AppError(401, 'NO_AUTHENTICATION', 'The access token is not valid');
  return caller;
}

/**
 * [APP2] An app's request needs the scope of its resource type and mode: GET reads, any other
 * method writes; a request naming no type (the live events) needs `system/*.read`.
 */
export function requireScope(c: Context, caller: Caller): void {
  if (!caller.app) return;
  const type = c.req.param('type') ?? '*';
  const mode = c.req.method === 'GET' || c.req.method === 'HEAD' ? 'read' : 'write';
  if (!appScopeAllows(caller, type, mode)) {
    throw new AppError(403, 'NOT_AUTHORIZED', `The token's scopes do not allow ${mode} of ${type}`);
  }
}
