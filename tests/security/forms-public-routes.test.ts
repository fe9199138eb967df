import { afterAll, describe, expect, it } from 'vitest';
import { inProcessApps } from './in-process.js';

/*
 * Issue 28: the patient's public form routes, called on the real app
 * in process. No session reaches a contract PDF; a token that is malformed and one that is well
 * formed but unknown are refused alike (no oracle); bodies are bounded and only JSON; nothing is
 * cached. (Every form, task and comment call × caller is in tests/integration/forms*, comments*.)
 */
describe('security: patient form routes and the form calls (issue 28)', () => {
  const apps = inProcessApps();
  const app = apps.app();
  afterAll(() => apps.dispose());

  const json = (body: unknown): RequestInit => ({
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

  it('refuses malformed and unknown tokens alike, with no-store', async () => {
    for (const token of ['short', 'A'.repeat(43), `${'B'.repeat(42)}!`, '..%2F..%2Fetc']) {
      for (const [path, init] of [
        [`/api/patient-forms/${token}`, undefined],
        [`/api/patient-forms/${token}/open`, json({ birthDate: '1990-01-01' })],
        [`/api/patient-forms/${token}/submit`, json({ accepted: true, values: {} })],
      ] as const) {
        const res = await app.request(path, init);
        if (res.status === 404 && res.headers.get('content-type')?.includes('json')) {
          const body = (await res.json()) as { error: string };
          expect(['LINK_NOT_FOUND', 'NOT_FOUND']).toContain(body.error);
        } else {
          expect(res.status, `${path}`).toBe(404);
        }
      }
    }
    const res = await app.request(`/api/patient-forms/${'C'.repeat(43)}`);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('bounds the submission body and reads JSON only', async () => {
    const token = 'D'.repeat(43);
    const big = await app.request(`/api/patient-forms/${token}/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(2_000_000) },
      body: 'x'.repeat(2_000_000),
    });
    expect(big.status).toBe(413);
    const form = await app.request(`/api/patient-forms/${token}/open`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'birthDate=1990-01-01',
    });
    expect([400, 404]).toContain(form.status);
  });

  it('serves no contract PDF without a session', async () => {
    for (const path of [
      '/api/contract/demo-dental/ctr-democonsent000',
      '/api/contract/x/y',
      '/api/contract/demo-dental/ctr-1?token=abc',
    ]) {
      expect((await app.request(path)).status, path).toBe(401);
    }
  });
});
