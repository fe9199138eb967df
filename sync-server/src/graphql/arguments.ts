import type { GraphqlContext, Resolver } from './context.js';

/**
 * Issue 36 item 5: the one GraphQL argument normaliser every area's resolvers call before their
 * zod schema or service sees the arguments (pagination.ts pageRequest and offsetOf read pages
 * through it too).
 *
 * - GraphQL hands input objects over with a null prototype: they come back as plain objects, at
 *   every depth (lists too), so zod and spreading treat them as any other object.
 * - An optional argument left out and one sent as null mean the same (the SDL cannot tell them
 *   apart for a client either): both come back absent, so `.optional()` and `.nullish()` schemas
 *   and `x ?? default` read them alike.
 * - The top-level arguments named in `text` (a search box, a name filter, a cursor) come back
 *   trimmed, and absent when blank. Other strings are left as sent: a password, Markdown or an
 *   SVG path is not the resolver's to trim; services trim names in their own schemas.
 */
export interface ArgsOptions {
  /** Top-level text arguments trimmed, blank ones left out. */
  readonly text?: readonly string[];
}

function plain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plain);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== null && v !== undefined)
      .map(([k, v]) => [k, plain(v)]),
  );
}

/** A resolver's arguments (or an input object of them) as every area reads them: see above. */
export function graphqlArgs(args: unknown, options: ArgsOptions = {}): Record<string, unknown> {
  const out = (plain(args ?? {}) ?? {}) as Record<string, unknown>;
  for (const key of options.text ?? []) {
    const value = out[key];
    if (typeof value !== 'string') continue;
    const trimmed = value.trim();
    if (trimmed === '') delete out[key];
    else out[key] = trimmed;
  }
  return out;
}

/**
 * A resolver map whose resolvers each receive their arguments through graphqlArgs: for areas whose
 * resolvers hand the arguments straight to their services (the organisation resolvers).
 */
export function normalisingArgs<M extends Record<string, Resolver<unknown>>>(
  resolvers: M,
  options: ArgsOptions = {},
): M {
  return Object.fromEntries(
    Object.entries(resolvers).map(([name, resolve]) => [
      name,
      (parent: unknown, args: Record<string, unknown>, ctx: GraphqlContext): unknown =>
        resolve(parent, graphqlArgs(args, options), ctx),
    ]),
  ) as M;
}
