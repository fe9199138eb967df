import { describe, expect, it } from 'vitest';
import { callerOf, callerSourceOf, type Caller } from '../access/caller.js';
import { openMemoryDatabase, type Db } from '../store/sqlite/database.js';
import type { OutgoingMessage } from '../mail/sender.js';
import { SqliteAccountStore } from '../store/accounts/sqlite.js';
import type { AccountStore } from '../store/accounts/types.js';
import { MemoryAttemptStore } from '../store/attempts/memory.js';
import type { AttemptStore } from '../store/attempts/types.js';
import { SqliteAuditStore } from '../store/audit/sqlite.js';
import type { AuditStore } from '../store/audit/types.js';
import { SqliteSessionStore } from '../store/sessions/sqlite.js';
import { addMembership, sqliteOrgWorld } from '../store/orgs/seed.test-util.js';
import { tamperWithAuditEmail } from '../store/sqlite/fixtures.js';
import { Accounts } from './accounts.js';
import { AuditLog, checkAuditChain, sealAuditChain } from './audit.js';
import { createBotCheck } from './bot-check.js';
import { AUTH_LIMITS } from './limits.js';
import { loadAuthSettings } from './settings.js';
import { RateLimiter } from './rate-limiter.js';
import { Sessions } from './sessions.js';

const META = { ip: '203.0.113.7', userAgent: 'unit test' };

function database(): Db {
  const db = openMemoryDatabase();
  return db;
}

/**
 * A repository whose every answer comes a tick later, as a database over the network does:
 * requests interleave between a limit's count and what it lets through unless the service
 * serialises them.
 */
function slow<T extends object>(store: T): T {
  return new Proxy(store, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) =>
        Promise.resolve((value as (...a: unknown[]) => unknown).apply(target, args)).then(
          (v) => new Promise((resolve) => setImmediate(() => resolve(v))),
        );
    },
  });
}

function accountsOver(
  db: Db,
  audit: AuditStore = new SqliteAuditStore(db),
  store: AccountStore = new SqliteAccountStore(db),
  limiter?: RateLimiter,
): { accounts: Accounts; sent: OutgoingMessage[] } {
  const sent: OutgoingMessage[] = [];
  const now = Date.now;
  const sessions = new Sessions(new SqliteSessionStore(db), 'dev-tok', now);
  const accounts = new Accounts({
    store,
    sessions,
    audit: new AuditLog(audit),
    settings: { ...loadAuthSettings('test', {}), botCheck: false },
    now,
    sender: {
      send: (m) => {
        sent.push(m);
        return Promise.resolve();
      },
    },
    botCheck: createBotCheck(false, now),
    limiter,
  });
  return { accounts, sent };
}

const codes = (errors: PromiseSettledResult<unknown>[]): string[] =>
  errors.map((r) => (r.status === 'rejected' ? (r.reason as Error).message : 'ok')).sort();

