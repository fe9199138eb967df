/** One signed addendum of a case's current report, as the Report section lists it (spec 001 §3, §5). */
export interface CaseAddendum {
  seq: number;
  title: string | null;
  text: string;
  signerName: string;
  signatureTime: number;
}

/** GraphQL `caseSignedReport`: a case's current signed report and the addenda printed in it, in order. */
export interface CaseSignedReport {
  pdfId: string;
  signerName: string;
  signatureTime: number;
  addenda: CaseAddendum[];
}
