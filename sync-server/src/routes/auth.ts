import { Hono, type Context } from 'hono';
import type { Environment } from '../config.js';
import { clientIp, isSecureRequest } from './request.js';
import { z } from 'zod';
import type { BotCheck } from '../auth/bot-check.js';
import { EMR_LAUNCH, type EmrLaunch, type EmrLaunched } from '../auth/emr.js';
import type { AuthSettings } from '../auth/settings.js';
import { clearCookie, identityCookie, tokenCookie } from '../auth/sessions.js';

/** `GET /api/bot-check/challenge`: a fresh signed proof-of-work challenge for sign-up and sign-in. */
export function botCheckRoutes(botCheck: BotCheck): Hono {
  return new Hono().get('/bot-check/challenge', async (c) => {
    c.header('cache-control', 'no-store');
    return c.json(await botCheck.challenge());
  });
}

const LAUNCH_REFUSED = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Vigil</title></head>
<body><main><h1>Could not open Vigil</h1><p>This EMR launch link is invalid, was already used or has expired.
To log in again, please launch from within your EMR.</p></main></body></html>`;

/** `?token=…`: a launch token (emr.ts reads and checks it); a missing or oversized one is refused like a forged one. */
const launchQuery = z.object({ token: z.string().max(8000) });

/**
 * `GET /api/emr/launch?token=…` (see emr.ts): starts an EMR single-organisation session, sets the
 * session cookies and the 'Return to EMR' cookie, and opens the app. Absent without EMR_LAUNCH_SECRET
 * (`emr` null).
 */
export function emrLaunchRoutes(emr: EmrLaunch | null, environment: Environment): Hono {
  const routes = new Hono();
  if (!emr) return routes;
  const { settings } = emr.accounts;
  return routes.get('/emr/launch', async (c) => {
    c.header('cache-control', 'no-store');
    c.header('referrer-policy', 'no-referrer');
    const trustProxy = settings.trustProxy;
    const query = launchQuery.safeParse({ token: c.req.query('token') });
    const launched = await emr.launch(query.success ? query.data.token : '', {
      ip: clientIp(c, trustProxy),
      userAgent: c.req.header('user-agent')?.slice(0, 300) ?? null,
    });
    if (!launched) return c.html(LAUNCH_REFUSED, 403);
    setLaunchCookies(c, launched, settings, environment);
    return c.redirect(launched.path, 302);
  });
}

/** The session cookies of an EMR launch (signed link or SMART), and the 'Return to EMR' cookie set or cleared. */
export function setLaunchCookies(
  c: Context,
  launched: EmrLaunched,
  settings: Pick<AuthSettings, 'cookieName' | 'trustProxy'>,
  environment: Environment,
): void {
  const trustProxy = settings.trustProxy;
  const options = { secure: isSecureRequest(c, trustProxy, environment) };
  c.header('set-cookie', tokenCookie(settings.cookieName, launched.token, options), { append: true });
  c.header('set-cookie', identityCookie(launched.user.id, options), { append: true });
  c.header(
    'set-cookie',
    launched.returnUrl
      ? [
          `${EMR_LAUNCH.returnCookie}=${encodeURIComponent(launched.returnUrl)}`,
          'Path=/',
          `Max-Age=${EMR_LAUNCH.returnCookieLifetimeMs / 1000}`,
          'SameSite=Lax',
          ...(options.secure ? ['Secure'] : []),
        ].join('; ')
      : clearCookie(EMR_LAUNCH.returnCookie, { ...options, httpOnly: false }),
    { append: true },
  );
}
