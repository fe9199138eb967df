import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readAssertion } from './app-tokens.js';

const URL = 'https://vigil.example/api/oauth/office/token';
const NOW = 1_700_000_000_000;

/** A compact JWS signed as a SMART Backend Services client would (ES384 in IEEE P1363 form). */
function jwt(key: KeyObject, alg: 'ES384' | 'RS384', kid: string, claims: Record<string, unknown>): string {
  const enc = (v: unknown): string => Buffer.from(JSON.stringify(v)).toString('base64url');
  const data = `${enc({ alg, kid, typ: 'JWT' })}.${enc(claims)}`;
  const sig = sign('sha384', Buffer.from(data), alg === 'ES384' ? { key, dsaEncoding: 'ieee-p1363' } : key);
  return `${data}.${sig.toString('base64url')}`;
}

const ec = generateKeyPairSync('ec', { namedCurve: 'P-384' });
const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
const app = {
  clientId: 'vci_1',
  jwks: JSON.stringify({
    keys: [
      { ...ec.publicKey.export({ format: 'jwk' }), kid: 'ec-1' },
      { ...rsa.publicKey.export({ format: 'jwk' }), kid: 'rsa-1' },
    ],
  }),
};
const claims = { iss: 'vci_1', sub: 'vci_1', aud: URL, exp: NOW / 1000 + 240, jti: 'j-1' };

describe('SMART Backend Services client assertions', () => {
  it('accepts ES384 and RS384 assertions signed by a key of the app', () => {
    expect(readAssertion(jwt(ec.privateKey, 'ES384', 'ec-1', claims), app, URL, NOW)).toEqual({
      jti: 'j-1',
      exp: NOW + 240_000,
    });
    expect(readAssertion(jwt(rsa.privateKey, 'RS384', 'rsa-1', claims), app, URL, NOW)).toMatchObject({ jti: 'j-1' });
  });

  it.each([
    ['another key', jwt(generateKeyPairSync('ec', { namedCurve: 'P-384' }).privateKey, 'ES384', 'ec-1', claims)],
    ['an unknown kid', jwt(ec.privateKey, 'ES384', 'ec-9', claims)],
    ['another client', jwt(ec.privateKey, 'ES384', 'ec-1', { ...claims, iss: 'vci_2', sub: 'vci_2' })],
    ['another audience', jwt(ec.privateKey, 'ES384', 'ec-1', { ...claims, aud: 'https://elsewhere/token' })],
    ['an expired one', jwt(ec.privateKey, 'ES384', 'ec-1', { ...claims, exp: NOW / 1000 - 1 })],
    ['one valid too long', jwt(ec.privateKey, 'ES384', 'ec-1', { ...claims, exp: NOW / 1000 + 301 })],
    ['one without jti', jwt(ec.privateKey, 'ES384', 'ec-1', { ...claims, jti: undefined })],
    ['not a JWT', 'abc'],
  ])('refuses %s', (_what, assertion) => {
    expect(readAssertion(assertion, app, URL, NOW)).toHaveProperty('refused');
  });

  it('refuses an app without a JWK Set', () => {
    expect(readAssertion(jwt(ec.privateKey, 'ES384', 'ec-1', claims), { ...app, jwks: null }, URL, NOW)).toHaveProperty(
      'refused',
    );
  });
});
