import { useCallback, useEffect, useState } from 'react';
import { RequestError } from '../../data/graphql.js';
import * as api from './api.js';

/** Org forms (spec 000 §4): idle, loading, loaded (at least one form), empty or error. */
export type OrgFormsState = 'loading' | 'loaded' | 'empty' | 'error';

export interface OrgFormsLoad {
  state: OrgFormsState;
  forms: api.OrgForm[];
  error: string | null;
  reload: () => void;
  /** Replaces the list with what a change call answered. */
  set: (forms: api.OrgForm[]) => void;
}

/** An organisation's forms, its own and those inherited from its parents (spec 000 §3, §6). */
export function useOrgForms(orgId: string): OrgFormsLoad {
  const [data, setData] = useState<{ forms: api.OrgForm[] | null; error: string | null }>({ forms: null, error: null });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    setData((d) => (d.error ? { forms: null, error: null } : d));
    api.fetchOrgForms(orgId).then(
      (forms) => live && setData({ forms, error: null }),
      (err: unknown) => live && setData({ forms: null, error: err instanceof RequestError ? err.code : 'UNKNOWN' }),
    );
    return () => {
      live = false;
    };
  }, [orgId, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  const set = useCallback((forms: api.OrgForm[]) => setData({ forms, error: null }), []);
  const state: OrgFormsState = data.error
    ? 'error'
    : data.forms === null
      ? 'loading'
      : data.forms.length > 0
        ? 'loaded'
        : 'empty';
  return { state, forms: data.forms ?? [], error: data.error, reload, set };
}
