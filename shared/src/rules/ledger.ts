import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { errorIssue, type Issue } from '../case-data/issue.js';
import { canonicalJson } from '../sync/content-hash.js';
import { convertMass, type MassUnit } from './drugs.js';

/**
 * The controlled-substance ledger (issue 29; spec 000 §2 inventories routes, §3 drugInventory).
 * An inventory (a safe, a cart) holds lots; every movement of a lot is one append-only entry,
 * hash-chained so an edit or a deletion is detected. Quantities are in the lot's unit (a mass
 * unit: a lot of midazolam 5 mg/mL in 2 mL vials counts in mg, 10 mg a vial).
 */

/**
 * [LG1] The entry kinds. A correction (issue 35) is what a signed case's controlled drugs need
 * after signing: a witnessed entry with a reason that acts as the dispense, waste or return it
 * corrects (LG14).
 */
export const LEDGER_ENTRY_KINDS = [
  'receive',
  'dispense',
  'administer',
  'waste',
  'return',
  'adjust',
  'count',
  'correction',
] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

/** [LG14] What a correction may stand for: a draw, a waste or a return for the case it names. */
export const LEDGER_CORRECTABLE_KINDS = ['dispense', 'waste', 'return'] as const;
export type LedgerCorrectableKind = (typeof LEDGER_CORRECTABLE_KINDS)[number];

/** DEA schedules a lot may carry (schedule I drugs have no accepted medical use). */
export const DEA_SCHEDULES = ['II', 'III', 'IV', 'V'] as const;
export type DeaSchedule = (typeof DEA_SCHEDULES)[number];

/** Units a lot counts in. */
export const LEDGER_UNITS = ['mg', 'mcg', 'g'] as const satisfies readonly MassUnit[];
export type LedgerUnit = (typeof LEDGER_UNITS)[number];

/** One controlled-drug line of a case: what was drawn for it against where it went (seam.md). */
export interface LedgerLine {
  drug: string;
  unit: string;
  drawn: number;
  given: number;
  wasted: number;
  returned: number;
}

/** What a ledger entry says; the server adds id, organisation and the chain's hashes. */
export interface LedgerEntryContent {
  kind: LedgerEntryKind;
  inventoryId: string;
  lotId: string;
  /** In the lot's unit; > 0, except adjust which is a signed change and count which is 0. */
  quantity: number;
  /** The case (its Composition id) a dispense, return, or a waste/administration of a drawn amount belongs to. */
  caseId: string | null;
  /** Who made the entry (the server's session user). */
  userId: string;
  /** Who witnessed a waste (checked by the server with their own credentials). */
  witnessId: string | null;
  /** Why: required for adjust, optional otherwise. */
  reason: string | null;
  /** A count: the balance the ledger expected and what was found. */
  expected: number | null;
  found: number | null;
  /** Epoch ms, stamped by the server. */
  at: number;
  /** A correction: the kind it stands for (LG14); absent or null for every other kind. */
  corrects?: LedgerCorrectableKind | null;
}

/** The entry fields the stock and case rules read. */
type Movement = Pick<LedgerEntryContent, 'kind' | 'quantity' | 'caseId' | 'corrects'>;

/**
 * [LG14] The kind an entry counts as in the stock and the case's reconciliation: a correction
 * as the kind it corrects, every other entry as itself.
 */
export function countsAs(e: Pick<LedgerEntryContent, 'kind' | 'corrects'>): LedgerEntryKind {
  return e.kind === 'correction' ? (e.corrects ?? 'correction') : e.kind;
}

/**
 * [LG2] What an entry does to the lot's stock: receive and return add, dispense takes what goes
 * to a case, adjust adds its signed quantity, count changes nothing (a difference is corrected by
 * an adjust). Waste and administer take from the stock when they name no case (a broken vial,
 * a dose given straight from the cart); with a case they come out of what was drawn for it.
 */
