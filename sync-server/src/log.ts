import { pino, type Logger } from 'pino';
import type { LogLevel } from '@vigil/shared';

export type { Logger };

/**
 * Structured JSON logs with the levels of spec 002 §9 (trace 10 … fatal 60), which are
 * pino's own numbers (log.test.ts holds pino to them).
 */
export function createLogger(level: LogLevel = 'info', destination?: NodeJS.WritableStream): Logger {
  return pino(
    {
      level,
      base: { service: 'vigil' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination ?? process.stdout,
  );
}
