import { isReceivingReadings, type LiveCaseView, type LiveVitalsEvent } from '@vigil/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { LiveVitalsListener } from '../../data/db.js';
import { errorCode } from '../../data/graphql.js';
import { fetchLiveCases } from './api.js';
import { applyLiveVitalsEvent } from './liveRows.js';

/** What a live screen holds: the rows, the first load's state, and the listener its live stream feeds. */
export interface LiveCases {
  rows: readonly LiveCaseView[] | null;
  error: string | null;
  /** Hand to useLiveResourceEvents: its `ready` reads the list again, its summaries update the rows. */
  listener: LiveVitalsListener;
  reload: () => void;
}

/**
 * The cases in progress, read with `load` and kept live by the summaries pushed on the live-event
 * stream (the caller opens it with `listener`): a summary of a listed case updates its row; of a
 * case not listed yet, the list is read again (for its names); the stream opening (again) reads
 * it again too, so nothing missed while it was closed stays missed.
 */
export function useLiveCases(load: () => Promise<LiveCaseView[]>): LiveCases {
  const [rows, setRows] = useState<readonly LiveCaseView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const round = useRef(0);
  const reload = useCallback(() => {
    const mine = ++round.current;
    load().then(
      (data) => {
        if (mine !== round.current) return;
        setRows(data);
        setError(null);
      },
      (err: unknown) => mine === round.current && setError(errorCode(err)),
    );
  }, [load]);
  useEffect(() => {
    reload();
    // An answer arriving after the screen left (or after a new `load`) is dropped.
    const rounds = round;
    return () => {
      rounds.current++;
    };
  }, [reload]);
  const listener = useMemo<LiveVitalsListener>(
    () => ({
      onReady: reload,
      onLiveVitals: (event: LiveVitalsEvent) => {
        const current = rowsRef.current;
        if (current === null) return;
        const next = applyLiveVitalsEvent(current, event);
        if (next.reload) reload();
        else if (next.rows !== current) setRows(next.rows);
      },
    }),
    [reload],
  );
  return { rows, error, listener, reload };
}

/** The office's live cases (liveCases). */
export function useOrgLiveCases(orgId: string): LiveCases {
  return useLiveCases(useCallback(() => fetchLiveCases(orgId), [orgId]));
}

/** The page's clock, moved on every `periodMs` (a live row's freshness turns orange, red, then hides by the second). */
export function useSecondClock(periodMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), periodMs);
    return () => window.clearInterval(timer);
  }, [periodMs]);
  return now;
}

/** [LV3] The cases receiving readings at `now`, by id: the calendar's 'live' state. */
export function receivingCases(rows: readonly LiveCaseView[] | null, now: number): ReadonlySet<string> {
  return new Set((rows ?? []).filter((r) => isReceivingReadings(r, now)).map((r) => r.caseId));
}
