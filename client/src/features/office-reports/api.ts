import type {
  AnalyticsFilterInput,
  OfficeReportFileView,
  OfficeReportFormat,
  OfficeReportKind,
  OfficeReportRowView,
} from '@vigil/shared';
import { graphql } from '../../data/graphql.js';

/*
 * The reports page's GraphQL calls (issue 41): a report's rows a page at a time, and the whole
 * report as a file. The views are shared/src/views/office-reports.ts's, checked against the SDL.
 */

/** Rows the page shows at a time. */
export const REPORT_PAGE = 50;

const ROWS = `query ($orgId: String, $kind: OfficeReportKind!, $filter: AnalyticsFilter, $first: Int, $after: String) {
  officeReport(orgId: $orgId, kind: $kind, filter: $filter, first: $first, after: $after) { cells cursor }
}`;

const FILE = `query ($orgId: String, $kind: OfficeReportKind!, $filter: AnalyticsFilter, $format: OfficeReportFormat!) {
  officeReportFile(orgId: $orgId, kind: $kind, filter: $filter, format: $format) { filename contentType rows base64 }
}`;

export async function fetchReportRows(
  orgId: string,
  kind: OfficeReportKind,
  filter: AnalyticsFilterInput,
  after: string | null,
): Promise<OfficeReportRowView[]> {
  const answer = await graphql<{ officeReport: OfficeReportRowView[] }>(ROWS, {
    ...{ orgId, kind, filter, first: REPORT_PAGE, after },
  });
  return answer.officeReport;
}

export async function fetchReportFile(
  orgId: string,
  kind: OfficeReportKind,
  filter: AnalyticsFilterInput,
  format: OfficeReportFormat,
): Promise<OfficeReportFileView> {
  return (await graphql<{ officeReportFile: OfficeReportFileView }>(FILE, { orgId, kind, filter, format }))
    .officeReportFile;
}
