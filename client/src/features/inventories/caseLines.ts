import { LEDGER_UNITS, chartedDoses, reconcileLedger, type LedgerLine, type LedgerUnit } from '@vigil/shared';
import type { LedgerEntry } from './api.js';

const UNITS: ReadonlySet<string> = new Set(LEDGER_UNITS);

/**
 * [IV9] A case's controlled-drug lines on the case screen: the ledger's entries for the case (from
 * the server) against the doses charted in this device's copy of the case (LG10, LG12), so the
 * reconciliation and SO15 follow the charting as it happens. Entries in a unit that is not a
 * ledger unit are left out.
 */
export function caseLedgerLines(
  entries: readonly (Pick<LedgerEntry, 'kind' | 'quantity' | 'drug' | 'unit'> &
    Partial<Pick<LedgerEntry, 'corrects'>>)[],
  drugsAdministered: unknown,
  preMeds: unknown,
): LedgerLine[] {
  const moves = entries.flatMap((e) =>
    UNITS.has(e.unit) && e.kind !== 'count'
      ? [
          {
            kind: e.kind,
            corrects: e.corrects ?? null,
            quantity: e.quantity,
            drug: e.drug,
            unit: e.unit as LedgerUnit,
          },
        ]
      : [],
  );
  return reconcileLedger(moves, chartedDoses({ drugsAdministered, preMeds }));
}
