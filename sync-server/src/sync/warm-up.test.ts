import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { OrgAccess } from '../access/index.js';
import { createLogger } from '../log.js';
import { MemoryResourceStore } from '../store/resources/memory.js';
import { warmUp, type WarmUpParts } from './warm-up.js';

/** Parts over memory stores whose stored-state read fails, with the log lines they wrote. */
function failingParts(): { parts: WarmUpParts; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const capture = new Writable({
    write: (chunk: Buffer, _enc, done) => {
      for (const line of chunk.toString().split('\n'))
        if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const parts: WarmUpParts = {
    accounts: {
      current: () => Promise.resolve(null),
      liveSession: () => Promise.resolve(null),
      currentOf: () => Promise.resolve(null),
      isMultiFactorValid: () => true,
      hasFreshSudo: () => Promise.resolve(false),
      sessions: { memberships: () => Promise.resolve([]) },
      settings: { cookieName: 'dev-tok' },
    },
    access: new OrgAccess({ parentsOf: () => Promise.resolve([]) }),
    ids: { belongsElsewhere: () => Promise.resolve(false) },
    resources: new MemoryResourceStore(),
    sync: { load: () => Promise.reject(new Error('database gone')) },
    now: () => Date.UTC(2026, 11, 1, 9),
    log: createLogger('info', capture),
  };
  return { parts, lines };
}

describe('the warm-up before the server listens', () => {
  it('logs a failure and lets the server start all the same', async () => {
    const { parts, lines } = failingParts();
    // No server at this address: the refused upgrade finds the port closed and the warm-up goes on.
    await expect(warmUp(parts, 'http://127.0.0.1:1')).resolves.toBeUndefined();
    expect(lines.map((l) => l.msg)).toEqual(['warm-up failed; starting all the same']);
    expect(lines[0]).toMatchObject({ err: { message: 'database gone' } });
  });
});
