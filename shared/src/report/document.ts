import { cleanReportTitle } from '../rules/report.js';
import { reportPatientName, type ReportInput } from './model.js';
import { hasSimulatedReadings } from './chart.js';

/** [SIM1] The mark of a record holding readings of the simulated monitor, on every page. */
export const SIMULATED_MARK = 'SIMULATED MONITOR READINGS - NOT FROM THE PATIENT';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** The meta tag that carries the running header every printed page repeats (RL8). */
export const RUNNING_HEADER_META = 'vigil-running-header';

/**
 * [RL8] The line every printed page repeats at its top (issue 25: a loose page still says whose
 * record it is): patient, DOB and case id (spec 001 §3 report footer fields), and the simulated
 * readings' mark when the case holds any (SIM1).
 */
export function runningHeaderText(input: Pick<ReportInput, 'patient' | 'caseId' | 'caseData'>): string {
  const line = `Patient: ${reportPatientName(input.patient)} · DOB: ${input.patient.birthDate ?? 'unknown'} · Case ID: ${input.caseId}`;
  // [SIM1] Every printed page of a record holding simulated readings says so.
  return hasSimulatedReadings(input.caseData) ? `${line} · ${SIMULATED_MARK}` : line;
}

/** The running header read back from a standalone document (RL8), or null. */
export function runningHeaderOf(html: string): string | null {
  const m = new RegExp(`<meta name="${RUNNING_HEADER_META}" content="([^"]*)">`).exec(html);
  return m ? m[1]!.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))) : null;
}

/**
 * [RP9] The report as a standalone HTML document (spec 002 §2): the rendered body in a page
 * with the generated title (cleaned, RP1), A4-wide print margins and nothing loaded from
 * elsewhere; with a running header (RL8) for the printer's page header.
 */
export function standaloneReportHtml(
  bodyMarkup: string,
  title: string,
  printWidth: number,
  runningHeader: string | null = null,
): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta name="viewport" content="width=${printWidth}">`,
    `<title>${escapeHtml(cleanReportTitle(title))}</title>`,
    ...(runningHeader === null ? [] : [`<meta name="${RUNNING_HEADER_META}" content="${escapeHtml(runningHeader)}">`]),
    '<style>@page{margin:14mm 8mm}html,body{margin:0;padding:0;background:#fff}</style>',
    '</head>',
    `<body>${bodyMarkup}</body>`,
    '</html>',
  ].join('\n');
}
