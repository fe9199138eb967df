/**
 * The ledger's chain, split from inventories/service.ts (issue 36 item 7): appending an entry
 * (its rules checked against the entries before it, chained on the previous hash, recorded in
 * the change feed in the same unit of work), the chain check, and a case's reconciled lines.
 */
import {
  LEDGER_CHAIN_GENESIS,
  canonicalLedgerEntry,
  caseRemaining,
  chartedDoses,
  ledgerChainProblems,
  ledgerEntryHash,
  ledgerEntryIssues,
  lotBalance,
  newId,
  reconcileLedger,
  type LedgerEntryContent,
  type LedgerLine,
} from '@vigil/shared';
import { AppError } from '../errors.js';
import type { InventoryStore, LotRecord } from '../store/inventories/types.js';
import { CASE_MOVES, dateOf } from './inputs.js';
import type { InventoryDeps } from './service.js';
import { ledgerViews, type LedgerEntryView } from './views.js';

export interface LedgerCheckReport {
  ok: boolean;
  entries: number;
  head: string;
  problems: string[];
}

/** What appending reads and writes: the store, its unit of work, the change feed, and the views' names. */
export type LedgerDeps = Pick<InventoryDeps, 'inventories' | 'resources' | 'changes' | 'accounts' | 'now'>;

/** Appends one entry (and a new lot with it) and answers it as the log shows it. */
export async function appendLedgerEntry(
  deps: LedgerDeps,
  orgId: string,
  lot: LotRecord,
  newLot: LotRecord | undefined,
  content: LedgerEntryContent,
): Promise<LedgerEntryView> {
  const today = dateOf(content.at);
  // The entry and its change-feed record in one unit of work (joined when the caller holds one).
  const stored = await deps.resources.transaction(async () => {
    const entry = await appendEntry(deps, today, lot, newLot, content, orgId);
    await deps.changes?.append({
      kind: 'ledger.entry',
      at: content.at,
      orgId,
      payload: {
        entryId: entry.id,
        entryKind: entry.kind,
        inventoryId: entry.inventoryId,
        lotId: entry.lotId,
        caseId: entry.caseId,
      },
    });
    return entry;
  });
  return (await ledgerViews(deps, orgId, [stored]))[0]!;
}

function appendEntry(
  deps: Pick<InventoryDeps, 'inventories'>,
  today: string,
  lot: LotRecord,
  newLot: LotRecord | undefined,
  content: LedgerEntryContent,
  orgId: string,
): ReturnType<InventoryStore['append']> {
  return deps.inventories.append(
    { ...(newLot ? { newLot } : {}), entry: { ...content, id: newId('led'), orgId } },
    (earlier) => {
      const balance = lotBalance(earlier);
      const issues = ledgerEntryIssues({
        entry: content,
        lot,
        balance,
        caseRemaining: content.caseId == null ? null : caseRemaining(earlier, content.caseId),
        today,
      });
      const first = issues[0];
      if (first) throw new AppError(409, first.code);
      // A count keeps the balance the ledger expected beside what was found.
      return { expected: content.kind === 'count' ? balance : null };
    },
    (prev, e) => ledgerEntryHash(prev, canonicalLedgerEntry(e)),
    LEDGER_CHAIN_GENESIS,
  );
}

/** A signed case takes only corrections (CASE_SIGNED); a correction is for a signed case only (CASE_NOT_SIGNED). */
export async function refuseForSigning(
  deps: Pick<InventoryDeps, 'signed'>,
  orgId: string,
  caseId: string | null,
  kind: string,
): Promise<void> {
  const signed = caseId != null && (await deps.signed.isSigned(orgId, 'Composition', caseId));
  if (signed && CASE_MOVES.has(kind)) throw new AppError(409, 'CASE_SIGNED');
  if (kind === 'correction' && caseId != null && !signed) throw new AppError(409, 'CASE_NOT_SIGNED');
}

/** The chain check itself (read-only): every entry follows the one before, matches its hash and the anchor. */
export async function checkLedgerChain(
  deps: Pick<InventoryDeps, 'inventories'>,
  orgId: string,
): Promise<LedgerCheckReport> {
  const entries = await deps.inventories.entries(orgId);
  const problems = ledgerChainProblems(
    entries.map((e) => ({ seq: e.seq, canonical: canonicalLedgerEntry(e), prevHash: e.prevHash, hash: e.hash })),
  );
  // Issue 35 item 9: the last entries removed leave a chain that verifies; the anchor, written
  // with every append, still names its length and last hash.
  const anchor = await deps.inventories.anchor(orgId);
  const last = entries.at(-1);
  if (anchor != null && (last?.seq ?? 0) < anchor.length)
    problems.push(
      `the ledger ends at entry ${last?.seq ?? 0} but entry ${anchor.length} was written: the last ${anchor.length - (last?.seq ?? 0)} are missing`,
    );
  else if (anchor != null && (last?.seq !== anchor.length || last.hash !== anchor.head))
    problems.push(`entry ${last?.seq ?? 0}: does not match the anchored head (entry ${anchor.length})`);
  return {
    ok: problems.length === 0,
    entries: entries.length,
    head: entries.at(-1)?.hash ?? LEDGER_CHAIN_GENESIS,
    problems,
  };
}

/** A case's controlled-drug lines reconciled against its charted doses (see InventoryService.ledgerLinesForCase). */
export async function ledgerLinesForCase(
  deps: Pick<InventoryDeps, 'inventories' | 'rooms'>,
  orgId: string,
  compositionId: string,
  caseContent?: unknown,
): Promise<LedgerLine[]> {
  const entries = await deps.inventories.entries(orgId, { caseId: compositionId });
  if (entries.length === 0) return [];
  const content =
    caseContent !== undefined
      ? caseContent
      : (await deps.rooms.snapshot({ orgId, docId: compositionId, name: `${orgId}/${compositionId}` })).content;
  return reconcileLedger(
    entries.map((e) => ({
      kind: e.kind,
      corrects: e.corrects ?? null,
      quantity: e.quantity,
      drug: e.lot.drug,
      unit: e.lot.unit,
    })),
    chartedDoses(content),
  );
}
