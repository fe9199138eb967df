import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { normalizeSmsNumber } from './accounts.js';
import { createBotCheck } from './bot-check.js';
import { isCommonPassword } from './passwords.js';
import { clearCookie, identityCookie, readCookie, tokenCookie } from './sessions.js';
import { loadAuthSettings } from './settings.js';
import { newNumericCode, newSessionToken, sha256 } from './tokens.js';
import { forwardedFor } from '../routes/request.js';

describe('cookies', () => {
  it('reads one cookie among several, decoding it', () => {
    expect(readCookie('a=1; dev-tok=abc; vigil-uid=usr%2D1', 'dev-tok')).toBe('abc');
    expect(readCookie('a=1; vigil-uid=usr%2D1', 'vigil-uid')).toBe('usr-1');
    expect(readCookie('xdev-tok=abc', 'dev-tok')).toBeNull();
    expect(readCookie(null, 'dev-tok')).toBeNull();
  });

  it('builds the token cookie HttpOnly, SameSite=Lax, Path=/, 180 days, Secure only when asked', () => {
    expect(tokenCookie('tok', 'T', { secure: true })).toBe(
      'tok=T; Path=/; Max-Age=15552000; HttpOnly; SameSite=Lax; Secure',
    );
    expect(tokenCookie('dev-tok', 'T', { secure: false })).not.toContain('Secure');
    expect(identityCookie('usr-1', { secure: false })).not.toContain('HttpOnly');
    expect(clearCookie('tok', { secure: false, httpOnly: true })).toContain('Max-Age=0');
  });

  it('names the cookie tok in production and dev-tok otherwise (spec 000 §7)', () => {
    expect(loadAuthSettings('production', {}).cookieName).toBe('tok');
    expect(loadAuthSettings('development', {}).cookieName).toBe('dev-tok');
    expect(loadAuthSettings('test', {}).cookieName).toBe('dev-tok');
  });

  it('honours the test clock offset only when NODE_ENV=test', () => {
    expect(loadAuthSettings('test', { VIGIL_TEST_CLOCK_OFFSET_MS: '600000' }).clockOffsetMs).toBe(600_000);
    expect(loadAuthSettings('production', { VIGIL_TEST_CLOCK_OFFSET_MS: '600000' }).clockOffsetMs).toBe(0);
    expect(loadAuthSettings('development', { VIGIL_TEST_CLOCK_OFFSET_MS: '600000' }).clockOffsetMs).toBe(0);
  });
});

describe('tokens and codes', () => {
  it('makes 256-bit tokens that differ every time', () => {
    const a = newSessionToken();
    expect(Buffer.from(a, 'base64url')).toHaveLength(32);
    expect(newSessionToken()).not.toBe(a);
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('makes 6-digit codes, zero-padded', () => {
    for (let i = 0; i < 200; i += 1) expect(newNumericCode()).toMatch(/^\d{6}$/);
  });
});

describe('SMS numbers (spec 000 §5)', () => {
  it.each([
    ['4155552671', '+14155552671'],
    ['(416) 555-0123', '+14165550123'],
    ['+44 20 7946 0958', '+442079460958'],
    ['+61 2 9374 4000', '+61293744000'],
  ])('accepts %s as %s', (input, e164) => {
    expect(normalizeSmsNumber(input)).toBe(e164);
  });

  it.each(['+33 6 12 34 56 78', '+49 30 123456', '12345', 'not a number'])('refuses %s with INVALID_PHONE', (input) => {
    expect(() => normalizeSmsNumber(input)).toThrow(AppError);
    expect(() => normalizeSmsNumber(input)).toThrow('INVALID_PHONE');
  });
});

describe('common passwords', () => {
  it('refuses the bundled list whatever the case, and accepts a passphrase', () => {
    expect(isCommonPassword('Password1')).toBe(true);
    expect(isCommonPassword('QWERTYUIOP')).toBe(true);
    expect(isCommonPassword('quiet lantern 42 river')).toBe(false);
  });
});

describe('bot check', () => {
  it('accepts a solved challenge once, and refuses tampering and absence', async () => {
    const check = createBotCheck(true, Date.now);
    const challenge = await check.challenge();
    const solution = (await solveChallenge({ challenge, deriveKey }))!;
    const token = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    const tampered = Buffer.from(
      JSON.stringify({ challenge, solution: { ...solution, derivedKey: '00'.repeat(32) } }),
    ).toString('base64');
    expect(await check.verify(tampered)).toBe(false);
    expect(await check.verify(token)).toBe(true);
    expect(await check.verify(token)).toBe(false);
    expect(await check.verify(null)).toBe(false);
    expect(await check.verify('not base64 json')).toBe(false);
  });

  it('refuses a challenge signed by another server', async () => {
    const other = createBotCheck(true, Date.now);
    const challenge = await other.challenge();
    const solution = (await solveChallenge({ challenge, deriveKey }))!;
    const token = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    expect(await createBotCheck(true, Date.now).verify(token)).toBe(false);
  });

  it('lets everything through when turned off (BOT_CHECK=off)', async () => {
    expect(await createBotCheck(false, Date.now).verify(null)).toBe(true);
  });
});

describe('client address behind a trusted proxy', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['6.6.6.6, 203.0.113.9', '203.0.113.9'],
    [' 6.6.6.6 ,  ,198.51.100.2 ', '198.51.100.2'],
    ['', null],
    [undefined, null],
  ])('X-Forwarded-For %j gives %j (the hop the proxy appended, not what the client wrote)', (header, ip) => {
    expect(forwardedFor(header)).toBe(ip);
  });
});
