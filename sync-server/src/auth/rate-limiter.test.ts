import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteAttemptStore } from '../store/attempts/sqlite.js';
import { SqliteAuditStore } from '../store/audit/sqlite.js';
import { openDatabase } from '../store/sqlite/database.js';
import { RateLimiter } from './rate-limiter.js';

/*
 * Issue 36 item 1: the rate limiter's places live in the store, so two server processes over one
 * database share them. Each "process" here is a limiter and an audit store over its own
 * connection to one SQLite file.
 */

const NOW = Date.UTC(2026, 10, 28, 12, 0);
const WINDOW = 3_600_000;
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function processes(count: number): { limiter: RateLimiter; audit: SqliteAuditStore }[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'vigil-limiter-'));
  const opened = Array.from({ length: count }, () => openDatabase(dir).db);
  cleanups.push(() => {
    for (const db of opened) db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return opened.map((db) => ({
    limiter: new RateLimiter(new SqliteAttemptStore(db), () => NOW),
    audit: new SqliteAuditStore(db),
  }));
}

/** One sign-in guess through a process: a place, a recorded failure, the place given back; or refused. */
async function guess(
  p: { limiter: RateLimiter; audit: SqliteAuditStore },
  email: string,
  ip: string,
): Promise<boolean> {
  const release = await p.limiter.reserve('signInFailed', NOW - WINDOW, [
    { by: { email }, limit: 10 },
    { by: { ip }, limit: 1000 },
  ]);
  if (!release) return false;
  await p.audit.append({
    at: NOW,
    userId: null,
    email,
    action: 'signInFailed',
    outcome: 'failure',
    ip,
    userAgent: null,
    detail: null,
  });
  await release();
  return true;
}

describe('the rate limiter across processes (issue 36 item 1)', () => {
  it('lets no more than the limit through when 200 parallel guesses arrive over two processes', async () => {
    const [a, b] = processes(2);
    const passed = await Promise.all(
      Array.from({ length: 200 }, (_, i) => guess(i % 2 === 0 ? a! : b!, 'amelia@vigil.test', `10.0.0.${i % 7}`)),
    );
    expect(passed.filter(Boolean)).toHaveLength(10);
    // Both processes let some through: the places and the count were shared, not split.
    expect(passed.filter((ok, i) => ok && i % 2 === 0).length).toBeGreaterThan(0);
    expect(passed.filter((ok, i) => ok && i % 2 === 1).length).toBeGreaterThan(0);
    expect(await a!.audit.count('signInFailed', NOW - WINDOW, { email: 'amelia@vigil.test' })).toBe(10);
  });

  it('counts a place another process holds: the last place taken there refuses here until given back', async () => {
    const [a, b] = processes(2);
    for (let i = 0; i < 9; i += 1) expect(await guess(a!, 'sam@vigil.test', '10.0.0.1')).toBe(true);
    const held = await a!.limiter.reserve('signInFailed', NOW - WINDOW, [
      { by: { email: 'sam@vigil.test' }, limit: 10 },
    ]);
    expect(held).not.toBeNull();
    expect(await guess(b!, 'sam@vigil.test', '10.0.0.2')).toBe(false);
    // The attempt succeeded (no failure recorded): its place given back, the other process may try.
    await held!();
    expect(await guess(b!, 'sam@vigil.test', '10.0.0.2')).toBe(true);
    expect(await guess(a!, 'sam@vigil.test', '10.0.0.1')).toBe(false);
  });
});
