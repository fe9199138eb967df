import type { OfficeReportFileView, OfficeReportRowView } from '@vigil/shared';
import { answeringAppErrors } from '../errors.js';
import { graphqlArgs } from './arguments.js';
import type { ResolverArgs } from './context.js';
import { PAGE_ARGS, pageRequest } from './pagination.js';

/**
 * The office's reports (issue 41; spec 000 §2 `/org/{orgId}/reports`): thin resolvers over
 * OfficeReportsService, which reads the analytics read model and the ledger. Whoever administers
 * the office.
 */
export const officeReportTypeDefs = /* GraphQL */ `
  "The office's exports: the case log, controlled drugs given, anesthesia units per provider, overrides."
  enum OfficeReportKind {
    caseLog
    controlledDrugs
    billingUnits
    overrides
  }

  enum OfficeReportFormat {
    csv
    pdf
  }

  "One row of a report: its cells in the report's column order; cursor is the next page's after."
  type OfficeReportRow {
    cells: [String!]!
    cursor: String!
  }

  "A whole report as a file: the CSV (UTF-8) or the PDF, in base64."
  type OfficeReportFile {
    filename: String!
    contentType: String!
    rows: Int!
    base64: String!
  }

  extend type Query {
    "One page of a report's rows over the range (the analytics filter)."
    officeReport(orgId: String, kind: OfficeReportKind!, filter: AnalyticsFilter, ${PAGE_ARGS}): [OfficeReportRow!]!
    "A whole report as a CSV or PDF file."
    officeReportFile(
      orgId: String
      kind: OfficeReportKind!
      filter: AnalyticsFilter
      format: OfficeReportFormat!
    ): OfficeReportFile!
  }
`;

export const officeReportResolvers = {
  Query: answeringAppErrors<ResolverArgs>({
    officeReport: async (_, args, ctx): Promise<OfficeReportRowView[]> =>
      ctx.services.officeReports.rows(await ctx.caller(), graphqlArgs(args), pageRequest(args)),
    officeReportFile: async (_, args, ctx): Promise<OfficeReportFileView> =>
      ctx.services.officeReports.file(await ctx.caller(), graphqlArgs(args)),
  }),
};
