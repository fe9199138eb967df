import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutgoingMessage } from '../mail/sender.js';
import { SqliteAccountStore } from '../store/accounts/sqlite.js';
import { SqliteAttemptStore } from '../store/attempts/sqlite.js';
import { SqliteAuditStore } from '../store/audit/sqlite.js';
import { SqliteSessionStore } from '../store/sessions/sqlite.js';
import { openDatabase } from '../store/sqlite/database.js';
import { Accounts, type Current } from './accounts.js';
import { AuditLog } from './audit.js';
import { createBotCheck } from './bot-check.js';
import { AUTH_LIMITS } from './limits.js';
import { RateLimiter } from './rate-limiter.js';
import { loadAuthSettings } from './settings.js';
import { Sessions } from './sessions.js';

/*
 * Issue 36 item 1: a one-time code's wrong-try count and its single use are the store's atomic
 * steps, not a queue of one process. Each "process" here is an accounts service over its own
 * connection to one SQLite file; their tries at one code interleave.
 */

const NOW = Date.UTC(2026, 10, 28, 12, 0);
const now = (): number => NOW;
const META = { ip: '203.0.113.7', userAgent: 'unit test' };
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

interface Process {
  accounts: Accounts;
  sent: OutgoingMessage[];
}

function processes(count: number): Process[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'vigil-codes-'));
  const opened = Array.from({ length: count }, () => openDatabase(dir).db);
  cleanups.push(() => {
    for (const db of opened) db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return opened.map((db) => {
    const sent: OutgoingMessage[] = [];
    const accounts = new Accounts({
      store: new SqliteAccountStore(db),
      sessions: new Sessions(new SqliteSessionStore(db), 'dev-tok', now),
      audit: new AuditLog(new SqliteAuditStore(db)),
      settings: { ...loadAuthSettings('test', {}), botCheck: false },
      now,
      sender: {
        send: (m) => {
          sent.push(m);
          return Promise.resolve();
        },
      },
      botCheck: createBotCheck(false, now),
      limiter: new RateLimiter(new SqliteAttemptStore(db), now),
    });
    return { accounts, sent };
  });
}

const input = { to: 'tries@example.com', channel: 'email' as const, sudo: false };

/** A user signed up through the first process, with an MFA code sent: the code and a wrong one. */
async function withCode(first: Process): Promise<{ current: Current; right: string; wrong: string }> {
  const signedUp = await first.accounts.signUp(
    { name: 'Dr Tries', email: input.to, password: 'quiet lantern 42 river', referredBy: null, botToken: null },
    META,
    null,
  );
  const current = { user: signedUp.user, session: signedUp.session };
  await first.accounts.sendMfaVerification(current, input, META);
  const right = /code is (\d{6})/.exec(first.sent.at(-1)!.body)![1]!;
  return { current, right, wrong: right === '000000' ? '111111' : '000000' };
}

/** The outcome of each try: 'ok' or the refusal's code, sorted. */
async function outcomes(tries: Promise<unknown>[]): Promise<string[]> {
  const settled = await Promise.allSettled(tries);
  return settled.map((r) => (r.status === 'rejected' ? (r.reason as Error).message : 'ok')).sort();
}

describe('one-time codes across processes (issue 36 item 1)', () => {
  it('lets four parallel wrong tries over two processes leave the code usable', async () => {
    const [a, b] = processes(2);
    const { current, right, wrong } = await withCode(a!);
    const tries = Array.from({ length: AUTH_LIMITS.codeMaxAttempts - 1 }, (_, i) =>
      (i % 2 === 0 ? a! : b!).accounts.verifyMfaCode(current, { ...input, code: wrong }, META),
    );
    expect(await outcomes(tries)).toEqual(Array<string>(4).fill('CODE_MISMATCH'));
    await expect(b!.accounts.verifyMfaCode(current, { ...input, code: right }, META)).resolves.toMatchObject({
      user: { id: current.user.id },
    });
  });

  it('voids the code after exactly five wrong tries made in parallel over two processes', async () => {
    const [a, b] = processes(2);
    const { current, right, wrong } = await withCode(a!);
    const tries = Array.from({ length: AUTH_LIMITS.codeMaxAttempts }, (_, i) =>
      (i % 2 === 0 ? a! : b!).accounts.verifyMfaCode(current, { ...input, code: wrong }, META),
    );
    expect(await outcomes(tries)).toEqual(Array<string>(5).fill('CODE_MISMATCH'));
    // The sixth try is refused even when right, in either process.
    await expect(b!.accounts.verifyMfaCode(current, { ...input, code: right }, META)).rejects.toThrow('CODE_EXPIRED');
    await expect(a!.accounts.verifyMfaCode(current, { ...input, code: right }, META)).rejects.toThrow('CODE_EXPIRED');
  });

  it('counts eight parallel wrong tries over two processes as five mismatches and three at a void code', async () => {
    const [a, b] = processes(2);
    const { current, wrong } = await withCode(a!);
    const tries = Array.from({ length: 8 }, (_, i) =>
      (i % 2 === 0 ? a! : b!).accounts.verifyMfaCode(current, { ...input, code: wrong }, META),
    );
    expect(await outcomes(tries)).toEqual([
      ...Array<string>(3).fill('CODE_EXPIRED'),
      ...Array<string>(5).fill('CODE_MISMATCH'),
    ]);
  });

  it('accepts a right code used twice in parallel by two processes once', async () => {
    const [a, b] = processes(2);
    const { current, right } = await withCode(a!);
    const tries = [a!, b!].map((p) => p.accounts.verifyMfaCode(current, { ...input, code: right }, META));
    expect(await outcomes(tries)).toEqual(['CODE_EXPIRED', 'ok']);
  });

  it('sends no more codes than the hourly limit when parallel requests arrive over three processes', async () => {
    const all = processes(3);
    const signedUp = await all[0]!.accounts.signUp(
      { name: 'Dr Sends', email: input.to, password: 'quiet lantern 42 river', referredBy: null, botToken: null },
      META,
      null,
    );
    const current = { user: signedUp.user, session: signedUp.session };
    const sends = Array.from({ length: AUTH_LIMITS.codesSentPerAccount + 7 }, (_, i) =>
      all[i % 3]!.accounts.sendMfaVerification(current, input, META),
    );
    expect((await outcomes(sends)).filter((o) => o === 'TOO_MANY_REQUESTS')).toHaveLength(7);
    const sent = all.map((p) => p.sent.length);
    expect(sent.reduce((n, m) => n + m)).toBe(AUTH_LIMITS.codesSentPerAccount);
    // Every process sent some: the count was shared, not split.
    expect(sent.every((n) => n > 0)).toBe(true);
  });
});
