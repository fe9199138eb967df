import { afterEach, describe, expect, it } from 'vitest';
import { freshPostgres, runnableImplementations } from '../postgres/test-database.test-util.js';
import { PostgresDatabase } from '../postgres/unit-of-work.js';
import type { NewSession } from '../sessions/types.js';
import { PostgresAccountStore } from './postgres.js';
import type { NewCode } from './types.js';

/*
 * Accounts on PostgreSQL with two instances (issue 43), each a pool of its own over one database:
 * the races the contract runs within one process, run across two.
 */

const drops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const drop of drops.splice(0)) await drop();
});

const suites = await runnableImplementations('PostgresAccountStore over two pools', [['postgres'] as const]);

const session = (id: string, userId: string): NewSession => ({
  id,
  userId,
  tokenHash: `hash-${id}`,
  now: 1000,
  expiresAt: 100_000,
  ip: null,
  userAgent: null,
  singleOrg: null,
  multiFactorExp: null,
});

async function twoInstances(): Promise<PostgresAccountStore[]> {
  const database = await freshPostgres();
  drops.push(database.drop);
  return [0, 1].map(() => new PostgresAccountStore(new PostgresDatabase(database.open(5))));
}

// Skipped (its reason printed) where PostgreSQL is not running: a file without a suite would fail.
describe.skipIf(suites.length === 0)('PostgresAccountStore over two pools (postgres)', () => {
  it('lets one of two instances signing up one email at once have it; the other writes nothing', async () => {
    const stores = await twoInstances();
    const created = await Promise.all(
      stores.map((s, i) =>
        s.createUserWithSession(
          { id: `usr-${i}`, name: 'Dr A', email: 'a@example.com', passwordHash: 'pw', referredBy: null, now: 1000 },
          session(`ses-${i}`, `usr-${i}`),
          null,
        ),
      ),
    );
    expect(created.filter((u) => u !== null)).toHaveLength(1);
    const loser = created.findIndex((u) => u === null);
    expect(await stores[0]!.userById(`usr-${loser}`)).toBeNull();
    expect((await stores[1]!.userByEmail('a@example.com'))?.id).toBe(created.find((u) => u)!.id);
  });

  it('stores exactly the limit of codes sent from two instances at once', async () => {
    const stores = await twoInstances();
    await stores[0]!.createUserWithSession(
      { id: 'usr-a', name: 'Dr A', email: 'a@example.com', passwordHash: 'pw', referredBy: null, now: 1000 },
      session('ses-a', 'usr-a'),
      null,
    );
    const code = (n: number): NewCode => ({
      id: `code-${n}`,
      purpose: 'verifyEmail',
      userId: 'usr-a',
      // No session: no code voids another, so every stored one counts.
      sessionId: null,
      channel: 'email',
      to: 'a@example.com',
      codeHash: `hash-${n}`,
      now: 2000 + n,
      expiresAt: 90_000,
    });
    const issued = await Promise.all(
      Array.from({ length: 20 }, (_, n) => stores[n % 2]!.issueCode(code(n), { since: 0, max: 5 })),
    );
    expect(issued.filter(Boolean)).toHaveLength(5);
    expect(await stores[1]!.codesSentSince('usr-a', 0)).toBe(5);
  });

  it('uses a reset code once when two instances present it at once', async () => {
    const stores = await twoInstances();
    await stores[0]!.createUserWithSession(
      { id: 'usr-a', name: 'Dr A', email: 'a@example.com', passwordHash: 'pw', referredBy: null, now: 1000 },
      session('ses-a', 'usr-a'),
      null,
    );
    await stores[0]!.issueCode({
      id: 'reset-1',
      purpose: 'resetPassword',
      userId: 'usr-a',
      sessionId: null,
      channel: 'email',
      to: 'a@example.com',
      codeHash: 'reset-hash',
      now: 1000,
      expiresAt: 90_000,
    });
    const used = await Promise.all(stores.map((s, i) => s.resetPassword('reset-hash', `new-pw-${i}`, 2000)));
    expect(used.filter((u) => u === 'usr-a')).toHaveLength(1);
    const winner = used.findIndex((u) => u !== null);
    expect((await stores[0]!.userById('usr-a'))?.password_hash).toBe(`new-pw-${winner}`);
  });
});
