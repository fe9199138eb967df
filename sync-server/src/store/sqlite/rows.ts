/** `signer_name` → `signerName`, as a type. */
type Camel<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S;

/** A row with its snake_case column names in camelCase: what a store hands out. */
export type CamelRow<R> = { [K in keyof R as K extends string ? Camel<K> : K]: R[K] };

const camel = (name: string): string => name.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

/**
 * A row read from SQLite as a record of the store's interface: the same values under camelCase
 * names (the one row mapping the stores share; columns that need converting, such as JSON text or
 * 0/1 flags, are converted by the caller).
 */
export function camelRow<R extends object>(row: R): CamelRow<R> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) out[camel(key)] = value;
  return out as CamelRow<R>;
}
