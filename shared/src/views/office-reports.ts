import { z } from 'zod';
import { OFFICE_REPORT_FORMATS, OFFICE_REPORT_KINDS } from '../analytics/office-reports.js';

/*
 * The office's reports (issue 41) as GraphQL answers them (issue 36 item 5); views-sdl.test.ts
 * holds them against sync-server/src/graphql/office-reports.ts. The range filter is the analytics
 * page's (AnalyticsFilter).
 */

export const officeReportKindSchema = z.enum(OFFICE_REPORT_KINDS);
export const officeReportFormatSchema = z.enum(OFFICE_REPORT_FORMATS);

/** One row of a report as the page shows it: its cells in OFFICE_REPORTS[kind].columns' order, and its cursor. */
export const officeReportRowViewSchema = z.object({
  cells: z.array(z.string()),
  cursor: z.string(),
});
export type OfficeReportRowView = z.infer<typeof officeReportRowViewSchema>;

/** A report as a file: its name, type and bytes (the CSV as UTF-8 text, the PDF in base64). */
export const officeReportFileViewSchema = z.object({
  filename: z.string(),
  contentType: z.string(),
  rows: z.number(),
  base64: z.string(),
});
export type OfficeReportFileView = z.infer<typeof officeReportFileViewSchema>;
