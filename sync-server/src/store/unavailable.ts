/**
 * A store that has no implementation on the configured database (issue 43: a store without a
 * PostgreSQL version yet, store/select.ts POSTGRES_MISSING). Every call answers a rejected
 * StoreUnavailable naming the store, so the feature fails loudly instead of writing elsewhere;
 * `close` and `stop` do nothing, so shutting the server down still works.
 */
export class StoreUnavailable extends Error {
  constructor(readonly store: string) {
    super(`the ${store} store has no implementation on this database (DATABASE_URL): issue 43`);
    this.name = 'StoreUnavailable';
  }
}

export function unavailableStore<T extends object>(name: string): T {
  return new Proxy({} as T, {
    get: (_target, property) => {
      if (property === 'then' || typeof property === 'symbol') return undefined;
      if (property === 'close' || property === 'stop') return () => undefined;
      return () => Promise.reject(new StoreUnavailable(name));
    },
  });
}
