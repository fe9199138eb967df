/**
 * Report review and the signed reports as the GraphQL API reads them (issue 36 items 1 and 2,
 * moved out of graphql/report.ts): short-lived PDF links, the finalized reports, a case's signed
 * report and which cases are signed. Every call needs a fully signed-in member of the
 * organisation (OrgAccess.authorize); a read of signed report data (signers, addenda texts) is
 * recorded on the hash-chained account trail as its reader's (reportRead) by the audit wrapper.
 */
import type { CaseSignedReport, FinalizedReportView, PdfShareView } from '@vigil/shared';
import { z } from 'zod';
import { audited, recorded, type Audited, type AuditSinks, type Recorded } from '../access/audited.js';
import type { Caller, SignedIn } from '../access/caller.js';
import type { OrgAccess } from '../access/index.js';
import { refuse } from '../errors.js';
import type { SignedRecords } from '../fhir/signed-records.js';
import { parseInput } from '../input.js';
import type { PdfLinkStore } from '../store/links/types.js';
import type { ReportStore } from '../store/reports/types.js';
import { createPdfLink, finalizedReports, PDF_LINK_TTL_MS, SHARED_PDF_LINK_TTL_MS } from './links.js';
import { caseSignedReport } from './signed.js';

/** The most case ids one signedCases call takes (a cases list shows 60 days of cases). */
export const SIGNED_CASES_MAX = 500;

export interface ReportReviewDeps {
  /** The one organisation-access module (access/). */
  access: Pick<OrgAccess, 'authorize'>;
  /** The signed-PDF links and the report review list (store/links/). */
  links: PdfLinkStore;
  /** Signed PDFs and addenda (store/reports/). */
  reports: ReportStore;
  /** What the storage holds signed (a current signed PDF or a final document). */
  signed: Pick<SignedRecords, 'isSigned'>;
  now: () => number;
}

const id = z.string().min(1).max(200);
const pdfUrlInput = z.object({ orgId: id, pdfId: id, shared: z.boolean().nullish() });
const finalizedReportsInput = z.object({
  orgId: id,
  offset: z.number().int().nullish(),
  signerName: z.string().max(200).nullish(),
  from: z.number().nullish(),
  to: z.number().nullish(),
});
const caseInput = z.object({ orgId: id, compositionId: id });
const signedCasesInput = z.object({ orgId: id, caseIds: z.array(id) });

export class ReportReview {
  constructor(private readonly deps: ReportReviewDeps) {}

  /**
   * A short-lived link to a signed report PDF of the organisation (spec 000 §7): bound to the
   * caller (5 minutes), or shared, one download by whoever holds it (60 minutes). NOT_FOUND for
   * a PDF the organisation does not have.
   */
  async pdfUrl(caller: Caller, input: unknown): Promise<PdfShareView> {
    const args = parseInput(pdfUrlInput, input);
    const who = await this.reader(caller, args.orgId);
    const shared = args.shared === true;
    const link = await createPdfLink(this.deps.links, this.deps.now(), who.user.id, args.orgId, args.pdfId, shared);
    if (!link) refuse('NOT_FOUND');
    return {
      url: `${caller.origin}/api/report-pdf/${link.token}`,
      text: shared
        ? `Signed report: ${link.title}. This link opens the report once, within ${SHARED_PDF_LINK_TTL_MS / 60_000} minutes.`
        : `Signed report: ${link.title}. This link works for ${PDF_LINK_TTL_MS / 60_000} minutes.`,
      title: link.title,
    };
  }

  /** Report review (spec 000 §9): a page of finalized reports at `offset`, optionally by signer and time; audited. */
  async finalizedReports(caller: Caller, input: unknown, offset: number): Promise<Recorded<FinalizedReportView[]>> {
    const args = parseInput(finalizedReportsInput, input);
    await this.reader(caller, args.orgId);
    const page = await finalizedReports(this.deps.links, args.orgId, {
      offset,
      signerName: args.signerName ?? null,
      from: args.from ?? null,
      to: args.to ?? null,
    });
    return recorded(page, {
      trail: 'account',
      action: 'reportRead',
      detail: { query: 'finalizedReports', orgId: args.orgId },
    });
  }

  /** A case's current signed report with its addenda, or null when it is not finalized; audited either way. */
  async caseSignedReport(caller: Caller, input: unknown): Promise<Recorded<CaseSignedReport | null>> {
    const args = parseInput(caseInput, input);
    await this.reader(caller, args.orgId);
    const report = await caseSignedReport(this.deps.reports, args.orgId, args.compositionId);
    return recorded(report, {
      trail: 'account',
      action: 'reportRead',
      detail: { query: 'caseSignedReport', orgId: args.orgId, compositionId: args.compositionId },
    });
  }

  /** Of these cases (at most SIGNED_CASES_MAX), those the storage holds signed: the cases list's FINALIZED. */
  async signedCases(caller: Caller, input: unknown): Promise<string[]> {
    const args = parseInput(signedCasesInput, input);
    await this.reader(caller, args.orgId);
    if (args.caseIds.length > SIGNED_CASES_MAX) refuse('INVALID_INPUT');
    const signed: string[] = [];
    for (const caseId of new Set(args.caseIds)) {
      if (await this.deps.signed.isSigned(args.orgId, 'Composition', caseId)) signed.push(caseId);
    }
    return signed;
  }

  /**
   * The reader: signed in with valid multi-factor (NO_AUTHENTICATION otherwise, as report review
   * always answered) and a member of the organisation (NOT_AUTHORIZED).
   */
  private async reader(caller: Caller, orgId: string): Promise<SignedIn> {
    if (!caller.user || !caller.subject.multiFactorValid) refuse('NO_AUTHENTICATION');
    await this.deps.access.authorize(caller, orgId, 'member');
    return caller as SignedIn;
  }
}

/** Report review as the server builds it (issue 36 item 2): the reads of signed report data are audited. */
export type AuditedReportReview = Audited<ReportReview, 'finalizedReports' | 'caseSignedReport'>;

export function auditedReportReview(service: ReportReview, sinks: AuditSinks): AuditedReportReview {
  return audited(service, { finalizedReports: 'phiRead', caseSignedReport: 'phiRead' }, sinks);
}
