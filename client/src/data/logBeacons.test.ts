// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from './graphql.js';
import { logBeacon, resetLogBeacons } from './logBeacons.js';

beforeAll(() => vi.stubGlobal('__APP_VERSION__', '1.2.3'));

let sent: Record<string, unknown>[] = [];

beforeEach(() => {
  sent = [];
  resetLogBeacons();
  window.history.pushState({}, '', '/org/dental/patients/pat-9?tab=x');
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init: RequestInit) => {
      sent.push((JSON.parse(init.body as string) as { variables: Record<string, unknown> }).variables);
      return Promise.resolve(new Response(JSON.stringify({ data: { logBeacon: true } }), { status: 200 }));
    }),
  );
});
afterEach(() => vi.restoreAllMocks());

const NOW = 1_000_000;

describe('log beacons (spec 000 §7, CL1)', () => {
  it('sends an error at level 50 with its class, place and the address without ids, never its message', async () => {
    const err = new TypeError('Ana Lopez has no weight');
    err.stack = 'TypeError: Ana Lopez has no weight\n    at f (https://vigil.test/assets/index-3f2a.js:1:2345)';
    logBeacon('error', 'error', err, NOW);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      level: 50,
      kind: 'error',
      errorName: 'TypeError',
      code: null,
      where: 'index-3f2a.js:1:2345',
      route: '/org/dental/patients/:id',
      appVersion: '1.2.3',
      orgId: 'dental',
    });
    expect(JSON.stringify(sent)).not.toContain('Ana');
  });

  it('keeps a request’s code, sends fatal at 60, and nothing below info', async () => {
    logBeacon('debug', 'note', new Error('x'), NOW);
    logBeacon('trace', 'note', new Error('x'), NOW);
    logBeacon('warn', 'unhandledrejection', new RequestError('NETWORK_ERROR'), NOW);
    logBeacon('fatal', 'render', new RangeError('r'), NOW);
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent.map((v) => [v.level, v.kind, v.errorName, v.code])).toEqual([
      [40, 'unhandledrejection', 'RequestError', 'NETWORK_ERROR'],
      [60, 'render', 'RangeError', null],
    ]);
  });

  it('sends one per distinct error a minute and at most 10 a minute from a page', async () => {
    for (let i = 0; i < 3; i++) logBeacon('error', 'error', new TypeError('same'), NOW + i);
    for (let i = 0; i < 20; i++) logBeacon('error', 'note', new Error(`e${i}`), NOW + i);
    await new Promise((r) => setTimeout(r, 20));
    // The three TypeErrors are one beacon; the notes differ only in text, so they are one too.
    expect(sent).toHaveLength(2);
    for (let i = 0; i < 20; i++) {
      const e = new Error('x');
      e.stack = `Error: x\n    at f (https://vigil.test/a.js:${i + 1}:1)`;
      logBeacon('error', 'error', e, NOW + 100 + i);
    }
    await new Promise((r) => setTimeout(r, 20));
    expect(sent).toHaveLength(10);
  });

  it('sends nothing offline and queues nothing', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    logBeacon('error', 'error', new TypeError('x'), NOW);
    vi.restoreAllMocks();
    await new Promise((r) => setTimeout(r, 20));
    expect(sent).toEqual([]);
  });
});
