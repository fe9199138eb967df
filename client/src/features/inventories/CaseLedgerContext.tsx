import type { LedgerLine } from '@vigil/shared';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { RequestError } from '../../data/graphql.js';
import { useCaseValue, type CaseDoc } from '../../case/index.js';
import { fetchLedger, type LedgerEntry } from './api.js';
import { caseLedgerLines } from './caseLines.js';

/** How often the case screen asks the ledger again while it is open (a waste made on another tablet). */
export const CASE_LEDGER_REFRESH_MS = 60_000;

/**
 * The case's controlled-drug reconciliation on the case screen: loading, ready (lines), offline
 * (the ledger is on the server only), error (a refusal's code), or off (the organisation keeps
 * no ledger: the flag was turned off since this device last read it).
 */
export type CaseLedgerStatus = 'loading' | 'ready' | 'offline' | 'error' | 'off';

export interface CaseLedgerState {
  orgId: string;
  caseId: string;
  status: CaseLedgerStatus;
  /** Ready: one line per controlled drug drawn for the case (LG10), against this device's charting. */
  lines: readonly LedgerLine[] | null;
  /** Ready: the witnessed corrections made after the case was signed (issue 35 item 5), oldest first. */
  corrections: readonly LedgerEntry[];
  /** Error: the refusal's code. */
  error: string | null;
  reload: () => void;
}

const CaseLedgerContext = createContext<CaseLedgerState | null>(null);

export interface CaseLedgerProviderProps {
  orgId: string;
  caseId: string;
  doc: CaseDoc | undefined;
  /** The organisation's drugInventory flag: without it nothing is fetched and there is no ledger. */
  enabled: boolean;
  children: ReactNode;
}

/**
 * Gives the case screen its controlled-drug lines (issue 29): the ledger's entries for the case,
 * read from the server when the case opens, when the tablet comes back online or to the front,
 * every CASE_LEDGER_REFRESH_MS and on demand, set against the doses charted in the case document
 * as they change. Both the reconciliation panel and the sign-off checks (SO15) read it. Never
 * blocks charting: offline it only says so.
 */
export function CaseLedgerProvider({ orgId, caseId, doc, enabled, children }: CaseLedgerProviderProps): ReactNode {
  const [read, setRead] = useState<{ entries: LedgerEntry[] | null; error: string | null }>({
    entries: null,
    error: null,
  });
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    fetchLedger(orgId, { caseId }).then(
      (entries) => live && setRead({ entries, error: null }),
      (err: unknown) =>
        live && setRead({ entries: null, error: err instanceof RequestError ? String(err.code) : 'UNKNOWN' }),
    );
    return () => {
      live = false;
    };
  }, [orgId, caseId, enabled, round]);
  useEffect(() => {
    if (!enabled) return;
    const again = (): void => {
      if (document.visibilityState === 'visible') reload();
    };
    window.addEventListener('online', again);
    window.addEventListener('offline', reload);
    window.addEventListener('focus', again);
    document.addEventListener('visibilitychange', again);
    const timer = window.setInterval(again, CASE_LEDGER_REFRESH_MS);
    return () => {
      window.removeEventListener('online', again);
      window.removeEventListener('offline', reload);
      window.removeEventListener('focus', again);
      document.removeEventListener('visibilitychange', again);
      window.clearInterval(timer);
    };
  }, [enabled, reload]);
  const [drugs] = useCaseValue<unknown>(doc, 'drugsAdministered');
  const [preMeds] = useCaseValue<unknown>(doc, 'preMeds');
  const value = useMemo((): CaseLedgerState | null => {
    if (!enabled) return null;
    const base = { orgId, caseId, reload, lines: null, corrections: [], error: null };
    if (read.error === 'NETWORK_ERROR') return { ...base, status: 'offline' };
    if (read.error === 'FEATURE_DISABLED') return { ...base, status: 'off' };
    if (read.error != null) return { ...base, status: 'error', error: read.error };
    if (read.entries == null || doc == null) return { ...base, status: 'loading' };
    return {
      ...base,
      status: 'ready',
      lines: caseLedgerLines(read.entries, drugs, preMeds),
      corrections: read.entries.filter((e) => e.kind === 'correction'),
    };
  }, [enabled, orgId, caseId, reload, read, doc, drugs, preMeds]);
  return <CaseLedgerContext.Provider value={value}>{children}</CaseLedgerContext.Provider>;
}

/** The case screen's controlled-drug reconciliation; null outside a CaseLedgerProvider or with the flag off. */
export function useCaseLedger(): CaseLedgerState | null {
  return useContext(CaseLedgerContext);
}

/**
 * The case's ledger lines for the sign-off context (SO15): the lines once read from the server;
 * null while loading, offline, refused or without a ledger, so SO15 is then left to the
 * finalize gate, which reads the ledger itself.
 */
export function useCaseLedgerLines(): readonly LedgerLine[] | null {
  const ledger = useCaseLedger();
  return ledger?.status === 'ready' ? ledger.lines : null;
}
