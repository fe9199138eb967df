import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { LOG_LEVELS } from '@vigil/shared';
import { createLogger } from './log.js';

describe('server logs', () => {
  it('numbers its levels as spec 002 §9: trace 10, debug 20, info 30, warn 40, error 50, fatal 60', () => {
    expect(pino.levels.values).toEqual(LOG_LEVELS);
  });

  it('writes one JSON object per line with the numeric level and an ISO time', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const log = createLogger('debug', sink);
    log.warn({ room: 'org/doc' }, 'hello');
    log.trace('below the level: not written');
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(entry).toMatchObject({ level: 40, msg: 'hello', room: 'org/doc', service: 'vigil' });
    expect(typeof entry.time).toBe('string');
    expect(new Date(entry.time as string).toString()).not.toBe('Invalid Date');
  });
});
