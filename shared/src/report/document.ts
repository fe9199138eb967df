import { cleanReportTitle } from '../rules/report.js';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * [RP9] The report as a standalone HTML document (spec 002 §2): the rendered body in a page
 * with the generated title (cleaned, RP1), A4-wide print margins and nothing loaded from
 * elsewhere.
 */
export function standaloneReportHtml(bodyMarkup: string, title: string, printWidth: number): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta name="viewport" content="width=${printWidth}">`,
    `<title>${escapeHtml(cleanReportTitle(title))}</title>`,
    '<style>@page{margin:8mm}html,body{margin:0;padding:0;background:#fff}</style>',
    '</head>',
    `<body>${bodyMarkup}</body>`,
    '</html>',
  ].join('\n');
}