export function stockDelta(e: Movement): number {
  switch (countsAs(e)) {
    case 'receive':
    case 'return':
      return e.quantity;
    case 'dispense':
      return -e.quantity;
    case 'waste':
    case 'administer':
      return e.caseId == null ? -e.quantity : 0;
    case 'adjust':
      return e.quantity;
    case 'count':
    case 'correction': // a correction that says nothing it corrects changes nothing (LG5 refuses it)
      return 0;
  }
}

const round6 = (n: number): number => Math.round(n * 1e6) / 1e6 + 0; // + 0 turns −0 into 0

/** [LG3] A lot's balance: the sum of its entries' stock changes, in the lot's unit. */
export function lotBalance(entries: readonly Movement[]): number {
  return round6(entries.reduce((s, e) => s + stockDelta(e), 0));
}

/** A lot as the rules need it. */
export interface LedgerLot {
  drug: string;
  unit: LedgerUnit;
  /** YYYY-MM-DD; the lot may be used through that day. */
  expiry: string;
}

/** [LG4] A lot is expired from the day after its expiry date (YYYY-MM-DD), compared with today's date. */
export function isLotExpired(expiry: string, today: string): boolean {
  return today > expiry;
}

/** The texts of LG5 refusals. */
export const LEDGER_TEXTS = {
  quantity: 'Enter a quantity greater than 0.',
  adjustQuantity: 'Enter the change: a number other than 0 (negative to remove).',
  expired: 'This lot is expired and cannot be received or dispensed.',
  reason: 'Enter a reason for the adjustment.',
  witness: 'A waste needs a second person to witness it.',
  selfWitness: 'The witness must be someone other than the person wasting.',
  caseRequired: 'Choose the case this is for.',
  overBalance: 'More than the lot holds.',
  overCase: 'More than is left of what was drawn for this case.',
  found: 'Enter the count found (0 or more).',
  administerCase:
    'A dose given in a case is charted in the case, not recorded here: dispense for the case and chart the dose.',
  caseSigned:
    'This case is signed: its controlled drugs can only be corrected, with a witness and a reason (Correction).',
  caseNotSigned: 'A correction is for a signed case; before signing, record the dispense, waste or return itself.',
  corrects: 'Choose what the correction records: a dispense, a waste or a return.',
  correctionWitness: 'A correction needs a second person to witness it.',
  correctionReason: 'Enter the reason for the correction.',
} as const;

/** What the rules know when an entry is about to be appended. */
export interface LedgerEntryCheck {
  entry: Omit<LedgerEntryContent, 'at' | 'expected'>;
  lot: LedgerLot;
  /** The lot's balance before this entry. */
  balance: number;
  /** For an entry naming a case: what is left of what was drawn from this lot for the case. */
  caseRemaining: number | null;
  /** Today's date, YYYY-MM-DD, in the organisation's time zone. */
  today: string;
}

/**
 * [LG5] Checks an entry before it is appended: a quantity > 0 (an adjust ≠ 0, a count's found
 * ≥ 0); receive and dispense refused for an expired lot (LG4); dispense and return name a case;
 * waste needs a witness other than the user; adjust needs a reason; nothing taken from the stock
 * beyond its balance; nothing wasted, given or returned for a case beyond what is left of what
 * was drawn for it.
 */
