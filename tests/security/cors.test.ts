import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullyAuthenticated, type Browser } from '../integration/accounts-client.js';
import { startServer, type TestServer } from '../utils/start-server.js';
import { rawRequest, SERVER_START_TIMEOUT_MS, type RawResponse } from './http.js';
import { inProcessApps } from './in-process.js';

/**
 * Issue 24 item 3: GraphQL answered credentialed requests from any origin (yoga reflected the
 * Origin with Allow-Credentials), so a page on a sibling port or subdomain, which the SameSite=Lax
 * cookie reaches, could read a signed-in user's data. Only the server's own origin and
 * ALLOWED_ORIGINS may call now, and no operation runs over GET.
 */
const PARTNER = 'https://partner.vigil.test';
const EMAIL = 'cors-user@example.com';
const USER_QUERY = JSON.stringify({ query: '{ user { email } }' });

describe('security: GraphQL answers credentialed calls only from its own origin and ALLOWED_ORIGINS', () => {
  let server: TestServer;
  let browser: Browser;
  let cookie: string;

  beforeAll(async () => {
    server = await startServer({
      env: { ALLOWED_ORIGINS: `${PARTNER}, http://localhost:5173` },
      timeoutMs: SERVER_START_TIMEOUT_MS,
    });
    ({ browser } = await fullyAuthenticated(server.url, EMAIL, 'quiet harbour 51 lantern'));
    cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  });
  afterAll(async () => {
    await server?.dispose();
  });

  /** The signed-in user's query, sent as a browser on `origin` would (cookie and all), to a chosen Host. */
  function post(origin: string | null, host = `127.0.0.1:${server.port}`): Promise<RawResponse> {
    return rawRequest(`${server.url}/api/graphql`, {
      method: 'POST',
      headers: {
        host,
        'content-type': 'application/json',
        cookie,
        ...(origin === null ? {} : { origin }),
      },
      body: USER_QUERY,
    });
  }

  function preflight(origin: string): Promise<RawResponse> {
    return rawRequest(`${server.url}/api/graphql`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-app-name',
      },
    });
  }

  it.each([
    ['a foreign site', 'https://evil.example', undefined],
    ['a sibling port on the same host', 'SIBLING_PORT', undefined],
    ['a sibling subdomain (same site, so the cookie is sent)', 'http://evil.vigil.test:PORT', 'app.vigil.test:PORT'],
    ['an origin that only starts like an allowed one', `${PARTNER}.evil.example`, undefined],
    ['the literal null origin (sandboxed frames, file pages)', 'null', undefined],
  ])('refuses %s with 403, no CORS headers and no data', async (_, rawOrigin, rawHost) => {
    const port = server.port;
    const origin = rawOrigin === 'SIBLING_PORT' ? `http://127.0.0.1:${port + 1}` : rawOrigin.replace('PORT', `${port}`);
    const res = await post(origin, rawHost?.replace('PORT', `${port}`));
    expect(res.status).toBe(403);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(res.body).not.toContain(EMAIL);
    expect(JSON.parse(res.body)).toEqual({ errors: [{ message: 'NOT_AUTHORIZED' }] });
    // Nor does its preflight get a yes.
    const pre = await preflight(origin);
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    expect(pre.status).toBe(403);
  });

  it('answers its own origin (the host the request was sent to), with the user data', async () => {
    const own = await post(`http://127.0.0.1:${server.port}`);
    expect(own.status).toBe(200);
    expect(JSON.parse(own.body)).toEqual({ data: { user: { email: EMAIL } } });
    // The same server reached by another name is that name's own origin.
    const named = await post(`http://app.vigil.test:${server.port}`, `app.vigil.test:${server.port}`);
    expect(named.status).toBe(200);
    expect(named.body).toContain(EMAIL);
  });

  it('answers an ALLOWED_ORIGINS entry with credentialed CORS headers for that origin only, and its preflight', async () => {
    const res = await post(PARTNER);
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(res.headers.vary).toMatch(/origin/i);
    expect(res.body).toContain(EMAIL);
    const pre = await preflight(PARTNER);
    expect(pre.status).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(pre.headers['access-control-allow-credentials']).toBe('true');
    expect(pre.headers['access-control-allow-methods']).toBe('POST');
    expect(pre.headers['access-control-allow-headers']).toMatch(/content-type/);
    // The second entry of the comma-separated list counts as well.
    expect((await post('http://localhost:5173')).headers['access-control-allow-origin']).toBe('http://localhost:5173');
  });

  it('answers a client that sends no Origin (curl, the server-side tests) without CORS headers', async () => {
    const res = await post(null);
    expect(res.status).toBe(200);
    expect(res.body).toContain(EMAIL);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('runs no operation over GET: a GET with the session cookie is refused (405) and reads nothing', async () => {
    const query = encodeURIComponent('{ user { email } }');
    for (const origin of [null, 'https://evil.example', `http://127.0.0.1:${server.port}`]) {
      const res = await rawRequest(`${server.url}/api/graphql?query=${query}`, {
        headers: { cookie, accept: 'application/json', ...(origin === null ? {} : { origin }) },
      });
      expect(res.body).not.toContain(EMAIL);
      expect(res.status).toBe(origin === 'https://evil.example' ? 403 : 405);
    }
    const plain = await rawRequest(`${server.url}/api/graphql?query=${query}`, { headers: { cookie } });
    expect(plain.status).toBe(405);
    expect(plain.headers.allow).toBe('POST');
    expect(JSON.parse(plain.body)).toEqual({ errors: [{ message: 'METHOD_NOT_ALLOWED' }] });
    // A mutation over GET neither (yoga never ran mutations over GET; now nothing runs).
    const signOut = await rawRequest(`${server.url}/api/graphql?query=${encodeURIComponent('mutation { signOut }')}`, {
      headers: { cookie },
    });
    expect(signOut.status).toBe(405);
    expect((await post(null)).body).toContain(EMAIL);
  });
});

