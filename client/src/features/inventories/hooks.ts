import { useCallback, useEffect, useState } from 'react';
import { RequestError } from '../../data/graphql.js';
import * as api from './api.js';

/** A server read: loading (data null, no error), loaded, or an error code. */
export interface Loaded<T> {
  data: T | null;
  error: string | null;
  reload: () => void;
}

function useServer<T>(load: () => Promise<T>): Loaded<T> {
  const [state, setState] = useState<{ data: T | null; error: string | null }>({ data: null, error: null });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    load().then(
      (data) => live && setState({ data, error: null }),
      (err: unknown) => live && setState({ data: null, error: err instanceof RequestError ? err.code : 'UNKNOWN' }),
    );
    return () => {
      live = false;
    };
  }, [load, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { ...state, reload };
}

/** The organisation's inventories with their lots. */
export function useInventories(orgId: string): Loaded<api.Inventory[]> {
  return useServer(useCallback(() => api.fetchInventories(orgId), [orgId]));
}

export function useInventory(orgId: string, inventoryId: string): Loaded<api.Inventory> {
  return useServer(useCallback(() => api.fetchInventory(orgId, inventoryId), [orgId, inventoryId]));
}

/** The ledger log a page at a time: what is loaded, and whether (and how) to load the next page. */
export interface LedgerPages extends Loaded<api.LedgerEntry[]> {
  /** True while the last page came back full: there may be more. */
  more: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}

/**
 * The ledger log (issue 35 item 8), its first page on open and the next one on demand; the
 * filter is compared by value so a new object with the same fields does not reload.
 */
export function useLedgerPages(orgId: string, filter: api.LedgerFilter): LedgerPages {
  const key = JSON.stringify(filter);
  const [state, setState] = useState<{ data: api.LedgerEntry[] | null; error: string | null; more: boolean }>({
    data: null,
    error: null,
    more: false,
  });
  const [round, setRound] = useState(0);
  const [loadingMore, setLoadingMore] = useState(false);
  const fail = (err: unknown): string => (err instanceof RequestError ? err.code : 'UNKNOWN');
  useEffect(() => {
    let live = true;
    setState({ data: null, error: null, more: false });
    api.fetchLedgerPage(orgId, JSON.parse(key) as api.LedgerFilter, null).then(
      (page) => live && setState({ data: page, error: null, more: page.length === api.LEDGER_PAGE }),
      (err: unknown) => live && setState({ data: null, error: fail(err), more: false }),
    );
    return () => {
      live = false;
    };
  }, [orgId, key, round]);
  const loaded = state.data;
  const loadMore = useCallback(() => {
    const last = loaded?.at(-1);
    if (loaded == null || last == null) return;
    setLoadingMore(true);
    void api
      .fetchLedgerPage(orgId, JSON.parse(key) as api.LedgerFilter, last.seq)
      .then(
        (page) =>
          setState((s) =>
            s.data === loaded ? { data: [...loaded, ...page], error: null, more: page.length === api.LEDGER_PAGE } : s,
          ),
        (err: unknown) => setState((s) => ({ ...s, error: fail(err) })),
      )
      .finally(() => setLoadingMore(false));
  }, [orgId, key, loaded]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { ...state, reload, loadingMore, loadMore };
}

/** A case's controlled-drug lines, or nothing without a case. */
export function useCaseLedger(orgId: string, caseId: string | null): Loaded<api.CaseLedgerLine[]> {
  return useServer(
    useCallback(() => (caseId ? api.fetchCaseLedger(orgId, caseId) : Promise.resolve([])), [orgId, caseId]),
  );
}
