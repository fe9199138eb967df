import { afterEach, describe, expect, it, vi } from 'vitest';
import { catalogueRefusal, fhirClient, FhirRequestError } from './fhir.js';
import { errorCodeForStatus, graphql, RequestError } from './graphql.js';

describe('fetch wrapper status mapping (spec 002 §8)', () => {
  it.each([
    [404, '', 'NOT_FOUND'],
    [401, '', 'NO_AUTHENTICATION'],
    [403, 'SUDO_REQUIRED', 'SUDO_REQUIRED'],
    [403, 'Forbidden', 'NOT_AUTHORIZED'],
    [403, '{"error":"FEATURE_DISABLED"}', 'FEATURE_DISABLED'],
    [403, '{"resourceType":"OperationOutcome","issue":[{"details":{"text":"PLAN_REQUIRED"}}]}', 'PLAN_REQUIRED'],
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

describe('the catalogue text of a refusal (issue 37)', () => {
  it("reads a FHIR refusal's catalogue code as its sentence, and keeps the server's own sentence", () => {
    const bare = new FhirRequestError('FEATURE_DISABLED', 403, {
      resourceType: 'OperationOutcome',
      issue: [{ severity: 'error', code: 'forbidden', details: { text: 'FEATURE_DISABLED' } }],
    });
    expect(catalogueRefusal(bare)).toBe('This is not turned on for this organization.');
    const worded = new FhirRequestError('SEDATION_LEVEL_NOT_ALLOWED', 403, {
      resourceType: 'OperationOutcome',
      issue: [
        {
          severity: 'error',
          code: 'forbidden',
          details: { text: 'SEDATION_LEVEL_NOT_ALLOWED' },
          diagnostics: 'Sedation level "GA" is not allowed by your organization\'s subscription (up to Moderate).',
        },
      ],
    });
    expect(catalogueRefusal(worded)).toBeNull();
    expect(catalogueRefusal(new RequestError('PLAN_REQUIRED'))).toContain("not included in your organization's plan");
    expect(catalogueRefusal(new Error('boom'))).toBeNull();
  });
});
