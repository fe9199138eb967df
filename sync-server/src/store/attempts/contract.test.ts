import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryAuditStore } from '../audit/memory.js';
import { PostgresAuditStore } from '../audit/postgres.js';
import { SqliteAuditStore } from '../audit/sqlite.js';
import type { AuditRecord, AuditStore } from '../audit/types.js';
import { MemoryDatabase } from '../memory/database.js';
import { freshPostgres, runnableImplementations } from '../postgres/test-database.test-util.js';
import { PostgresDatabase } from '../postgres/unit-of-work.js';
import { openDatabase } from '../sqlite/database.js';
import { redisRunnable, testRedis } from '../redis/test-redis.test-util.js';
import { MemoryAttemptStore } from './memory.js';
import { PostgresAttemptStore } from './postgres.js';
import { RedisAttemptStore } from './redis.js';
import { SqliteAttemptStore } from './sqlite.js';
import type { AttemptRequest, AttemptStore } from './types.js';

/**
 * Two attempt stores over one database (for SQLite two connections to one file, for PostgreSQL
 * two pools: two processes) and the audit trail they count.
 */
interface Fixture {
  a: AttemptStore;
  b: AttemptStore;
  audit: Pick<AuditStore, 'append' | 'count'>;
}

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** Every AttemptStore implementation; each must pass the same suite. */
const implementations: [string, () => Fixture | Promise<Fixture>][] = [
  [
    'memory',
    () => {
      const db = new MemoryDatabase();
      const audit = new MemoryAuditStore(db);
      // One process: both callers reach the one store of its memory database.
      const store = new MemoryAttemptStore(audit, db);
      return { a: store, b: store, audit };
    },
  ],
  [
    'sqlite',
    () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'vigil-attempts-'));
      const first = openDatabase(dir).db;
      const second = openDatabase(dir).db;
      cleanups.push(() => {
        first.close();
        second.close();
        rmSync(dir, { recursive: true, force: true });
      });
      return {
        a: new SqliteAttemptStore(first),
        b: new SqliteAttemptStore(second),
        audit: new SqliteAuditStore(first),
      };
    },
  ],
  [
    'postgres',
    async () => {
      const database = await freshPostgres();
      cleanups.push(database.drop);
      const first = new PostgresDatabase(database.open());
      const second = new PostgresDatabase(database.open());
      return {
        a: new PostgresAttemptStore(first),
        b: new PostgresAttemptStore(second),
        audit: new PostgresAuditStore(first),
      };
    },
  ],
  [
    'redis',
    () => {
      // Two instances' stores over one Redis, each with its own connection; the audit trail in memory.
      const redis = testRedis();
      cleanups.push(() => redis.close());
      const db = new MemoryDatabase();
      const audit = new MemoryAuditStore(db);
      return {
        a: new RedisAttemptStore(redis.connect(), audit, redis.prefix),
        b: new RedisAttemptStore(redis.connect(), audit, redis.prefix),
        audit,
      };
    },
  ],
];

const withRedis = await redisRunnable('AttemptStore contract');
const runnable = (await runnableImplementations('AttemptStore contract', implementations)).filter(
  ([name]) => withRedis || name !== 'redis',
);

const T0 = 10_000_000;
const failure = (email: string, at: number, ip: string | null = null): AuditRecord => ({
  at,
  userId: null,
  email,
  action: 'signInFailed',
  outcome: 'failure',
  ip,
  userAgent: null,
  detail: null,
});
const signIn = (email: string, perEmail: number, now = T0, ip?: { ip: string; limit: number }): AttemptRequest => ({
  action: 'signInFailed',
  since: now - 3_600_000,
  now,
  ttlMs: 60_000,
  limits: [
    { key: `signInFailed:email:${email}`, by: { email }, limit: perEmail },
    ...(ip ? [{ key: `signInFailed:ip:${ip.ip}`, by: { ip: ip.ip }, limit: ip.limit }] : []),
  ],
});

describe.each(runnable)('AttemptStore contract (%s)', (_, make) => {
  it('lets attempts through while held places stay below the limit, and again once one is released', async () => {
    const { a, b } = await make();
    const first = await a.reserve(signIn('x@vigil.test', 2));
    const second = await b.reserve(signIn('x@vigil.test', 2));
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(await a.reserve(signIn('x@vigil.test', 2))).toBeNull();
    expect(await a.held('signInFailed:email:x@vigil.test', T0)).toBe(2);
    // Another account has its own places.
    expect(await b.reserve(signIn('y@vigil.test', 2))).not.toBeNull();
    await b.release(first!);
    await b.release(first!);
    expect(await a.held('signInFailed:email:x@vigil.test', T0)).toBe(1);
    expect(await a.reserve(signIn('x@vigil.test', 2))).not.toBeNull();
  });

  it('counts the failures the audit trail recorded in the window with the places', async () => {
    const { a, audit } = await make();
    await audit.append(failure('x@vigil.test', T0 - 10));
    // Outside the window: not counted.
    await audit.append(failure('x@vigil.test', T0 - 3_600_000));
    const place = await a.reserve(signIn('x@vigil.test', 2));
    expect(place).not.toBeNull();
    expect(await a.reserve(signIn('x@vigil.test', 2))).toBeNull();
    // The attempt failed: its failure is recorded, then its place given back; the limit still counts it.
    await audit.append(failure('x@vigil.test', T0));
    await a.release(place!);
    expect(await a.reserve(signIn('x@vigil.test', 2))).toBeNull();
    expect(await a.reserve(signIn('x@vigil.test', 2, T0 + 3_600_000))).not.toBeNull();
  });

  it('takes a place under every key or under none', async () => {
    const { a } = await make();
    const ip = { ip: '10.0.0.1', limit: 1 };
    expect(await a.reserve(signIn('x@vigil.test', 5, T0, ip))).toMatchObject({
      keys: ['signInFailed:email:x@vigil.test', 'signInFailed:ip:10.0.0.1'],
    });
    // The IP is full: refused, and the account's key is not taken either.
    expect(await a.reserve(signIn('y@vigil.test', 5, T0, ip))).toBeNull();
    expect(await a.held('signInFailed:email:y@vigil.test', T0)).toBe(0);
  });

  it('stops counting the places of a process that crashed once they expired', async () => {
    const { a, b } = await make();
    expect(await a.reserve(signIn('x@vigil.test', 1))).not.toBeNull();
    expect(await b.reserve(signIn('x@vigil.test', 1, T0 + 59_999))).toBeNull();
    expect(await a.held('signInFailed:email:x@vigil.test', T0 + 60_000)).toBe(0);
    expect(await b.reserve(signIn('x@vigil.test', 1, T0 + 60_000))).not.toBeNull();
  });

  it('never lets more than the limit through when 200 attempts that all fail arrive at once over both stores', async () => {
    const { a, b, audit } = await make();
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const store = i % 2 === 0 ? a : b;
        const place = await store.reserve(signIn('x@vigil.test', 10));
        if (!place) return 'refused';
        await audit.append(failure('x@vigil.test', T0));
        await store.release(place);
        return 'tried';
      }),
    );
    expect(outcomes.filter((o) => o === 'tried')).toHaveLength(10);
    expect(await audit.count('signInFailed', T0 - 3_600_000, { email: 'x@vigil.test' })).toBe(10);
  });
});
