import type { z } from 'zod';
import { refuse } from './errors.js';

/**
 * Parses a call's input with its zod schema, the one place inputs are parsed at the edge (issue 36
 * item 1): anything malformed is refused INVALID_INPUT, or the schema's own code when its message is
 * one (e.g. `z.string().email('INVALID_EMAIL')`).
 */
export function parseInput<T extends z.ZodType>(schema: T, args: unknown): z.infer<T> {
  const result = schema.safeParse(args);
  if (!result.success) {
    const message = result.error.issues[0]?.message;
    refuse(message && /^[A-Z_]+$/.test(message) ? message : 'INVALID_INPUT');
  }
  return result.data;
}
