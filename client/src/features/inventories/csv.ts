/** One row of the ledger log as exported. */
export interface LedgerCsvRow {
  at: string;
  seq: number;
  kind: string;
  inventoryName: string;
  drug: string;
  lotNumber: string;
  quantity: number;
  unit: string;
  caseId: string | null;
  /** The case named as the server resolved it in the organisation. */
  case: { patientName: string | null; start: string | null; procedure: string | null } | null;
  userName: string;
  witnessName: string | null;
  reason: string | null;
  expected: number | null;
  found: number | null;
  hash: string;
}

export const LEDGER_CSV_HEADER = [
  'Time',
  'Entry',
  'Kind',
  'Inventory',
  'Drug',
  'Lot',
  'Quantity',
  'Unit',
  'Patient',
  'Case start',
  'Procedure',
  'Case ID',
  'User',
  'Witness',
  'Reason',
  'Expected',
  'Found',
  'Hash',
] as const;

/**
 * What a spreadsheet may take for the start of a formula: = + - @, a tab, a carriage return or a
 * line feed, and the full-width ＝ ＋ － ＠ that some spreadsheets fold into them (issue 35 item 9).
 */
const FORMULA_START = /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * [IV2] A text cell as CSV (RFC 4180): quoted when it holds a comma, quote or line break, quotes
 * doubled; text starting with a character FORMULA_START names is prefixed with ' so a spreadsheet
 * never runs it as a formula. Numbers are written as they are.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * [IV2] The log as CSV: the header, then one line per entry in chain order, CRLF line ends. An
 * entry's case reads as its patient, start (ISO 8601, as the Time column) and procedure, with the
 * case id beside them for matching against other records (IV8).
 */
export function ledgerCsv(rows: readonly LedgerCsvRow[]): string {
  const lines = [LEDGER_CSV_HEADER.join(',')];
  for (const r of rows)
    lines.push(
      [
        r.at,
        r.seq,
        r.kind,
        r.inventoryName,
        r.drug,
        r.lotNumber,
        r.quantity,
        r.unit,
        r.case?.patientName ?? null,
        r.case?.start ?? null,
        r.case?.procedure ?? null,
        r.caseId,
        r.userName,
        r.witnessName,
        r.reason,
        r.expected,
        r.found,
        r.hash,
      ]
        .map(csvCell)
        .join(','),
    );
  return `${lines.join('\r\n')}\r\n`;
}
