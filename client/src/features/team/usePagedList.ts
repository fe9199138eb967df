import { useCallback, useState } from 'react';
import { errorCode } from '../../data/graphql.js';
import { useLoad, type Loaded } from '../../data/useLoad.js';

/** A row of a cursor-paged team list: the cursor its next page starts after. */
interface Paged {
  cursor: string;
}

export interface PagedList<T> {
  /** The first page's read (loading, data once read). */
  first: Loaded<T[]>;
  /** Every row read so far, the first page's and the next ones'. */
  rows: T[];
  /** No further page: the last one read was short. */
  last: boolean;
  /** Reads the page after the last row. */
  loadMore: () => void;
  /** The error code of the first page's read or of the last "more". */
  error: string | null;
}

/**
 * A team list read a page at a time (the cases, the offices onboarding): the first page on
 * mount, then "Load more" after the last row's cursor; a page shorter than `pageSize` is the last.
 */
export function usePagedList<T extends Paged>(
  fetch: (after: string | null) => Promise<T[]>,
  pageSize: number,
): PagedList<T> {
  const first = useLoad(useCallback(() => fetch(null), [fetch]));
  const [more, setMore] = useState<{ rows: T[]; done: boolean; error: string | null }>({
    rows: [],
    done: false,
    error: null,
  });
  const rows = [...(first.data ?? []), ...more.rows];
  const loadMore = (): void => {
    fetch(rows.at(-1)?.cursor ?? null).then(
      (page) => setMore((m) => ({ rows: [...m.rows, ...page], done: page.length < pageSize, error: null })),
      (err: unknown) => setMore((m) => ({ ...m, error: errorCode(err) })),
    );
  };
  return {
    first,
    rows,
    last: more.done || (first.data?.length ?? 0) < pageSize,
    loadMore,
    error: first.error ?? more.error,
  };
}
