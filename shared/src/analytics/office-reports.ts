import { ledgerLineDifference, ledgerLineReconciles, type LedgerLine } from '../rules/ledger.js';
import type { CaseFacts } from './case-facts.js';

/*
 * The office's reports (issue 41; spec 000 §2 `/org/{orgId}/reports`): the case log, the
 * controlled drugs given with the ledger's reconciliation, anesthesia units per provider for
 * billing, and the overrides with their reasons. Pure: the server reads the analytics read model
 * and the ledger, these functions lay the rows out, and the same rows become the CSV (OR1, OR2),
 * the PDF and the page's table.
 */

export const OFFICE_REPORT_KINDS = ['caseLog', 'controlledDrugs', 'billingUnits', 'overrides'] as const;
export type OfficeReportKind = (typeof OFFICE_REPORT_KINDS)[number];

export const OFFICE_REPORT_FORMATS = ['csv', 'pdf'] as const;
export type OfficeReportFormat = (typeof OFFICE_REPORT_FORMATS)[number];

/** Each report's title, file name and columns, in the order its rows hold the cells. */
export const OFFICE_REPORTS: Readonly<
  Record<OfficeReportKind, { title: string; file: string; columns: readonly string[] }>
> = {
  caseLog: {
    title: 'Case log',
    file: 'case-log',
    columns: [
      'Case start (UTC)',
      'Case ID',
      'Status',
      'Provider',
      'Location',
      'Sedation level',
      'Anesthesia minutes',
      'Anesthesia units',
      'Discharge score',
      'Flags overridden',
      'Addenda',
    ],
  },
  controlledDrugs: {
    title: 'Controlled drugs given',
    file: 'controlled-drugs',
    columns: [
      'Case start (UTC)',
      'Case ID',
      'Provider',
      'Drug',
      'Unit',
      'Drawn',
      'Given',
      'Wasted',
      'Returned',
      'Unaccounted',
      'Reconciled',
    ],
  },
  billingUnits: {
    title: 'Anesthesia units per provider',
    file: 'anesthesia-units',
    columns: ['Provider', 'Signed cases', 'Anesthesia minutes', 'Anesthesia units'],
  },
  overrides: {
    title: 'Sign-off overrides',
    file: 'overrides',
    columns: [
      'Case start (UTC)',
      'Case ID',
      'Provider',
      'Rule',
      'Flag',
      'Reason',
      'Overridden by',
      'Overridden at (UTC)',
    ],
  },
};

/** At most this many cases (or ledger entries) go into one report: narrow the date range beyond it. */
export const OFFICE_REPORT_MAX_CASES = 5000;

/** A time as the reports write it: 'YYYY-MM-DD HH:mm' in UTC, '' when unknown. */
export function reportTime(ms: number | null | undefined): string {
  return ms == null || !Number.isFinite(ms) ? '' : new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
}

/** A quantity as the reports write it: at most two decimals, no trailing zeros; '' when unknown. */
export function reportNumber(n: number | null | undefined): string {
  return n == null || !Number.isFinite(n) ? '' : String(Math.round(n * 100) / 100);
}

/** [OR3] One row of the case log: every case the range holds, signed or not. */
export function caseLogRow(f: CaseFacts): string[] {
  return [
    reportTime(f.startAt),
    f.caseId,
    f.status === 'finalized' ? 'Signed' : 'Started',
    f.providerName ?? '',
    f.locationName ?? '',
    f.sedationLevel ?? '',
    reportNumber(f.anesthesiaMinutes),
    reportNumber(f.anesthesiaUnits),
    reportNumber(f.dischargeScore),
    f.flagsOverridden.join(' '),
    String(f.addenda),
  ];
}

/**
 * [OR4] Anesthesia units per provider for billing: signed cases only (a case being charted has
 * no anesthesia time yet), one row per provider by name, then a Total row.
 */
