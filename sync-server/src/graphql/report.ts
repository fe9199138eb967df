import { z } from 'zod';
import { refusalOf } from '../access/index.js';
import { answeringAppErrors, refuse } from '../errors.js';
import { parseInput } from '../input.js';
import { createPdfLink, finalizedReports, PDF_LINK_TTL_MS, SHARED_PDF_LINK_TTL_MS } from '../report/links.js';
import type { CaseSignedReport, FinalizedReportView, PdfShareView } from '@vigil/shared';
import { caseSignedReport } from '../report/signed.js';
import { graphqlArgs } from './arguments.js';
import type { GraphqlContext, ResolverArgs } from './context.js';
import { offsetOf } from './pagination.js';

/** The most case ids one signedCases call takes (a cases list shows 60 days of cases). */
export const SIGNED_CASES_MAX = 500;

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

/** Every read of signed report data (signers, addenda texts) joins the hash-chained audit trail as its reader's. */
function auditReportRead(ctx: GraphqlContext, userId: string, detail: Record<string, string>): Promise<void> {
  return ctx.accounts.audit.record(ctx.now(), ctx.meta, { action: 'reportRead', outcome: 'success', userId, detail });
}

/** The signed-in reader (NO_AUTHENTICATION without valid multi-factor); an organisation it may not see is NOT_AUTHORIZED. */
async function readerOf(ctx: GraphqlContext, orgId: string): Promise<string> {
  const caller = await ctx.caller();
  if (!caller.user || !caller.subject.multiFactorValid) refuse('NO_AUTHENTICATION');
  if (await refusalOf(ctx.services.access.authorize(caller, orgId, 'member'))) refuse('NOT_AUTHORIZED');
  return caller.user.id;
}

const id = z.string().min(1).max(200);
const pdfUrlArgs = z.object({ orgId: id, pdfId: id, shared: z.boolean().nullish() });
const finalizedReportsArgs = z.object({
  orgId: id,
  offset: z.number().int().nullish(),
  signerName: z.string().max(200).nullish(),
  from: z.number().nullish(),
  to: z.number().nullish(),
});
const caseArgs = z.object({ orgId: id, compositionId: id });
const signedCasesArgs = z.object({ orgId: id, caseIds: z.array(id) });

export const reportResolvers = {
  Query: answeringAppErrors<ResolverArgs>({
    pdfUrl: async (_, input, ctx): Promise<PdfShareView> => {
      const args = parseInput(pdfUrlArgs, graphqlArgs(input));
      const userId = await readerOf(ctx, args.orgId);
      const shared = args.shared === true;
      const link = await createPdfLink(ctx.services.pdfLinks, ctx.now(), userId, args.orgId, args.pdfId, shared);
      if (!link) refuse('NOT_FOUND');
      return {
        url: `${ctx.origin}/api/report-pdf/${link.token}`,
        text: shared
          ? `Signed report: ${link.title}. This link opens the report once, within ${SHARED_PDF_LINK_TTL_MS / 60_000} minutes.`
          : `Signed report: ${link.title}. This link works for ${PDF_LINK_TTL_MS / 60_000} minutes.`,
        title: link.title,
      };
    },
    finalizedReports: async (_, input, ctx): Promise<FinalizedReportView[]> => {
      const args = parseInput(finalizedReportsArgs, graphqlArgs(input, { text: ['signerName'] }));
      const userId = await readerOf(ctx, args.orgId);
      await auditReportRead(ctx, userId, { query: 'finalizedReports', orgId: args.orgId });
      return finalizedReports(ctx.services.pdfLinks, args.orgId, {
        offset: offsetOf(input),
        signerName: args.signerName ?? null,
        from: args.from ?? null,
        to: args.to ?? null,
      });
    },
    caseSignedReport: async (_, input, ctx): Promise<CaseSignedReport | null> => {
      const args = parseInput(caseArgs, graphqlArgs(input));
      const userId = await readerOf(ctx, args.orgId);
      await auditReportRead(ctx, userId, {
        query: 'caseSignedReport',
        orgId: args.orgId,
        compositionId: args.compositionId,
      });
      return caseSignedReport(ctx.services.reportStore, args.orgId, args.compositionId);
    },
    signedCases: async (_, input, ctx): Promise<string[]> => {
      const args = parseInput(signedCasesArgs, graphqlArgs(input));
      await readerOf(ctx, args.orgId);
      if (args.caseIds.length > SIGNED_CASES_MAX) refuse('INVALID_INPUT');
      const signed: string[] = [];
      for (const id of new Set(args.caseIds)) {
        if (await ctx.services.signed.isSigned(args.orgId, 'Composition', id)) signed.push(id);
      }
      return signed;
    },
  }),
};
