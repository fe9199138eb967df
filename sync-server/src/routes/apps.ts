import type { Context } from 'hono';
import { Hono } from 'hono';
import type { AppTokens, TokenRequest } from '../auth/app-tokens.js';
import { auditAddress } from './request.js';

export interface AppRoutesDeps {
  tokens: Pick<AppTokens, 'issue'>;
  trustProxy?: boolean;
}

/** The client of `Authorization: Basic` (RFC 6749 §2.3.1: form-urlencoded id and secret), or null. */
function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  if (!header || !/^Basic\s/i.test(header)) return null;
  const decoded = Buffer.from(header.replace(/^Basic\s+/i, ''), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  try {
    return {
      id: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' ')),
      secret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' ')),
    };
  } catch {
    return null;
  }
}

async function tokenRequest(c: Context): Promise<TokenRequest | null> {
  if (!/^application\/x-www-form-urlencoded\b/i.test(c.req.header('content-type') ?? '')) return null;
  const form = new URLSearchParams(await c.req.text());
  const basic = basicCredentials(c.req.header('authorization'));
  return {
    grantType: form.get('grant_type'),
    clientId: basic?.id ?? form.get('client_id'),
    clientSecret: basic?.secret ?? form.get('client_secret'),
    scope: form.get('scope'),
    clientAssertionType: form.get('client_assertion_type'),
    clientAssertion: form.get('client_assertion'),
    tokenUrl: `${new URL(c.req.url).origin}${c.req.path}`,
  };
}

/**
 * An organisation's OAuth 2 token endpoint for its installed apps (issue 42): `POST
 * /oauth/{orgId}/token`, form-encoded, client credentials (RFC 6749 §4.4). Answers never cached.
 */
export function appRoutes(deps: AppRoutesDeps): Hono {
  const app = new Hono();
  app.post('/oauth/:orgId/token', async (c) => {
    c.header('cache-control', 'no-store');
    c.header('pragma', 'no-cache');
    const request = await tokenRequest(c);
    if (!request) return c.json({ error: 'invalid_request', error_description: 'Send a form-encoded body.' }, 400);
    const meta = {
      ip: auditAddress(c, deps.trustProxy ?? false),
      userAgent: c.req.header('user-agent')?.slice(0, 300) ?? null,
    };
    const answer = await deps.tokens.issue(c.req.param('orgId'), request, meta);
    if (answer.status === 401) c.header('www-authenticate', 'Basic realm="vigil"');
    return c.json(answer.body, answer.status);
  });
  return app;
}
