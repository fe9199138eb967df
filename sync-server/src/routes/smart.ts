import { Hono, type Context } from 'hono';
import type { Environment } from '../config.js';
import type { Accounts } from '../auth/accounts.js';
import type { RequestMeta } from '../auth/audit.js';
import type { SmartLaunch } from '../auth/smart-launch.js';
import { setLaunchCookies } from './auth.js';
import { clientIp } from './request.js';

const SMART_REFUSED = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Vigil</title></head>
<body><main><h1>Could not open Vigil</h1><p>This EMR launch could not be completed: the EMR is not connected to an
office in Vigil, did not confirm the launch, or the launch has expired. To log in again, please launch from
within your EMR.</p></main></body></html>`;

/**
 * The SMART EHR launch (auth/smart-launch.ts): `GET /api/smart/launch?iss=…&launch=…` sends the browser
 * to the EMR's authorize endpoint; `GET /api/smart/callback?code=…&state=…` is the redirect URI
 * Vigil is registered with at the EMR: it starts the single-organisation session and opens the
 * patient or the case. The PWA's `/launch` forwards here.
 */
export function smartLaunchRoutes(deps: {
  smart: SmartLaunch;
  accounts: Pick<Accounts, 'settings'>;
  environment: Environment;
}): Hono {
  const { smart, accounts, environment } = deps;
  const { settings } = accounts;
  const metaOf = (c: Context): RequestMeta => ({
    ip: clientIp(c, settings.trustProxy),
    userAgent: c.req.header('user-agent')?.slice(0, 300) ?? null,
  });
  return new Hono()
    .get('/smart/launch', async (c) => {
      c.header('cache-control', 'no-store');
      c.header('referrer-policy', 'no-referrer');
      const redirectUri = `${new URL(c.req.url).origin}/api/smart/callback`;
      const to = await smart.begin({ iss: c.req.query('iss'), launch: c.req.query('launch') }, redirectUri, metaOf(c));
      return to ? c.redirect(to, 302) : c.html(SMART_REFUSED, 403);
    })
    .get('/smart/callback', async (c) => {
      c.header('cache-control', 'no-store');
      c.header('referrer-policy', 'no-referrer');
      const launched = await smart.complete({ code: c.req.query('code'), state: c.req.query('state') }, metaOf(c));
      if (!launched) return c.html(SMART_REFUSED, 403);
      setLaunchCookies(c, launched, settings, environment);
      return c.redirect(launched.path, 302);
    });
}
