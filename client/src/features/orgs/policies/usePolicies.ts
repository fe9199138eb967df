import { useCallback, useEffect, useState } from 'react';
import { errorCode } from '../../../session/errors.js';
import { fetchPolicies, type PolicyView } from './api.js';

export interface PoliciesState {
  /** The policies governing the office (its own, then its parents'), or null until loaded. */
  policies: PolicyView[] | null;
  error: string | null;
  loading: boolean;
  /** Replaces the list with what a mutation answered. */
  set(policies: PolicyView[]): void;
  reload(): void;
}

/**
 * The sign-off policies governing an organisation (issue 29), for the policy editor and the case
 * screen's flags list (which flags block): loaded once per organisation, reloadable.
 */
export function usePolicies(orgId: string, enabled = true): PoliciesState {
  const [state, setState] = useState<{ policies: PolicyView[] | null; error: string | null; loading: boolean }>({
    policies: null,
    error: null,
    loading: enabled,
  });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!enabled || orgId === '') return;
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    fetchPolicies(orgId).then(
      (policies) => live && setState({ policies, error: null, loading: false }),
      (err: unknown) => live && setState({ policies: null, error: errorCode(err), loading: false }),
    );
    return () => {
      live = false;
    };
  }, [orgId, enabled, round]);
  const set = useCallback((policies: PolicyView[]) => setState({ policies, error: null, loading: false }), []);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { ...state, set, reload };
}
