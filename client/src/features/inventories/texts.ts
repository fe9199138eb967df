import { LEDGER_TEXTS, refusalText, type RefusalWording } from '@vigil/shared';

/**
 * [IV3] What a refusal of the ledger's calls says to the person at the safe: the ledger's own
 * wording; every other code reads as the catalogue has it (refusalText, spec 000 §8).
 */
const ERROR_TEXTS: RefusalWording = {
  FEATURE_DISABLED: 'Drug inventory is not turned on for this organisation.',
  NETWORK_ERROR: 'No connection to the server. Controlled-drug entries need the network: try again when online.',
  NOT_FOUND: 'Not found.',
  INVALID_QUANTITY: LEDGER_TEXTS.quantity,
  LOT_EXPIRED: LEDGER_TEXTS.expired,
  CASE_REQUIRED: LEDGER_TEXTS.caseRequired,
  CASE_NOT_FOUND: 'That case was not found in this organisation.',
  WITNESS_REQUIRED: LEDGER_TEXTS.witness,
  WITNESS_SAME_USER: LEDGER_TEXTS.selfWitness,
  // One answer for every witness failure (issue 35 item 6): which part was wrong is never said.
  WITNESS_INVALID:
    'The witness could not be confirmed: check the email and password of a member of this organisation whose sign-in is not locked.',
  TOO_MANY_REQUESTS: 'Too many wrong witness passwords. Wait 15 minutes and try again.',
  REASON_REQUIRED: LEDGER_TEXTS.reason,
  OVER_BALANCE: LEDGER_TEXTS.overBalance,
  OVER_CASE: LEDGER_TEXTS.overCase,
  ADMINISTER_CASE: LEDGER_TEXTS.administerCase,
  CASE_SIGNED: LEDGER_TEXTS.caseSigned,
  CASE_NOT_SIGNED: LEDGER_TEXTS.caseNotSigned,
  CORRECTS_REQUIRED: LEDGER_TEXTS.corrects,
  CORRECTION_REASON_REQUIRED: LEDGER_TEXTS.correctionReason,
  default: 'Something went wrong. Try again.',
};

export function ledgerErrorText(code: string): string {
  return refusalText(code, ERROR_TEXTS);
}

/** Entry kinds as the log and the buttons name them. */
export const KIND_LABELS: Readonly<Record<string, string>> = {
  receive: 'Receive',
  dispense: 'Dispense',
  administer: 'Administer',
  waste: 'Waste',
  return: 'Return',
  adjust: 'Adjust',
  count: 'Count',
  correction: 'Correction',
};

/** [IV4] A lot's stock as packages and amount: "4 × 10 mg (40 mg)"; a part package shown as a decimal. */
export function stockText(balance: number, packageAmount: number, unit: string): string {
  const packages = Math.round((balance / packageAmount) * 100) / 100;
  return `${packages} × ${packageAmount} ${unit} (${balance} ${unit})`;
}

/** [IV7] A line in words: "Drawn 10 mg = given 4 + wasted 6 + returned 0". */
export function reconciliationText(l: {
  drawn: number;
  given: number;
  wasted: number;
  returned: number;
  unit: string;
}): string {
  return `Drawn ${l.drawn} ${l.unit} · given ${l.given} · wasted ${l.wasted} · returned ${l.returned}`;
}

/** [IV7] Whether a line reconciles, in words: "Reconciled", "6 mg unaccounted for", "2 mg more than drawn". */
export function lineStatusText(l: { reconciles: boolean; difference: number; unit: string }): string {
  if (l.reconciles) return 'Reconciled';
  const n = Number(Math.abs(l.difference).toFixed(4));
  return l.difference > 0 ? `${n} ${l.unit} unaccounted for` : `${n} ${l.unit} more than drawn`;
}

/** What the case screen's reconciliation says without the network (IV9). */
export const CASE_LEDGER_OFFLINE =
  'The controlled-drug reconciliation needs the network. Charting goes on; the ledger is checked again at sign-off.';

/**
 * [IV8] A case as the log and its filter name it, as the cases list does: the patient, the date
 * and time it starts, the procedure ("Ada Lovelace · Nov 20, 2026, 9:00 AM · Implant"); a part
 * the organisation does not know is left out, and a case known by nothing reads by its id.
 */
export function ledgerCaseText(
  caseId: string,
  c: { patientName: string | null; start: string | null; procedure: string | null } | null,
  options: { locale?: string; timeZone?: string } = {},
): string {
  const start = c?.start ? new Date(c.start) : null;
  const when =
    start && Number.isFinite(start.getTime())
      ? start.toLocaleString(options.locale, {
          month: 'short',
          day: 'numeric',
          year: 'numeric',
          hour: 'numeric',
          minute: '2-digit',
          ...(options.timeZone ? { timeZone: options.timeZone } : {}),
        })
      : null;
  const parts = [c?.patientName, when, c?.procedure].filter((p): p is string => p != null && p !== '');
  return parts.length === 0 ? `Case ${caseId}` : parts.join(' · ');
}
