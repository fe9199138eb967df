import {
  HEALTH_HISTORY_TYPE,
  caseHistoryNotice,
  rankHealthHistories,
  type CaseHistoryItem,
  type Composition,
  type RankedHistory,
} from '@vigil/shared';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { fhirClient } from '../../../data/fhir.js';
import { healthHistoryContent } from '../../health-history/histories.js';
import { FhirRequestError } from '../../../data/fhir.js';

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

/** Answers kept for the session, so the case screen shows the last list at once when it opens again. */
const lastAnswer = new Map<string, CaseHistoryItem[]>();

/**
 * The patient's health histories for the case screen (spec 001 §7: Composition search by subject
 * and the 35089-2 type, whose entries carry their content), ranked and with the case's notice.
 * Fetched when the case opens, again when the tab comes back to the front (after the history was
 * edited in another tab), and on `reload`.
 */
export function useCaseHealthHistories(orgId: string, patientId: string | null, now: number): CaseHealthHistories {
  const key = `${orgId}|${patientId ?? ''}`;
  const [state, setState] = useState<{ key: string; items: CaseHistoryItem[] | null; error: string | null }>(() => ({
    key,
    items: lastAnswer.get(key) ?? null,
    error: null,
  }));
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);

  useEffect(() => {
    if (!orgId || !patientId) return;
    let live = true;
    fhirClient(orgId)
      .fetchAll('Composition', {
        subject: `Patient/${patientId}`,
        type: `${HEALTH_HISTORY_TYPE.system}|${HEALTH_HISTORY_TYPE.code}`,
      })
      .then(
        (found) => {
          const items = found.map(historyItem).filter((h): h is CaseHistoryItem => h !== null);
          lastAnswer.set(key, items);
          if (live) setState({ key, items, error: null });
        },
        (err: unknown) => {
          if (live)
            setState((s) => ({
              key,
              items: s.key === key ? s.items : (lastAnswer.get(key) ?? null),
              error: err instanceof FhirRequestError ? err.code : 'UNKNOWN',
            }));
        },
      );
    return () => {
      live = false;
    };
  }, [orgId, patientId, key, generation]);

  useEffect(() => {
    const onVisible = (): void => {
      if (document.visibilityState === 'visible') reload();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [reload]);

  const current = state.key === key ? state : { key, items: lastAnswer.get(key) ?? null, error: null };
  const items = current.items;
  const failed = current.error;
  const loading = patientId == null || (items == null && failed == null);
  return useMemo(() => {
    const histories = rankHealthHistories(items ?? [], now);
    return { histories, loading, error: failed, notice: items == null ? null : caseHistoryNotice(histories), reload };
  }, [items, now, loading, failed, reload]);
}