export function ledgerEntryIssues(c: LedgerEntryCheck): Issue[] {
  const { entry: e } = c;
  const issues: Issue[] = [];
  if (e.kind === 'count') {
    if (e.found == null || !Number.isFinite(e.found) || e.found < 0)
      issues.push(errorIssue('INVALID_QUANTITY', LEDGER_TEXTS.found, ['found']));
  } else if (e.kind === 'adjust') {
    if (!Number.isFinite(e.quantity) || e.quantity === 0)
      issues.push(errorIssue('INVALID_QUANTITY', LEDGER_TEXTS.adjustQuantity, ['quantity']));
  } else if (!Number.isFinite(e.quantity) || e.quantity <= 0) {
    issues.push(errorIssue('INVALID_QUANTITY', LEDGER_TEXTS.quantity, ['quantity']));
  }
  if ((e.kind === 'receive' || e.kind === 'dispense') && isLotExpired(c.lot.expiry, c.today))
    issues.push(errorIssue('LOT_EXPIRED', LEDGER_TEXTS.expired, ['lotId']));
  if ((e.kind === 'dispense' || e.kind === 'return') && (e.caseId == null || e.caseId === ''))
    issues.push(errorIssue('CASE_REQUIRED', LEDGER_TEXTS.caseRequired, ['caseId']));
  if (e.kind === 'waste') {
    if (e.witnessId == null) issues.push(errorIssue('WITNESS_REQUIRED', LEDGER_TEXTS.witness, ['witness']));
    else if (e.witnessId === e.userId)
      issues.push(errorIssue('WITNESS_SAME_USER', LEDGER_TEXTS.selfWitness, ['witness']));
  }
  if (e.kind === 'adjust' && (e.reason == null || e.reason.trim() === ''))
    issues.push(errorIssue('REASON_REQUIRED', LEDGER_TEXTS.reason, ['reason']));
  // A dose given in a case is charted there; an administer entry for it would count it twice (LG10).
  if (e.kind === 'administer' && e.caseId != null)
    issues.push(errorIssue('ADMINISTER_CASE', LEDGER_TEXTS.administerCase, ['caseId']));
  if (e.kind === 'correction') {
    if (e.corrects == null || !(LEDGER_CORRECTABLE_KINDS as readonly string[]).includes(e.corrects))
      issues.push(errorIssue('CORRECTS_REQUIRED', LEDGER_TEXTS.corrects, ['corrects']));
    if (e.caseId == null || e.caseId === '')
      issues.push(errorIssue('CASE_REQUIRED', LEDGER_TEXTS.caseRequired, ['caseId']));
    if (e.witnessId == null) issues.push(errorIssue('WITNESS_REQUIRED', LEDGER_TEXTS.correctionWitness, ['witness']));
    else if (e.witnessId === e.userId)
      issues.push(errorIssue('WITNESS_SAME_USER', LEDGER_TEXTS.selfWitness, ['witness']));
    if (e.reason == null || e.reason.trim() === '')
      issues.push(errorIssue('CORRECTION_REASON_REQUIRED', LEDGER_TEXTS.correctionReason, ['reason']));
  }
  if (issues.length > 0) return issues;
  const delta = stockDelta(e);
  if (delta < 0 && round6(c.balance + delta) < 0)
    issues.push(errorIssue('OVER_BALANCE', LEDGER_TEXTS.overBalance, ['quantity']));
  const kind = countsAs(e);
  const fromCase = e.caseId != null && (kind === 'waste' || kind === 'administer' || kind === 'return');
  if (fromCase && round6((c.caseRemaining ?? 0) - e.quantity) < 0)
    issues.push(errorIssue('OVER_CASE', LEDGER_TEXTS.overCase, ['quantity']));
  return issues;
}

/**
 * [LG6] What is left of what was drawn from a lot for a case, as far as the ledger knows:
 * dispensed − wasted − administered − returned (the case's charted doses are not in the ledger).
 */
export function caseRemaining(entries: readonly Movement[], caseId: string): number {
  let left = 0;
  for (const e of entries) {
    if (e.caseId !== caseId) continue;
    const kind = countsAs(e);
    if (kind === 'dispense') left += e.quantity;
    else if (kind === 'waste' || kind === 'administer' || kind === 'return') left -= e.quantity;
  }
  return round6(left);
}

/** What the chain keeps of a lot with each of its entries, so a lot edited in place breaks the chain too. */
export interface LedgerLotDescription {
  drug: string;
  strength: string;
  schedule: DeaSchedule;
  lotNumber: string;
  expiry: string;
  unit: LedgerUnit;
  packageAmount: number;
  gtin: string | null;
  ndc: string | null;
  serialNumber: string | null;
}

