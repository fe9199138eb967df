import { z } from 'zod';
import { LOG_LEVELS } from '../constants/widgets.js';

/*
 * Log beacons (spec 000 §7 "log beacons (level info)"; spec 002 §9 the levels trace 10, debug 20,
 * info 30, warn 40, error 50, fatal 60): a browser's errors recorded on Vigil's own server. A
 * beacon carries no free text: an error's message or stack may hold a patient's name or a
 * value typed on a screen, so only the error's class name, a code, the script file and line it
 * was thrown at, and the screen's address with its ids taken out are kept (CL1).
 */

/** [CL1] The lowest level a beacon is sent and kept at: info (spec 000 §7); trace and debug stay in the console. */
export const LOG_BEACON_MIN_LEVEL = LOG_LEVELS.info;

/** [CL1] What raised a beacon: an uncaught error, a promise nobody handled, a screen that failed to draw, a note. */
export const LOG_BEACON_KINDS = ['error', 'unhandledrejection', 'render', 'note'] as const;
export type LogBeaconKind = (typeof LOG_BEACON_KINDS)[number];

const identifier = z
  .string()
  .max(40)
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/);

/** [CL1] A beacon as the server takes it: every field bounded and without free text. */
export const logBeaconInputSchema = z.object({
  level: z.union([z.literal(30), z.literal(40), z.literal(50), z.literal(60)]),
  kind: z.enum(LOG_BEACON_KINDS),
  errorName: identifier.nullish(),
  code: identifier.nullish(),
  where: z
    .string()
    .max(120)
    .regex(/^[\w.-]+:\d+(:\d+)?$/)
    .nullish(),
  route: z
    .string()
    .max(200)
    .regex(/^(\/[a-z-]*|\/:id)*\/?$/)
    .nullish(),
  appVersion: z
    .string()
    .max(40)
    .regex(/^[\w.+-]+$/)
    .nullish(),
});
export type LogBeaconInput = z.infer<typeof logBeaconInputSchema>;

/**
 * [CL1] A screen's address as a beacon keeps it: the query and fragment dropped, and every path
 * segment that is not a plain lowercase word (ids, names, dates) replaced by ':id', so
 * `/org/dental/patients/pat-9` is `/org/dental/patients/:id` (an office's id is a word the app
 * chose, not a patient's).
 */
export function beaconRoute(pathname: string): string {
  const path = pathname.split(/[?#]/)[0] ?? '';
  const kept = path
    .split('/')
    .filter((s) => s !== '')
    .slice(0, 8)
    .map((s) => (/^[a-z]+(-[a-z]+)*$/.test(s) && s.length <= 40 ? s : ':id'));
  return `/${kept.join('/')}`;
}

/** [CL1] An error's class name as a beacon keeps it (an identifier), else null. */
export function beaconErrorName(err: unknown): string | null {
  const name = err instanceof Error ? err.name : null;
  return name !== null && /^[A-Za-z][A-Za-z0-9_]{0,39}$/.test(name) ? name : null;
}

/**
 * [CL1] Where an error was thrown as a beacon keeps it: the first stack frame's script file name
 * (no directory, no query) with its line and column, e.g. `index-3f2a.js:1:2345`; null when the
 * stack names none (a beacon never keeps the stack's text).
 */
export function beaconWhere(stack: string | undefined): string | null {
  if (!stack) return null;
  for (const m of stack.matchAll(/([\w.-]+\.(?:js|mjs|ts|tsx))(?:\?[^:\s)]*)?:(\d+)(?::(\d+))?/g)) {
    const where = `${m[1]}:${m[2]}${m[3] ? `:${m[3]}` : ''}`;
    if (where.length <= 120) return where;
  }
  return null;
}
