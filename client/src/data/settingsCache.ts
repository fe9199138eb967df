import { useCallback, useEffect, useState } from 'react';
import { db } from './db.js';
import { errorCode } from './graphql.js';

/*
 * Settings read through GraphQL, kept on the device (issue 36 item 6): the sign-off policies first,
 * then forms, the organisation's case settings, presets and plan. A query that fails because the
 * device is offline answers the last value this device read, so a tablet that starts offline has
 * them; every answer the server gives is written through.
 */

/** Where the device keeps the settings it read: IndexedDB (Dexie, beside the resource cache) or memory in tests. */
export interface SettingsStore {
  read: (orgId: string, name: string) => Promise<unknown>;
  write: (orgId: string, name: string, value: unknown) => Promise<void>;
  /** Forgets every setting of every organisation (sign-out). */
  clear: () => Promise<void>;
}

/** The device's settings cache: the `settings` table of the resource cache's database. */
export const dexieSettingsStore: SettingsStore = {
  read: async (orgId, name) => (await db().settings.get([orgId, name]))?.value,
  write: async (orgId, name, value) => {
    await db().settings.put({ orgId, name, value, savedAt: Date.now() });
  },
  clear: async () => {
    await db().settings.clear();
  },
};

/** A settings store in memory (tests). */
export function memorySettingsStore(): SettingsStore {
  const values = new Map<string, unknown>();
  return {
    read: (orgId, name) => Promise.resolve(values.get(`${orgId}|${name}`)),
    write: (orgId, name, value) => {
      values.set(`${orgId}|${name}`, value);
      return Promise.resolve();
    },
    clear: () => {
      values.clear();
      return Promise.resolve();
    },
  };
}

/**
 * On sign-out: the device forgets the settings it read (they are the signed-out user's
 * organisations'), so the next user of the tablet never starts from them. Unlike the resource
 * cache's outbox, nothing here is unsent work: the server has every value, and the next
 * online read writes it again.
 */
export function clearSettingsCache(store: SettingsStore = dexieSettingsStore): Promise<void> {
  return store.clear();
}

export interface CachedQueryState<T> {
  /** The answer, or the device's copy when offline; null until one is known. */
  data: T | null;
  /** The error code of the last failed read (NETWORK_ERROR offline, even when the copy is shown). */
  error: string | null;
  loading: boolean;
  /** Whether `data` is the device's copy (the server could not be reached). */
  fromCache: boolean;
}

export interface CachedQueryOptions {
  /** Off: nothing is read (a feature flag is off). */
  enabled?: boolean;
  /** Answer the device's copy when offline; off, the copy is only written (an editor shows the server's). */
  offline?: boolean;
  store?: SettingsStore;
}

/**
 * One setting of an organisation read through GraphQL with the device's copy: `fetch` once per
 * organisation and name (again on `reload`); the server's answer is written to the store; offline
 * (NETWORK_ERROR), the store's copy is answered when `offline` is on. `set` replaces the value with
 * what a mutation answered (and keeps it).
 */
export function useCachedQuery<T>(
  orgId: string,
  name: string,
  fetch: (orgId: string) => Promise<T>,
  { enabled = true, offline = true, store = dexieSettingsStore }: CachedQueryOptions = {},
): CachedQueryState<T> & { set: (value: T) => void; reload: () => void } {
  const [state, setState] = useState<CachedQueryState<T>>({
    data: null,
    error: null,
    loading: enabled,
    fromCache: false,
  });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!enabled || orgId === '') return;
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    fetch(orgId).then(
      async (data) => {
        // The copy is kept before the answer is used: a case seeded from it and a page left at
        // once (or the network dropping next) still find it on the device.
        await store.write(orgId, name, data).catch(() => undefined);
        if (live) setState({ data, error: null, loading: false, fromCache: false });
      },
      async (err: unknown) => {
        const error = errorCode(err);
        const copy = offline && error === 'NETWORK_ERROR' ? await store.read(orgId, name).catch(() => undefined) : undefined;
        if (!live) return;
        if (copy !== undefined) setState({ data: copy as T, error, loading: false, fromCache: true });
        else setState({ data: null, error, loading: false, fromCache: false });
      },
    );
    return () => {
      live = false;
    };
    // `fetch` and `store` are the caller's module functions: the organisation, name and round decide.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [orgId, name, enabled, offline, round]);
  const set = useCallback(
    (data: T) => {
      setState({ data, error: null, loading: false, fromCache: false });
      store.write(orgId, name, data).catch(() => undefined);
    },
    [orgId, name, store],
  );
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { ...state, set, reload };
}