/**
 * [LG7] The canonical form of an entry that the chain hashes: its id, organisation, sequence,
 * content and its lot's description, keys sorted (shared canonicalJson), absent values null.
 */
export function canonicalLedgerEntry(
  e: LedgerEntryContent & { id: string; orgId: string; seq: number; lot: LedgerLotDescription },
): string {
  return canonicalJson({
    lot: {
      drug: e.lot.drug,
      strength: e.lot.strength,
      schedule: e.lot.schedule,
      lotNumber: e.lot.lotNumber,
      expiry: e.lot.expiry,
      unit: e.lot.unit,
      packageAmount: e.lot.packageAmount,
      gtin: e.lot.gtin,
      ndc: e.lot.ndc,
      serialNumber: e.lot.serialNumber,
    },
    id: e.id,
    orgId: e.orgId,
    seq: e.seq,
    kind: e.kind,
    inventoryId: e.inventoryId,
    lotId: e.lotId,
    quantity: e.quantity,
    caseId: e.caseId,
    userId: e.userId,
    witnessId: e.witnessId,
    reason: e.reason,
    expected: e.expected,
    found: e.found,
    at: e.at,
    // Only a correction carries it, so the entries written before it existed keep their hashes.
    ...(e.corrects != null ? { corrects: e.corrects } : {}),
  });
}

/** The previous hash of an organisation's first entry. */
export const LEDGER_CHAIN_GENESIS = '0'.repeat(64);

/** [LG8] The chain hash of an entry: SHA-256 (hex) over the previous entry's hash, a newline, and the entry's canonical form. */
export function ledgerEntryHash(prevHash: string, canonical: string): string {
  return bytesToHex(sha256(utf8ToBytes(`${prevHash}\n${canonical}`)));
}

/** A stored entry as the chain check reads it. */
export interface ChainedLedgerEntry {
  seq: number;
  canonical: string;
  prevHash: string;
  hash: string;
}

/**
 * [LG9] Walks an organisation's chain in order: each entry must name the previous entry's hash
 * (the first the genesis), its sequence must follow the last one, and its hash must match its
 * content as stored now. Returns one sentence per problem; none means the ledger is intact.
 */
export function ledgerChainProblems(entries: readonly ChainedLedgerEntry[]): string[] {
  const problems: string[] = [];
  let prev = LEDGER_CHAIN_GENESIS;
  let seq = 0;
  for (const e of entries) {
    if (e.seq !== seq + 1) problems.push(`entry ${e.seq}: entry ${seq + 1} is missing`);
    if (e.prevHash !== prev) problems.push(`entry ${e.seq}: does not follow the previous entry`);
    if (ledgerEntryHash(e.prevHash, e.canonical) !== e.hash)
      problems.push(`entry ${e.seq}: was changed after it was written`);
    prev = e.hash;
    seq = e.seq;
  }
  return problems;
}

/** A ledger entry of a case with its lot's drug and unit (reconcileLedger's input). */
export interface CaseLedgerEntry {
  kind: LedgerEntryKind;
  /** A correction: the kind it stands for (LG14). */
  corrects?: LedgerCorrectableKind | null;
  quantity: number;
  drug: string;
  unit: LedgerUnit;
}

/** A dose charted in the case, as its drug list holds it. */
export interface ChartedDose {
  drug: string;
  amount: number;
  unit: string;
}

/** Drug names compared as a clinician reads them: case and surrounding spaces ignored. */
export const drugKey = (name: string): string => name.trim().toLowerCase();

/**
 * [LG10] A case's ledger lines, one per controlled drug drawn for it (its name and the unit of
 * the first lot it was drawn from): drawn = the dispenses; given = the case's charted doses of
 * that drug plus administer entries; wasted and returned their entries. Other units of the same
 * mass are converted (1 mg = 1000 mcg); a charted dose in a unit that is not a mass is left out.
 * A drug charted but never drawn from an inventory has no line.
 */
