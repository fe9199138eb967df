import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import {
  AnesthesiaReport,
  reportTitle,
  runningHeaderText,
  standaloneReportHtml,
  type ReportInput,
} from '@vigil/shared';

export interface RenderedReport {
  html: string;
  title: string;
}

/**
 * The report as a standalone HTML document (spec 002 §2), rendered on the server from the same
 * shared components the client previews, carrying the running header (patient, DOB, case id)
 * the printer repeats on every page (RP17).
 */
export function renderReportHtml(input: ReportInput, signerName: string | null): RenderedReport {
  const title = reportTitle(input);
  const body = renderToStaticMarkup(createElement(AnesthesiaReport, { input, signerName }));
  return { html: standaloneReportHtml(body, title, input.printWidth, runningHeaderText(input)), title };
}
