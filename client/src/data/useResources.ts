import type { FhirResourceType } from '@vigil/shared';
import { useEffect, useState } from 'react';
import { cachedOfType, cacheResources, replaceCachedType, useDexieQuery } from './db.js';
import { fhirClient, FhirRequestError, type ResourceOf, type SearchParams } from './fhir.js';

/*
 * Screens read resources from the device's cache (so they work offline) and ask the server to
 * refresh it; these hooks pair the two.
 */

/** A cached list and the state of its refresh from the server. */
export interface CachedList<T> {
  /** undefined until the cache answered. */
  data: T[] | undefined;
  /** A refresh from the server is running. */
  refreshing: boolean;
  /** The error code of the last refresh (NETWORK_ERROR when offline: the cache is shown). */
  error: string | null;
}

const codeOf = (err: unknown): string => (err instanceof FhirRequestError ? err.code : 'UNKNOWN');

/** Runs a server refresh whenever `key` changes (after `delayMs`), reporting its state. */
export function useRefresh(
  key: string,
  refresh: () => Promise<void>,
  delayMs = 0,
): { refreshing: boolean; error: string | null } {
  const [state, setState] = useState<{ key: string; refreshing: boolean; error: string | null }>({
    key,
    refreshing: true,
    error: null,
  });
  useEffect(() => {
    let live = true;
    setState({ key, refreshing: true, error: null });
    const timer = window.setTimeout(() => {
      refresh().then(
        () => live && setState({ key, refreshing: false, error: null }),
        (err: unknown) => live && setState({ key, refreshing: false, error: codeOf(err) }),
      );
    }, delayMs);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
    // The key names the refresh.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state.key === key ? { refreshing: state.refreshing, error: state.error } : { refreshing: true, error: null };
}

/**
 * Every cached resource of a type, live, refreshed from the server. With `complete` the refresh
 * lists them all (`fetchAll`) and drops cached ones the server no longer has; otherwise it only
 * stores what the search `params` found (the cache may hold more, e.g. other months).
 */
export function useCachedResources<T extends FhirResourceType>(
  orgId: string,
  type: T,
  params: SearchParams = {},
  { complete = false }: { complete?: boolean } = {},
): CachedList<ResourceOf<T>> {
  const data = useDexieQuery(() => cachedOfType(orgId, type), `${type}|${orgId}`);
  const refresh = useRefresh(`${type}|${orgId}|${JSON.stringify(params)}|${complete}`, async () => {
    const found = await fhirClient(orgId).fetchAll(type, params);
    if (complete) await replaceCachedType(orgId, type, found);
    else await cacheResources(orgId, found);
  });
  return { data, ...refresh };
}