describe('security: GraphQL origins behind a proxy (the app in process)', () => {
  const apps = inProcessApps();
  afterAll(() => {
    apps.dispose();
  });

  const ask = (app: ReturnType<typeof apps.app>, query: string, headers: Record<string, string>): Promise<Response> =>
    Promise.resolve(
      app.request('/api/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ query }),
      }),
    );

  it('takes the host a trusted proxy forwards (X-Forwarded-Host) as its own, and only behind TRUST_PROXY', async () => {
    const headers = {
      host: '127.0.0.1:8080',
      'x-forwarded-host': 'vigil.example.com',
      origin: 'https://vigil.example.com',
    };
    expect((await ask(apps.app({ TRUST_PROXY: '1' }), '{ serverTime }', headers)).status).toBe(200);
    expect((await ask(apps.app(), '{ serverTime }', headers)).status).toBe(403);
    // A forged forwarded host is still someone else's origin.
    const forged = { ...headers, origin: 'https://evil.example' };
    expect((await ask(apps.app({ TRUST_PROXY: '1' }), '{ serverTime }', forged)).status).toBe(403);
  });

  it("takes PUBLIC_URL's origin as its own", async () => {
    const app = apps.app({ PUBLIC_URL: 'https://vigil.example.com/' });
    const headers = { host: '127.0.0.1:8080', origin: 'https://vigil.example.com' };
    expect((await ask(app, '{ serverTime }', headers)).status).toBe(200);
    expect((await ask(app, '{ serverTime }', { ...headers, origin: 'https://app.vigil.example.com' })).status).toBe(
      403,
    );
  });
});

describe('security: GraphQL introspection is off in production', () => {
  // A real server: in process, vitest loads a second copy of graphql beside yoga's, and a
  // validation rule from one copy cannot run in the other.
  let production: TestServer;
  beforeAll(async () => {
    production = await startServer({ env: { NODE_ENV: 'production' }, timeoutMs: SERVER_START_TIMEOUT_MS });
  });
  afterAll(async () => {
    await production?.dispose();
  });

  const ask = (server: TestServer, query: string): Promise<RawResponse> =>
    rawRequest(`${server.url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });

  it('refuses a schema query with 400 and no data, while ordinary queries run', async () => {
    const res = await ask(production, '{ __schema { queryType { name } } }');
    expect(res.status).toBe(400);
    const body = JSON.parse(res.body) as { data?: unknown; errors: { message: string }[] };
    expect(body.data).toBeUndefined();
    expect(body.errors[0]!.message).toMatch(/introspection has been disabled/);
    const typeQuery = await ask(production, '{ __type(name: "Query") { name } }');
    expect(typeQuery.status).toBe(400);
    expect((await ask(production, '{ serverTime }')).status).toBe(200);
  });
});
