import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { AnesthesiaReport, reportTitle, standaloneReportHtml, type ReportInput } from '@vigil/shared';

export interface RenderedReport {
  html: string;
  title: string;
}

/**
 * The report as a standalone HTML document (spec 002 §2), rendered on the server from the same
 * shared components the client previews.
 */
export function renderReportHtml(input: ReportInput, signerName: string | null): RenderedReport {
  const title = reportTitle(input);
  const body = renderToStaticMarkup(createElement(AnesthesiaReport, { input, signerName }));
  return { html: standaloneReportHtml(body, title, input.printWidth), title };
}
