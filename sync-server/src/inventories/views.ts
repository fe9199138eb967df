/**
 * The ledger as the screens show it, split from inventories/service.ts (issue 36 item 7): lots
 * with their stock and expiry state, and entries with names (inventory, user, witness, case)
 * instead of ids. Read-only.
 */
import {
  appointmentActorId,
  isLotExpired,
  isLotExpiringSoon,
  lotBalance,
  patientDisplayName,
  referenceId,
  type Appointment,
  type Composition,
  type LedgerLine,
  type Patient,
} from '@vigil/shared';
import type { InventoryRecord, LedgerEntryRecord, LotRecord } from '../store/inventories/types.js';
import { dateOf } from './inputs.js';
import type { InventoryDeps } from './service.js';

/** A lot as the screens show it: its stock now and its expiry state. */
export interface LotView extends LotRecord {
  balance: number;
  expired: boolean;
  expiringSoon: boolean;
}

export interface InventoryView extends InventoryRecord {
  lots: LotView[];
}

/**
 * The case an entry names, as the cases list names it: the patient, the start and the procedure
 * of its Appointment (or, for a case without one, its Composition's subject and date). Each is
 * null when it is not known in the organisation.
 */
export interface LedgerCaseView {
  id: string;
  patientName: string | null;
  /** Epoch ms. */
  start: number | null;
  procedure: string | null;
}

/** An entry as the log shows it: names instead of ids. */
export interface LedgerEntryView extends LedgerEntryRecord {
  inventoryName: string;
  userName: string;
  witnessName: string | null;
  /** The entry's case, resolved in the entry's (the caller's) organisation only; null without a case. */
  case: LedgerCaseView | null;
}

export interface CaseLedgerLine extends LedgerLine {
  reconciles: boolean;
  difference: number;
}

/** What the views read: the inventories, the accounts (names), the cases' resources and the clock. */
export type ViewDeps = Pick<InventoryDeps, 'inventories' | 'accounts' | 'resources' | 'now'>;

/** Names for the log (users and cases looked up once each). */
export async function ledgerViews(
  deps: ViewDeps,
  orgId: string,
  entries: LedgerEntryRecord[],
): Promise<LedgerEntryView[]> {
  const names = new Map<string, string>();
  const name = async (userId: string): Promise<string> => {
    let n = names.get(userId);
    if (n == null) {
      n = (await deps.accounts.userById(userId))?.name ?? userId;
      names.set(userId, n);
    }
    return n;
  };
  const cases = new Map<string, LedgerCaseView>();
  const caseOf = async (caseId: string | null): Promise<LedgerCaseView | null> => {
    if (caseId == null) return null;
    let c = cases.get(caseId);
    if (c == null) {
      c = await caseView(deps, orgId, caseId);
      cases.set(caseId, c);
    }
    return c;
  };
  const inventories = new Map((await deps.inventories.inventories(orgId)).map((i) => [i.id, i.name]));
  const out: LedgerEntryView[] = [];
  for (const e of entries)
    out.push({
      ...e,
      inventoryName: inventories.get(e.inventoryId) ?? e.inventoryId,
      userName: await name(e.userId),
      witnessName: e.witnessId == null ? null : await name(e.witnessId),
      case: await caseOf(e.caseId),
    });
  return out;
}

/**
 * A case as the log names it, read in `orgId` only (the resource store answers nothing of
 * another organisation): its Appointment's patient, start and description, else its
 * Composition's subject and date.
 */
export async function caseView(deps: ViewDeps, orgId: string, caseId: string): Promise<LedgerCaseView> {
  const read = async <T>(type: 'Appointment' | 'Composition' | 'Patient', id: string): Promise<T | null> => {
    const stored = await deps.resources.read(orgId, type, id);
    return stored == null || stored.deleted ? null : ((stored.resource as T | null) ?? null);
  };
  const patientName = async (patientId: string | null): Promise<string | null> => {
    const patient = patientId == null ? null : await read<Patient>('Patient', patientId);
    return (patient && patientDisplayName(patient)) || null;
  };
  const time = (iso: string | undefined): number | null => {
    const t = iso == null ? Number.NaN : Date.parse(iso);
    return Number.isFinite(t) ? t : null;
  };
  const appointment = await read<Appointment>('Appointment', caseId);
  if (appointment)
    return {
      id: caseId,
      patientName: await patientName(appointmentActorId(appointment, 'Patient')),
      start: time(appointment.start),
      procedure: appointment.description?.trim() || null,
    };
  const composition = await read<Composition>('Composition', caseId);
  return {
    id: caseId,
    patientName: composition ? await patientName(referenceId(composition.subject, 'Patient')) : null,
    start: time(composition?.date),
    procedure: null,
  };
}

export async function lotViews(deps: ViewDeps, orgId: string, inventoryId?: string): Promise<LotView[]> {
  const today = dateOf(deps.now());
  const lots = await deps.inventories.lots(orgId, inventoryId);
  const entries = await deps.inventories.movements(orgId, inventoryId);
  return lots.map((l) => ({
    ...l,
    balance: lotBalance(entries.filter((e) => e.lotId === l.id)),
    expired: isLotExpired(l.expiry, today),
    expiringSoon: isLotExpiringSoon(l.expiry, today),
  }));
}