export function billingUnitRows(facts: readonly CaseFacts[]): string[][] {
  const by = new Map<string, { name: string; cases: number; minutes: number; units: number }>();
  for (const f of facts) {
    if (f.status !== 'finalized') continue;
    const key = f.providerId ?? '';
    const row = by.get(key) ?? {
      name: f.providerName ?? (f.providerId ? f.providerId : 'No provider'),
      cases: 0,
      minutes: 0,
      units: 0,
    };
    row.cases += 1;
    row.minutes += f.anesthesiaMinutes ?? 0;
    row.units += f.anesthesiaUnits ?? 0;
    by.set(key, row);
  }
  const rows = [...by.values()].sort((a, b) => a.name.localeCompare(b.name));
  const total = rows.reduce(
    (t, r) => ({ cases: t.cases + r.cases, minutes: t.minutes + r.minutes, units: t.units + r.units }),
    {
      cases: 0,
      minutes: 0,
      units: 0,
    },
  );
  return [
    ...rows.map((r) => [r.name, String(r.cases), reportNumber(r.minutes), reportNumber(r.units)]),
    ['Total', String(total.cases), reportNumber(total.minutes), reportNumber(total.units)],
  ];
}

/**
 * [OR5] A case's controlled drugs: one row per ledger line (LG10: drawn, given = charted doses and
 * administer entries, wasted, returned), with what is unaccounted for and whether it reconciles (LG11).
 */
export function controlledDrugRows(
  kase: Pick<CaseFacts, 'caseId' | 'startAt' | 'providerName'> | { caseId: string; startAt: null; providerName: null },
  lines: readonly LedgerLine[],
): string[][] {
  return lines.map((l) => [
    reportTime(kase.startAt),
    kase.caseId,
    kase.providerName ?? '',
    l.drug,
    l.unit,
    reportNumber(l.drawn),
    reportNumber(l.given),
    reportNumber(l.wasted),
    reportNumber(l.returned),
    reportNumber(ledgerLineDifference(l)),
    ledgerLineReconciles(l) ? 'Yes' : 'No',
  ]);
}

/** [OR6] A signed case's overrides, each with the flag's text, the reason given, who and when. */
export function overrideRows(f: CaseFacts): string[][] {
  return (f.overrides ?? []).map((o) => [
    reportTime(f.startAt),
    f.caseId,
    f.providerName ?? '',
    o.ruleId,
    o.message,
    o.reason,
    o.name,
    reportTime(o.time),
  ]);
}

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * [OR2] A cell a spreadsheet will not run as a formula: text starting with =, +, -, @, a tab or a
 * carriage return is prefixed with an apostrophe (OWASP's CSV injection advice); a plain number
 * ('-3', '2.5') is left as it is, since a spreadsheet reads it as the number it is.
 */
export function defuseCell(cell: string): string {
  if (PLAIN_NUMBER.test(cell)) return cell;
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/**
 * [OR1] One CSV line (RFC 4180): each cell defused (OR2), then quoted when it holds a comma, a
 * double quote, a carriage return or a line feed, with its double quotes doubled.
 */
export function csvLine(cells: readonly string[]): string {
  return cells
    .map((raw) => {
      const cell = defuseCell(raw);
      return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
    })
    .join(',');
}

/** [OR1] A whole CSV file: the header line, then the rows, each ended by CRLF (RFC 4180). */
export function csvFile(columns: readonly string[], rows: readonly (readonly string[])[]): string {
  return [columns, ...rows].map((r) => `${csvLine(r)}\r\n`).join('');
}

/** The file name of a report over a range: 'case-log_2026-10-01_2026-11-30.csv' ('all' for an open end). */
export function officeReportFileName(
  kind: OfficeReportKind,
  from: string | null,
  to: string | null,
  format: OfficeReportFormat,
): string {
  return `${OFFICE_REPORTS[kind].file}_${from ?? 'all'}_${to ?? 'all'}.${format}`;
}
