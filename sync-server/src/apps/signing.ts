import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * Standard Webhooks (https://www.standardwebhooks.com, spec v1), implemented here on node:crypto:
 * the `standardwebhooks` package would add two dependencies for these twenty lines (decision,
 * session 28). A message is signed as HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{body}`
 * with the secret's bytes (base64 after `whsec_`), sent as `webhook-signature: v1,{base64}`; the
 * timestamp is whole seconds. signing.test.ts checks the specification's own example.
 */

/** The secret prefix the specification uses. */
export const SECRET_PREFIX = 'whsec_';

/** A new signing secret: 32 random bytes (the specification asks for 24 to 64). */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

function secretBytes(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
}

/** The `v1,…` signature of a message. */
export function signWebhook(secret: string, msgId: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', secretBytes(secret)).update(`${msgId}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The three headers of a delivery. */
export function webhookHeaders(
  secret: string,
  msgId: string,
  timestampSeconds: number,
  body: string,
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  return {
    'webhook-id': msgId,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': signWebhook(secret, msgId, timestampSeconds, body),
  };
}

/** How far a receiver's clock may be from the timestamp (the specification's suggested 5 minutes). */
export const TIMESTAMP_TOLERANCE_S = 5 * 60;

/**
 * A receiver's check, as the specification describes it: one of the space-separated `v1,`
 * signatures matches (compared in constant time) and the timestamp is within the tolerance of
 * `nowSeconds`. For tests and for receivers written in TypeScript.
 */
export function verifyWebhook(
  secret: string,
  headers: { id: string | null; timestamp: string | null; signature: string | null },
  body: string,
  nowSeconds: number,
): boolean {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > TIMESTAMP_TOLERANCE_S) return false;
  const expected = Buffer.from(signWebhook(secret, id, Number(timestamp), body).slice(3), 'base64');
  return signature.split(' ').some((s) => {
    const [version, mac] = s.split(',', 2);
    if (version !== 'v1' || !mac) return false;
    const given = Buffer.from(mac, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
