import { reportTime } from '@vigil/shared';

/** The reports' print width in CSS px: US Letter's printable width, as the invoices print. */
export const REPORT_PRINT_WIDTH = 800;

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export interface ReportPage {
  title: string;
  org: string;
  range: string;
  columns: readonly string[];
  rows: readonly (readonly string[])[];
  printedAt: number;
}

/**
 * A report as a standalone HTML page for the signed record's Chromium printer (report/pdf.ts):
 * a title, the office and range, then one table; no script, no outside resource.
 */
export function reportHtml(p: ReportPage): string {
  const head = p.columns.map((c) => `<th>${escapeHtml(c)}</th>`).join('');
  const body =
    p.rows.length === 0
      ? `<tr><td colspan="${p.columns.length}">No rows in this range.</td></tr>`
      : p.rows.map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(p.title)}</title>
<style>body{font-family:Helvetica,Arial,sans-serif;font-size:10px;color:#111;margin:0}
h1{font-size:16px;margin:0 0 4px}p{margin:0 0 8px}table{border-collapse:collapse;width:100%}
th,td{border:1px solid #999;padding:2px 4px;text-align:left;vertical-align:top}th{background:#eee}
thead{display:table-header-group}tr{break-inside:avoid}</style></head><body>
<h1>${escapeHtml(p.title)}</h1><p>${escapeHtml(p.org)} · ${escapeHtml(p.range)} · ${p.rows.length} rows · printed ${escapeHtml(reportTime(p.printedAt))} UTC</p>
<table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></body></html>`;
}
