import type { FhirResourceType, PreopRowView, PreopSettingsView } from '@vigil/shared';
import { useCallback, useEffect, useState } from 'react';
import { cachedOfType, useDexieQuery, useLiveResourceEvents } from './db.js';
import { errorCode, graphql } from './graphql.js';

/*
 * The front desk's pre-op list (issue 40): computed by the server in one paginated query
 * (GraphQL preopList, shared PRE1–PRE6), asked again whenever a live event brings a change to an
 * appointment, a health history, a weight or an allergy into this device's cache, so a form the
 * patient signs on the phone turns the row complete without a reload.
 */

export type { PreopRowView, PreopSettingsView };

const ROW = `appointmentId start end status patientId patientName patientBirthDate providerId locationId
  sedationLevel healthHistory forms { taskId title state } weightRecorded allergiesReviewed
  npo { byId byName at } missing`;

/** One page of the list: 100 rows, the server's default. */
export const PREOP_PAGE = 100;

export interface PreopFilters {
  /** ISO instants: the visits starting in [from, to). */
  from: string;
  to: string;
  providerId: string | null;
  locationId: string | null;
  onlyIncomplete: boolean;
}

/** One page of the list after the row `after` (an appointment id). */
export async function fetchPreopList(
  orgId: string,
  filters: PreopFilters,
  after: string | null,
  first = PREOP_PAGE,
): Promise<PreopRowView[]> {
  const data = await graphql<{ preopList: PreopRowView[] }>(
    `query PreopList($orgId: String, $from: String!, $to: String!, $providerId: String, $locationId: String,
      $onlyIncomplete: Boolean, $first: Int, $after: String) {
      preopList(orgId: $orgId, from: $from, to: $to, providerId: $providerId, locationId: $locationId,
        onlyIncomplete: $onlyIncomplete, first: $first, after: $after) { ${ROW} }
    }`,
    { orgId, ...filters, first, after },
  );
  return data.preopList;
}

/** Ticks (or unticks) a visit's NPO instructions; answers the row as the server now computes it. */
export async function savePreopNpo(orgId: string, appointmentId: string, given: boolean): Promise<PreopRowView> {
  const data = await graphql<{ setPreopNpo: PreopRowView }>(
    `mutation SetPreopNpo($orgId: String, $appointmentId: String!, $given: Boolean!) {
      setPreopNpo(orgId: $orgId, appointmentId: $appointmentId, given: $given) { ${ROW} }
    }`,
    { orgId, appointmentId, given },
  );
  return data.setPreopNpo;
}

export async function fetchPreopSettings(orgId: string): Promise<PreopSettingsView> {
  const data = await graphql<{ preopSettings: PreopSettingsView }>(
    'query PreopSettings($orgId: String) { preopSettings(orgId: $orgId) { reviewDays } }',
    { orgId },
  );
  return data.preopSettings;
}

export async function savePreopSettings(orgId: string, reviewDays: number): Promise<PreopSettingsView> {
  const data = await graphql<{ setPreopSettings: PreopSettingsView }>(
    'mutation SetPreopSettings($orgId: String, $reviewDays: Int!) { setPreopSettings(orgId: $orgId, reviewDays: $reviewDays) { reviewDays } }',
    { orgId, reviewDays },
  );
  return data.setPreopSettings;
}

/** The resource types whose changes can change a row. */
const WATCHED: readonly FhirResourceType[] = ['Appointment', 'Composition', 'Observation', 'AllergyIntolerance', 'Contract'];

/** A key that changes whenever this device's cache of the watched types changes (versions and times). */
function useCacheGeneration(orgId: string): string {
  useLiveResourceEvents(orgId, WATCHED);
  const key = useDexieQuery(async () => {
    const parts: string[] = [];
    for (const type of WATCHED) {
      const all = await cachedOfType(orgId, type);
      let latest = '';
      for (const r of all) if ((r.meta?.lastUpdated ?? '') > latest) latest = r.meta?.lastUpdated ?? '';
      parts.push(`${all.length}@${latest}`);
    }
    return parts.join('|');
  }, `preop-watch|${orgId}`);
  return key ?? '';
}

export interface PreopListState {
  rows: PreopRowView[];
  loading: boolean;
  /** The last request's error code, or null. */
  error: string | null;
  /** True when the last page was full: there may be more. */
  hasMore: boolean;
  loadMore: () => void;
  /** A row the server answered (after ticking NPO) replaces the shown one. */
  replace: (row: PreopRowView) => void;
}

/** The list for these filters: the first page, more on demand, asked again after each watched change. */
export function usePreopList(orgId: string, filters: PreopFilters): PreopListState {
  const generation = useCacheGeneration(orgId);
  const [state, setState] = useState<{ rows: PreopRowView[]; loading: boolean; error: string | null; pages: number }>({
    rows: [],
    loading: true,
    error: null,
    pages: 1,
  });
  const filterKey = JSON.stringify(filters);
  const [pages, setPages] = useState(1);
  useEffect(() => setPages(1), [filterKey]);
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    void (async () => {
      try {
        const rows: PreopRowView[] = [];
        let after: string | null = null;
        // The pages shown so far, again: a change may move a row into or out of view.
        for (let page = 0; page < pages; page += 1) {
          const found = await fetchPreopList(orgId, filters, after);
          rows.push(...found);
          if (found.length < PREOP_PAGE) break;
          after = found.at(-1)!.appointmentId;
        }
        if (live) setState({ rows, loading: false, error: null, pages });
      } catch (err) {
        if (live) setState((s) => ({ ...s, loading: false, error: errorCode(err) }));
      }
    })();
    return () => {
      live = false;
    };
    // filterKey names the filters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [orgId, filterKey, pages, generation]);
  const loadMore = useCallback(() => setPages((p) => p + 1), []);
  const replace = useCallback(
    (row: PreopRowView) =>
      setState((s) => ({ ...s, rows: s.rows.map((r) => (r.appointmentId === row.appointmentId ? row : r)) })),
    [],
  );
  return {
    rows: state.rows,
    loading: state.loading,
    error: state.error,
    hasMore: state.rows.length >= state.pages * PREOP_PAGE,
    loadMore,
    replace,
  };
}
