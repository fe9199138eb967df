import { useCallback, useEffect, useState } from 'react';
import { errorCode } from './graphql.js';

/** What a loading hook hands a screen. */
export interface Loaded<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  reload: () => void;
  /** Replaces the data with what a change call answered. */
  set: (data: T) => void;
}

/** Loads once per `load` (and again on reload); a stale answer after unmount or a new load is dropped. */
export function useLoad<T>(load: (() => Promise<T>) | null): Loaded<T> {
  const [state, setState] = useState<{ data: T | null; error: string | null; loading: boolean }>({
    data: null,
    error: null,
    loading: load !== null,
  });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!load) return;
    let live = true;
    // Already loading (a first load, as the screen mounts): the same state, so no re-render.
    setState((s) => (s.loading ? s : { ...s, loading: true }));
    load().then(
      (data) => live && setState({ data, error: null, loading: false }),
      (err: unknown) => live && setState({ data: null, error: errorCode(err), loading: false }),
    );
    return () => {
      live = false;
    };
  }, [load, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  const set = useCallback((data: T) => setState({ data, error: null, loading: false }), []);
  return { ...state, reload, set };
}
