import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../log.js';
import { logMissingStores, POSTGRES_MISSING } from './select.js';

/*
 * Issue 43: on PostgreSQL the start logs the stores still without a PostgreSQL implementation
 * (POSTGRES_MISSING); once none is missing it logs nothing, rather than an empty complaint.
 */

function captured(): { log: ReturnType<typeof createLogger>; lines: () => Record<string, unknown>[] } {
  const chunks: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  const log = createLogger('info', sink);
  const lines = (): Record<string, unknown>[] =>
    chunks
      .join('')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  return { log, lines };
}

describe('the start’s log of stores missing on PostgreSQL', () => {
  it('names each missing store', () => {
    const { log, lines } = captured();
    logMissingStores(log, ['analytics (case facts)']);
    expect(lines()).toEqual([
      expect.objectContaining({
        level: 50,
        missing: ['analytics (case facts)'],
        msg: 'these stores have no PostgreSQL implementation: their features refuse',
      }),
    ]);
  });

  it('logs nothing when no store is missing', () => {
    const { log, lines } = captured();
    logMissingStores(log, []);
    expect(lines()).toEqual([]);
  });

  it('lists no store: every store has its PostgreSQL implementation', () => {
    expect(POSTGRES_MISSING).toEqual([]);
  });
});
