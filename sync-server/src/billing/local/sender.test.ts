import { describe, expect, it } from 'vitest';
import type { Logger } from '../../log.js';
import { MemoryLocalPaymentStore } from '../../store/payments-local/memory.js';
import { retryDelay, startEventSender } from './sender.js';

const NOW = Date.UTC(2026, 10, 28, 12);
const silent = { warn: () => undefined, error: () => undefined } as unknown as Logger;

describe('the local provider event sender (issue 37)', () => {
  it('posts each due event with its signature, marks a 2xx delivered and tries a failure again later', async () => {
    const store = new MemoryLocalPaymentStore();
    await store.queueEvent({ id: 'evt_a', created: NOW, body: '{"id":"evt_a"}' });
    await store.queueEvent({ id: 'evt_b', created: NOW, body: '{"id":"evt_b"}' });
    const posted: { url: string; signature: string | null; body: string }[] = [];
    const fetchStub = ((url: string, init: RequestInit) => {
      const headers = new Headers(init.headers);
      const body = init.body as string;
      posted.push({ url, signature: headers.get('stripe-signature'), body });
      return Promise.resolve(new Response(null, { status: body.includes('evt_a') ? 200 : 500 }));
    }) as typeof fetch;
    const sender = startEventSender({
      store,
      sign: (body, at) => `t=${at / 1000},sig(${body})`,
      tick: () => Promise.resolve(),
      url: 'http://127.0.0.1:1/api/billing/webhook',
      now: () => NOW,
      log: silent,
      fetch: fetchStub,
    });
    await sender.send();
    await sender.stop();
    expect(posted).toEqual([
      {
        url: 'http://127.0.0.1:1/api/billing/webhook',
        signature: `t=${NOW / 1000},sig({"id":"evt_a"})`,
        body: '{"id":"evt_a"}',
      },
      {
        url: 'http://127.0.0.1:1/api/billing/webhook',
        signature: `t=${NOW / 1000},sig({"id":"evt_b"})`,
        body: '{"id":"evt_b"}',
      },
    ]);
    // evt_a delivered; evt_b due again after the first retry delay, not before.
    expect((await store.dueEvents(NOW, 10)).map((e) => e.id)).toEqual([]);
    expect(await store.dueEvents(NOW + retryDelay(1), 10)).toEqual([
      { id: 'evt_b', body: '{"id":"evt_b"}', attempts: 1 },
    ]);
  });

  it('waits longer after each failed try, at most an hour', () => {
    expect([1, 2, 3, 4].map(retryDelay)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(retryDelay(30)).toBe(3_600_000);
  });
});
