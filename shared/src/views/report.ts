import { z } from 'zod';

/*
 * The report API's GraphQL views (spec 000 §3, §7, §9; spec 001 §5), written once as zod schemas
 * (issue 36 item 5); views-sdl.test.ts holds them against sync-server/src/graphql/report.ts.
 */

/** One signed addendum of a case's current report, as the Report section lists it (spec 001 §3, §5). */
export const caseAddendumSchema = z.object({
  seq: z.number().int(),
  title: z.string().nullable(),
  text: z.string(),
  signerName: z.string(),
  /** Epoch ms. */
  signatureTime: z.number(),
});
export type CaseAddendum = z.infer<typeof caseAddendumSchema>;

/** GraphQL `caseSignedReport`: a case's current signed report and the addenda printed in it, in order. */
export const caseSignedReportSchema = z.object({
  pdfId: z.string(),
  signerName: z.string(),
  signatureTime: z.number(),
  addenda: z.array(caseAddendumSchema),
});
export type CaseSignedReport = z.infer<typeof caseSignedReportSchema>;

/** A finalized report as report review lists it (spec 000 §9). Times are epoch ms. */
export const finalizedReportViewSchema = z.object({
  pdfId: z.string(),
  compositionId: z.string(),
  patientId: z.string().nullable(),
  title: z.string(),
  signerName: z.string(),
  signatureTime: z.number(),
  addendaCount: z.number().int(),
});
export type FinalizedReportView = z.infer<typeof finalizedReportViewSchema>;

/** A PDF share record (spec 000 §3, §7): a short-lived link and the text to share it with. */
export const pdfShareViewSchema = z.object({ url: z.string(), text: z.string(), title: z.string() });
export type PdfShareView = z.infer<typeof pdfShareViewSchema>;
