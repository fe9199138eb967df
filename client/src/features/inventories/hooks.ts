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

/** The ledger log; the filter is compared by value so a new object with the same fields does not reload. */
export function useLedger(orgId: string, filter: api.LedgerFilter): Loaded<api.LedgerEntry[]> {
  const key = JSON.stringify(filter);
  return useServer(useCallback(() => api.fetchLedger(orgId, JSON.parse(key) as api.LedgerFilter), [orgId, key]));
}

/** A case's controlled-drug lines, or nothing without a case. */
export function useCaseLedger(orgId: string, caseId: string | null): Loaded<api.CaseLedgerLine[]> {
  return useServer(
    useCallback(() => (caseId ? api.fetchCaseLedger(orgId, caseId) : Promise.resolve([])), [orgId, caseId]),
  );
}
