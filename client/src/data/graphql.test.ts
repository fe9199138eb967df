import { afterEach, describe, expect, it, vi } from 'vitest';
import { fhirClient } from './fhir.js';
import { errorCodeForStatus, graphql } from './graphql.js';

describe('fetch wrapper status mapping (spec 002 §8)', () => {
  it.each([
    [404, '', 'NOT_FOUND'],
    [401, '', 'NO_AUTHENTICATION'],
    [403, 'SUDO_REQUIRED', 'SUDO_REQUIRED'],
    [403, 'Forbidden', 'NOT_AUTHORIZED'],
    [409, '', 'CONFLICT'],
    [400, '', 'REQUEST_ERROR_400'],
    [500, '', 'REQUEST_ERROR_500'],
    [503, '', 'REQUEST_ERROR_503'],
  ])('%i %s → %s', (status, body, code) => {
    expect(errorCodeForStatus(status, body)).toBe(code);
  });
});

describe('requests when the browser knows it is offline', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('fail as a failed fetch would (NETWORK_ERROR), without sending anything', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal('navigator', { onLine: false });
    vi.stubGlobal('fetch', (...args: unknown[]) => {
      sent.push(args);
      return Promise.reject(new TypeError('network down'));
    });
    await expect(graphql('{ me { id } }')).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    await expect(fhirClient('org-1').read('Patient', 'p1')).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    expect(sent).toEqual([]);
  });

  it('are sent when the browser says it is online', async () => {
    const sent: string[] = [];
    vi.stubGlobal('navigator', { onLine: true });
    // The build defines the app's version; the unit tests have no build.
    vi.stubGlobal('__APP_VERSION__', 'test');
    vi.stubGlobal('fetch', (url: string) => {
      sent.push(url);
      return Promise.resolve(new Response(JSON.stringify({ data: { me: null } }), { status: 200 }));
    });
    await expect(graphql('{ me { id } }')).resolves.toEqual({ me: null });
    expect(sent).toEqual(['/api/graphql']);
  });
});
