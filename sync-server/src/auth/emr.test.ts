import { describe, expect, it } from 'vitest';
import {
  EMR_LAUNCH,
  isAcceptableEmrPath,
  isAcceptableEmrReturnUrl,
  readEmrLaunch,
  signEmrLaunch,
  type EmrLaunchClaims,
} from './emr.js';

const SECRET = 'unit test secret that is long enough 0123456789';
const NOW = 1_800_000_000_000;
const base: EmrLaunchClaims = {
  orgId: 'acme',
  email: 'dr@example.com',
  iat: NOW,
  exp: NOW + 60_000,
  nonce: '0123456789abcdef',
};

describe('EMR launch tokens', () => {
  it('reads a well-signed, unexpired token', () => {
    expect(readEmrLaunch(SECRET, signEmrLaunch(SECRET, base), NOW + 1000)).toEqual(base);
  });

  it.each([
    ['expired', { exp: NOW - 1 }],
    ['issued in the future', { iat: NOW + 2 * 60_000, exp: NOW + 3 * 60_000 }],
    ['valid for longer than 5 minutes', { exp: NOW + EMR_LAUNCH.tokenMaxAgeMs + 1 }],
    ['with a short nonce', { nonce: 'short' }],
  ])('refuses a token %s', (_, change) => {
    expect(readEmrLaunch(SECRET, signEmrLaunch(SECRET, { ...base, ...change }), NOW)).toBeNull();
  });

  it('refuses another secret, a changed payload and garbage', () => {
    expect(readEmrLaunch(SECRET, signEmrLaunch(`${SECRET}x`, base), NOW)).toBeNull();
    const [, signature] = signEmrLaunch(SECRET, base).split('.');
    const changed = Buffer.from(JSON.stringify({ ...base, orgId: 'other' })).toString('base64url');
    expect(readEmrLaunch(SECRET, `${changed}.${signature}`, NOW)).toBeNull();
    expect(readEmrLaunch(SECRET, 'not-a-token', NOW)).toBeNull();
    expect(readEmrLaunch(SECRET, 'a.b.c', NOW)).toBeNull();
  });

  it('keeps the 30-minute session lifetime of an EMR session', () => {
    expect(EMR_LAUNCH.sessionLifetimeMs).toBe(30 * 60_000);
  });

  it.each([
    ['https://emr.example.com/chart/1', true],
    ['http://localhost:3000/emr', true],
    ['http://emr.example.com/', false],
    ['javascript:alert(1)', false],
    ['/relative', false],
    [undefined, false],
  ])("accepts %j as the 'Return to EMR' address: %s", (url, ok) => {
    expect(isAcceptableEmrReturnUrl(url)).toBe(ok);
  });

  it.each([
    ['/org/acme/cases/c1', true],
    ['/org/acme?month=2026-11#top', true],
    ['/\t/evil.example', false],
    ['/\n/evil.example', false],
    ['/org/acme\r\n', false],
    ['/\u0000x', false],
    ['/\u007f', false],
    ['/\u0085x', false],
    ['//evil.example', false],
    ['/\\evil.example', false],
    ['/\\/evil.example', false],
    ['/signin', false],
    ['https://evil.example/', false],
    ['org/acme', false],
    [undefined, false],
  ])('opens the launch path %j only when it stays on this origin with no control character: %s', (path, ok) => {
    expect(isAcceptableEmrPath(path)).toBe(ok);
  });

  it('refuses a Return to EMR address with a control character', () => {
    expect(isAcceptableEmrReturnUrl('https://emr.example.com/chart/1')).toBe(true);
    expect(isAcceptableEmrReturnUrl('https://emr.example.com/\tchart')).toBe(false);
    expect(isAcceptableEmrReturnUrl('java\tscript:alert(1)')).toBe(false);
  });
});
