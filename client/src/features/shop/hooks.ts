import { useCallback, useEffect, useState } from 'react';
import { errorCode } from '../../data/graphql.js';

/** A server read: loading (data null, no error), loaded, or the refusal's code or text. */
export interface Loaded<T> {
  data: T | null;
  error: string | null;
  reload: () => void;
  /** Replaces the data with what a change answered (the cart after setCartLine, an order after a move). */
  set: (data: T) => void;
}

/** Reads once on open, again on reload or when `load` changes (its arguments). */
export function useServer<T>(load: () => Promise<T>): Loaded<T> {
  const [state, setState] = useState<{ data: T | null; error: string | null }>({ data: null, error: null });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    setState({ data: null, error: null });
    load().then(
      (data) => live && setState({ data, error: null }),
      (err: unknown) => live && setState({ data: null, error: errorCode(err) }),
    );
    return () => {
      live = false;
    };
  }, [load, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  const set = useCallback((data: T) => setState({ data, error: null }), []);
  return { ...state, reload, set };
}

/** A list read a page at a time: what is loaded, and whether (and how) to load the next page. */
export interface Pages<T> extends Omit<Loaded<T[]>, 'set'> {
  more: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}

/**
 * The first page on open, the next one on "Load more" (after the last item's id); a page that
 * comes back full may have more after it. `page` changes when its arguments (a filter) do.
 */
export function usePages<T extends { id: string }>(
  page: (after: string | null) => Promise<T[]>,
  size: number,
): Pages<T> {
  const [state, setState] = useState<{ data: T[] | null; error: string | null; more: boolean }>({
    data: null,
    error: null,
    more: false,
  });
  const [round, setRound] = useState(0);
  const [loadingMore, setLoadingMore] = useState(false);
  useEffect(() => {
    let live = true;
    setState({ data: null, error: null, more: false });
    page(null).then(
      (items) => live && setState({ data: items, error: null, more: items.length === size }),
      (err: unknown) => live && setState({ data: null, error: errorCode(err), more: false }),
    );
    return () => {
      live = false;
    };
  }, [page, size, round]);
  const last = state.data?.at(-1)?.id ?? null;
  const loadMore = useCallback(() => {
    if (last === null) return;
    setLoadingMore(true);
    page(last)
      .then(
        (items) => setState((s) => ({ data: [...(s.data ?? []), ...items], error: null, more: items.length === size })),
        (err: unknown) => setState((s) => ({ ...s, error: errorCode(err) })),
      )
      .finally(() => setLoadingMore(false));
  }, [page, size, last]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { ...state, reload, loadingMore, loadMore };
}