export function reconcileLedger(entries: readonly CaseLedgerEntry[], charted: readonly ChartedDose[]): LedgerLine[] {
  const lines = new Map<string, LedgerLine>();
  const isMass = (u: string): u is MassUnit => u === 'mg' || u === 'mcg' || u === 'g';
  for (const e of entries) {
    const key = drugKey(e.drug);
    let line = lines.get(key);
    if (line == null) {
      line = { drug: e.drug.trim(), unit: e.unit, drawn: 0, given: 0, wasted: 0, returned: 0 };
      lines.set(key, line);
    }
    const q = convertMass(e.quantity, e.unit, line.unit as MassUnit);
    const kind = countsAs(e);
    if (kind === 'dispense') line.drawn += q;
    else if (kind === 'administer') line.given += q;
    else if (kind === 'waste') line.wasted += q;
    else if (kind === 'return') line.returned += q;
  }
  for (const d of charted) {
    const line = lines.get(drugKey(d.drug));
    if (line == null || !isMass(d.unit) || !Number.isFinite(d.amount)) continue;
    line.given += convertMass(d.amount, d.unit, line.unit as MassUnit);
  }
  return [...lines.values()].map((l) => ({
    ...l,
    drawn: round6(l.drawn),
    given: round6(l.given),
    wasted: round6(l.wasted),
    returned: round6(l.returned),
  }));
}

/** [LG11] A line reconciles when drawn = given + wasted + returned (to a millionth of the unit). */
export function ledgerLineReconciles(line: LedgerLine): boolean {
  return Math.abs(line.drawn - (line.given + line.wasted + line.returned)) < 1e-6;
}

/** [LG11] What a line lacks: drawn − given − wasted − returned (positive: unaccounted; negative: more used than drawn). */
export function ledgerLineDifference(line: LedgerLine): number {
  return round6(line.drawn - line.given - line.wasted - line.returned);
}

/**
 * [LG12] The doses charted in a case document's drug list (`drugsAdministered`, each entry's
 * name and doses; pre-meds by drugName). Reads the stored content loosely: entries without a
 * name or a numeric amount are skipped.
 */
export function chartedDoses(caseContent: unknown): ChartedDose[] {
  const out: ChartedDose[] = [];
  if (caseContent == null || typeof caseContent !== 'object') return out;
  const c = caseContent as Record<string, unknown>;
  const given = Array.isArray(c.drugsAdministered) ? (c.drugsAdministered as unknown[]) : [];
  for (const raw of given) {
    if (raw == null || typeof raw !== 'object') continue;
    const entry = raw as { name?: unknown; doses?: unknown };
    if (typeof entry.name !== 'string' || !Array.isArray(entry.doses)) continue;
    for (const dose of entry.doses as unknown[]) {
      const d = dose as { amount?: unknown; unit?: unknown } | null;
      if (d != null && typeof d.amount === 'number' && typeof d.unit === 'string')
        out.push({ drug: entry.name, amount: d.amount, unit: d.unit });
    }
  }
  const preMeds = Array.isArray(c.preMeds) ? (c.preMeds as unknown[]) : [];
  for (const raw of preMeds) {
    const p = raw as { drugName?: unknown; dosage?: unknown; unit?: unknown } | null;
    if (p != null && typeof p.drugName === 'string' && typeof p.dosage === 'number' && typeof p.unit === 'string')
      out.push({ drug: p.drugName, amount: p.dosage, unit: p.unit });
  }
  return out;
}

/** [LG13] Days a lot is "expiring soon" on the inventories list. */
export const LEDGER_EXPIRING_SOON_DAYS = 90;

/** [LG13] A lot expires soon when its expiry date is within LEDGER_EXPIRING_SOON_DAYS days of today (and not past). */
export function isLotExpiringSoon(expiry: string, today: string): boolean {
  if (isLotExpired(expiry, today)) return false;
  const days = (Date.parse(`${expiry}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000;
  return days <= LEDGER_EXPIRING_SOON_DAYS;
}
