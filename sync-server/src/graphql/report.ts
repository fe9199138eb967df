import type { CaseSignedReport, FinalizedReportView, PdfShareView } from '@vigil/shared';
import { answeringAppErrors } from '../errors.js';
import { SIGNED_CASES_MAX } from '../report/review.js';
import { graphqlArgs } from './arguments.js';
import type { ResolverArgs } from './context.js';
import { offsetOf } from './pagination.js';

/**
 * Signed reports (spec 000 §7, §9): PDF links, report review, a case's signed report and which
 * cases are signed. Thin resolvers over ReportReview (report/review.ts), which authorises and
 * whose reads of signed report data the audit wrapper records.
 */
export const reportTypeDefs = /* GraphQL */ `
  "A PDF share record (spec 000 §3): a short-lived URL, a text to send with it and the report's title."
  type PdfShare {
    url: String!
    text: String!
    title: String!
  }

  "The current signed report of a finalized case (report review)."
  type FinalizedReport {
    pdfId: String!
    compositionId: String!
    patientId: String
    title: String!
    signerName: String!
    signatureTime: Float!
    addendaCount: Int!
  }

  "A signed addendum of a case's current report (spec 001 §3, §5)."
  type CaseAddendum {
    seq: Int!
    title: String
    text: String!
    signerName: String!
    signatureTime: Float!
  }

  "A case's current signed report and its addenda, in order."
  type CaseSignedReport {
    pdfId: String!
    signerName: String!
    signatureTime: Float!
    addenda: [CaseAddendum!]!
  }

  extend type Query {
    """
    A short-lived link to a signed report PDF of the organisation (spec 000 §7): bound to the
    signed-in user (5 minutes), or with shared: true, one download by whoever holds it (60 minutes).
    """
    pdfUrl(orgId: String!, pdfId: String!, shared: Boolean): PdfShare!
    "Finalized reports, newest first, 20 at a time (spec 000 §9 report review fetch size); optional signer and signature-time range."
    finalizedReports(orgId: String!, offset: Int, signerName: String, from: Float, to: Float): [FinalizedReport!]!
    "A case's current signed report with its addenda (the Report section after a reload); null when the case is not finalized."
    caseSignedReport(orgId: String!, compositionId: String!): CaseSignedReport
    "Of these cases (at most ${SIGNED_CASES_MAX} ids), those the server's storage holds signed (a current signed PDF or a final document): the cases list's FINALIZED."
    signedCases(orgId: String!, caseIds: [String!]!): [String!]!
  }
`;

export const reportResolvers = {
  Query: answeringAppErrors<ResolverArgs>({
    pdfUrl: async (_, args, ctx): Promise<PdfShareView> =>
      ctx.services.reportReview.pdfUrl(await ctx.caller(), graphqlArgs(args)),
    finalizedReports: async (_, args, ctx): Promise<FinalizedReportView[]> =>
      ctx.services.reportReview.finalizedReports(
        await ctx.caller(),
        graphqlArgs(args, { text: ['signerName'] }),
        offsetOf(args),
      ),
    caseSignedReport: async (_, args, ctx): Promise<CaseSignedReport | null> =>
      ctx.services.reportReview.caseSignedReport(await ctx.caller(), graphqlArgs(args)),
    signedCases: async (_, args, ctx): Promise<string[]> =>
      ctx.services.reportReview.signedCases(await ctx.caller(), graphqlArgs(args)),
  }),
};
