import {
  caseHistoryNotice,
  rankHealthHistories,
  type CaseHistoryItem,
  type Composition,
  type RankedHistory,
} from '@vigil/shared';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { cachedOfType, cacheResources, useDexieQuery } from '../../../data/db.js';
import { fhirClient } from '../../../data/fhir.js';
import { useRefresh } from '../../../data/useResources.js';
import { healthHistoryContent, healthHistorySearch, isPatientHealthHistory } from '../../../data/healthHistories.js';

/** A health history Composition as the case lists it. */
export function historyItem(c: Composition): CaseHistoryItem | null {
  if (!c.id) return null;
  const updated = Date.parse(c.meta?.lastUpdated ?? c.date);
  const created = Date.parse(c.date);
  return {
    id: c.id,
    status: c.status,
    createdAt: Number.isNaN(created) ? 0 : created,
    updatedAt: Number.isNaN(updated) ? 0 : updated,
    data: healthHistoryContent(c),
  };
}

export interface CaseHealthHistories {
  /** The patient's histories in list order (HX3); empty while loading or without a patient. */
  histories: RankedHistory[];
  /** True until the first answer (or without a patient id yet). */
  loading: boolean;
  /** The request's error code (offline: NETWORK_ERROR), or null. */
  error: string | null;
  /** What the case header says (HX4); null while unknown (loading, failed, no patient) or fine. */
  notice: ReturnType<typeof caseHistoryNotice>;
  reload: () => void;
}

/**
 * The patient's health histories for the case screen (spec 001 §7: Composition search by subject
 * and the 35089-2 type, whose entries carry their content), ranked and with the case's notice.
 * Read from this device's resource cache (the one the patient's summary uses), so the case shows
 * them offline and at once when it opens again; refreshed from the server when the case opens,
 * when the tab comes back to the front (after the history was edited in another tab), and on
 * `reload`.
 */
export function useCaseHealthHistories(orgId: string, patientId: string | null, now: number): CaseHealthHistories {
  const all = useDexieQuery(() => cachedOfType(orgId, 'Composition'), `compositions|${orgId}`);
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  const refresh = useRefresh(`case-hhx|${orgId}|${patientId ?? ''}|${generation}`, async () => {
    if (!orgId || !patientId) return;
    await cacheResources(orgId, await fhirClient(orgId).fetchAll('Composition', healthHistorySearch(patientId)));
  });

  useEffect(() => {
    const onVisible = (): void => {
      if (document.visibilityState === 'visible') reload();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [reload]);

  const items = useMemo(
    () =>
      patientId && all
        ? all
            .filter((c) => isPatientHealthHistory(c, patientId))
            .map(historyItem)
            .filter((h): h is CaseHistoryItem => h !== null)
        : null,
    [all, patientId],
  );
  // Known once the cache holds some, or the server answered (offline with nothing cached: the error).
  const known = items != null && (items.length > 0 || !refresh.refreshing);
  const failed =
    refresh.error && !(refresh.error === 'NETWORK_ERROR' && items != null && items.length > 0) ? refresh.error : null;
  const loading = patientId == null || (!known && failed == null);
  return useMemo(() => {
    const histories = rankHealthHistories(items ?? [], now);
    const answered = known && !(failed != null && (items?.length ?? 0) === 0);
    return {
      histories,
      loading,
      error: failed,
      notice: answered ? caseHistoryNotice(histories) : null,
      reload,
    };
  }, [items, now, loading, failed, known, reload]);
}
