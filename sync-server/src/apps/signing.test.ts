import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhook, newWebhookSecret } from './signing.js';

describe('Standard Webhooks signatures', () => {
  // The specification's example (standard-webhooks/standard-webhooks, libraries' test vectors).
  const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
  const id = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
  const ts = 1614265330;
  const body = '{"test": 2432232314}';

  it("signs the specification's example as it does", () => {
    expect(signWebhook(secret, id, ts, body)).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('verifies a signature among several, and refuses a changed body, an old timestamp or another secret', () => {
    const signature = `v1,bm90IGl0 ${signWebhook(secret, id, ts, body)}`;
    const headers = { id, timestamp: String(ts), signature };
    expect(verifyWebhook(secret, headers, body, ts + 10)).toBe(true);
    expect(verifyWebhook(secret, headers, '{"test": 1}', ts)).toBe(false);
    expect(verifyWebhook(secret, headers, body, ts + 301)).toBe(false);
    expect(verifyWebhook(newWebhookSecret(), headers, body, ts)).toBe(false);
    expect(verifyWebhook(secret, { ...headers, signature: null }, body, ts)).toBe(false);
  });
});