describe('the accounts service over async repositories', () => {
  it('lets no more failed sign-ins through than the limit when the audit counts answer late (issue 24 item 4)', async () => {
    const db = database();
    const audit = new SqliteAuditStore(db);
    const email = 'guess@example.com';
    // 97 failures already recorded this hour: room for 3 more.
    for (let i = 0; i < AUTH_LIMITS.signInFailuresPerAccount - 3; i += 1) {
      await audit.append({
        at: Date.now() - 1000,
        userId: null,
        email,
        action: 'signInFailed',
        outcome: 'failure',
        ip: `198.51.100.${i % 200}`,
        userAgent: null,
        detail: null,
      });
    }
    const { accounts } = accountsOver(db, slow(audit));
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, () => accounts.signIn({ email, password: 'wrong guess', botToken: null }, META, null)),
    );
    expect(codes(results)).toEqual([
      ...Array<string>(3).fill('INVALID_LOGIN_CREDENTIALS'),
      ...Array<string>(9).fill('TOO_MANY_REQUESTS'),
    ]);
    expect(await audit.count('signInFailed', 0, { email })).toBe(AUTH_LIMITS.signInFailuresPerAccount);
  });

  it("gives an attempt's place back before it answers: one guesser's 100 failures in a row are all counted once (issue 43)", async () => {
    const db = database();
    const audit = new SqliteAuditStore(db);
    // A store whose places are given back a few milliseconds after they are asked back, as a
    // DELETE on another pooled connection of PostgreSQL is: a place still held when the next
    // attempt is counted beside its recorded failure counts that failure twice.
    const places = new MemoryAttemptStore(audit);
    const late: AttemptStore = {
      reserve: (request) => places.reserve(request),
      held: (key, now) => places.held(key, now),
      release: (p) => new Promise<void>((resolve) => setTimeout(resolve, 5)).then(() => places.release(p)),
    };
    const { accounts } = accountsOver(db, audit, undefined, new RateLimiter(late));
    const email = 'one-guesser@example.com';
    const answers: string[] = [];
    for (let i = 0; i <= AUTH_LIMITS.signInFailuresPerAccount; i += 1) {
      const [result] = await Promise.allSettled([
        accounts.signIn({ email, password: `guess ${i}`, botToken: null }, META, null),
      ]);
      answers.push(...codes([result]));
    }
    expect(answers).toEqual([
      ...Array<string>(AUTH_LIMITS.signInFailuresPerAccount).fill('INVALID_LOGIN_CREDENTIALS'),
      'TOO_MANY_REQUESTS',
    ]);
    expect(await places.held(`signInFailed:email:${email}`, Date.now())).toBe(0);
  });

  it('sends no more codes than the hourly limit to parallel requests when counts answer late', async () => {
    const db = database();
    const { accounts, sent } = accountsOver(db, slow(new SqliteAuditStore(db)), slow(new SqliteAccountStore(db)));
    const signedUp = await accounts.signUp(
      {
        name: 'Dr Code',
        email: 'code@example.com',
        password: 'quiet lantern 42 river',
        referredBy: null,
        botToken: null,
      },
      META,
      null,
    );
    const current = { user: signedUp.user, session: signedUp.session };
    const results = await Promise.allSettled(
      Array.from({ length: AUTH_LIMITS.codesSentPerAccount + 6 }, () =>
        accounts.sendMfaVerification(current, { to: 'code@example.com', channel: 'email', sudo: false }, META),
      ),
    );
    expect(codes(results).filter((c) => c === 'TOO_MANY_REQUESTS')).toHaveLength(6);
    expect(sent).toHaveLength(AUTH_LIMITS.codesSentPerAccount);
  });

  it('counts parallel wrong codes one after another: the sixth try at a code is refused even when right', async () => {
    const db = database();
    const { accounts, sent } = accountsOver(db, slow(new SqliteAuditStore(db)), slow(new SqliteAccountStore(db)));
    const signedUp = await accounts.signUp(
      {
        name: 'Dr Tries',
        email: 'tries@example.com',
        password: 'quiet lantern 42 river',
        referredBy: null,
        botToken: null,
      },
      META,
      null,
    );
    const current = { user: signedUp.user, session: signedUp.session };
    await accounts.sendMfaVerification(current, { to: 'tries@example.com', channel: 'email', sudo: false }, META);
    const right = /code is (\d{6})/.exec(sent[0]!.body)![1]!;
    const wrong = right === '000000' ? '111111' : '000000';
    const input = { to: 'tries@example.com', channel: 'email' as const, sudo: false };
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => accounts.verifyMfaCode(current, { ...input, code: wrong }, META)),
    );
    // 5 wrong tries close the code; the 3 after find no open code.
    expect(codes(results)).toEqual([
      ...Array<string>(3).fill('CODE_EXPIRED'),
      ...Array<string>(5).fill('CODE_MISMATCH'),
    ]);
    await expect(accounts.verifyMfaCode(current, { ...input, code: right }, META)).rejects.toThrow('CODE_EXPIRED');
  });

  it('finds the session of a request by cookie or token, with its memberships, and only its organisation for an EMR session', async () => {
    const db = database();
    const { accounts } = accountsOver(db);
    const { user, token } = await accounts.signUp(
      {
        name: 'Dr Orgs',
        email: 'orgs@example.com',
        password: 'quiet lantern 42 river',
        referredBy: null,
        botToken: null,
      },
      META,
      null,
    );
    const world = sqliteOrgWorld(db);
    for (const org of ['acme', 'beta']) {
      await addMembership(world, { id: org, fhirId: `fhir-${org}`, name: org, type: 'regular' }, user.id, ['member']);
    }
    // Every transport builds its Caller this way (access/caller.ts callerOf).
    const callerFor = async (t: string): Promise<Caller> =>
      callerOf(callerSourceOf(accounts), await accounts.current(t), { ip: null, userAgent: null, transport: 'http' });
    const caller = await callerFor(token);
    expect(caller).toMatchObject({ user: { id: user.id }, singleOrg: null, subject: { multiFactorValid: false } });
    expect(caller.subject.orgs.map((o) => o.id)).toEqual(['acme', 'beta']);
    const emr = await accounts.sessions.start(
      user.id,
      Date.now(),
      { id: 'ses-emr', ...META },
      {
        singleOrg: 'beta',
        lifetimeMs: 60_000,
        multiFactorExpiresAt: Date.now() + 120_000,
      },
    );
    const launched = await callerFor(emr.token);
    expect(launched).toMatchObject({ singleOrg: 'beta', subject: { multiFactorValid: true } });
    expect(launched.subject.orgs.map((o) => o.id)).toEqual(['beta']);
    // Multi-factor never outlives the session.
    expect(emr.row.multi_factor_exp).toBe(emr.row.expires_at);
    await accounts.signOut({ user, session: emr.row }, META);
    expect((await callerFor(emr.token)).user).toBeNull();
  });

  it('seals the audit trail into a chain the check accepts, and names the record changed after sealing', async () => {
    const db = database();
    const store = new SqliteAuditStore(db);
    const audit = new AuditLog(store);
    await audit.record(1000, META, { action: 'signIn', outcome: 'success', email: 'a@example.com' });
    await audit.record(2000, META, { action: 'signOut', outcome: 'success', userId: 'usr-a', detail: { k: 1 } });
    expect(await sealAuditChain(store, 3000)).toBe(2);
    const intact = await checkAuditChain(store);
    expect(intact).toMatchObject({ ok: true, links: 2, unsealed: 0, problems: [] });
    expect(intact.head).toMatch(/^[0-9a-f]{64}$/);
    await audit.record(4000, META, { action: 'signIn', outcome: 'success', email: 'b@example.com' });
    expect((await checkAuditChain(store)).unsealed).toBe(1);
    tamperWithAuditEmail(db, 1, 'x@example.com');
    const broken = await checkAuditChain(store);
    expect(broken.ok).toBe(false);
    expect(broken.problems).toEqual(['link 1 (audit_events row 1): the audit record was changed after it was sealed']);
  });
});
