import type { CaseAddendum, CaseSignedReport, FinalizedReportView, PdfShareView } from '@vigil/shared';
import { errorCodeForStatus, graphql, notifyAuthError, RequestError } from '../../data/graphql.js';

/** One finalize progress line (spec 001 §4, §7): a step and its data. */
export interface FinalizeLine {
  step: 'pdfGen' | 'saveUpdates' | 'emrSaveStarted' | 'savedToEmr' | 'emrSaveFailed' | 'done' | 'failed';
  data?: { finalReportSignatureTime?: number; pdfId?: string; code?: string };
}

/** The step messages of spec 001 §8, and ours for the steps it does not name. */
export const FINALIZE_STEP_MESSAGES: Readonly<Record<FinalizeLine['step'], string>> = {
  pdfGen: 'Generating PDF',
  saveUpdates: 'Saving report',
  emrSaveStarted: 'Attempting to save to EMR',
  savedToEmr: 'EMR save completed',
  emrSaveFailed: 'EMR save failed',
  done: 'Report signed and saved',
  failed: 'The report could not be finalized. The case is unchanged; try again.',
};

/** Splits an NDJSON stream's text into whole lines, keeping the unfinished rest. */
export function splitNdjson(buffer: string): { lines: FinalizeLine[]; rest: string } {
  const parts = buffer.split('\n');
  const rest = parts.pop() ?? '';
  return { lines: parts.filter((p) => p.trim() !== '').map((p) => JSON.parse(p) as FinalizeLine), rest };
}

/** A blocking sign-off flag the server named in its 409 SIGNOFF_BLOCKED (issue 29). */
export interface BlockingFlag {
  /** The rule id (SO…). */
  id: string;
  /** The occurrence's key, what an override names. */
  key: string;
  /** The case-data fields it points at. */
  fields: string[];
  message: string;
}

/** Finalize refused while blocking sign-off flags are open: the flags, to fix or override with a reason. */
export class SignoffBlockedError extends RequestError {
  constructor(readonly flags: BlockingFlag[]) {
    super('SIGNOFF_BLOCKED', 409);
    this.name = 'SignoffBlockedError';
  }
}

/** An override the signer sends with finalize (issue 29): the flag's key and a reason (1–500 characters). */
export interface SignoffOverrideInput {
  flagKey: string;
  reason: string;
}

async function refusal(response: Response): Promise<RequestError> {
  const text = await response.text();
  let code: string = errorCodeForStatus(response.status, text);
  try {
    const body = JSON.parse(text) as { error?: string; issues?: { code: string; path: string[]; message: string }[] };
    if (body.error && response.status !== 401) code = body.error;
    if (body.error === 'SIGNOFF_BLOCKED' && Array.isArray(body.issues)) {
      return new SignoffBlockedError(
        body.issues.map((i) => ({ id: i.code, key: String(i.path[0]), fields: i.path.slice(1), message: i.message })),
      );
    }
  } catch {
    // not JSON: the status code's error stands
  }
  notifyAuthError(errorCodeForStatus(response.status, text));
  return new RequestError(code, response.status);
}

/**
 * POST /api/finalize/{orgId}/{compositionId} (spec 001 §7) with the signature and the content
 * hash the client holds; calls `onLine` for each streamed line. A refusal before the stream
 * (409 when the hashes differ) throws a RequestError with the server's code.
 */
export async function finalizeCase(
  orgId: string,
  caseId: string,
  body: { signature: string; contentHash: string; timeZone: string; overrides?: SignoffOverrideInput[] },
  onLine: (line: FinalizeLine) => void,
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`/api/finalize/${encodeURIComponent(orgId)}/${encodeURIComponent(caseId)}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', 'x-app-name': 'vigil' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new RequestError('NETWORK_ERROR');
  }
  if (!response.ok || !response.body) throw await refusal(response);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    const { lines, rest } = splitNdjson(buffer + value);
    buffer = rest;
    lines.forEach(onLine);
  }
  splitNdjson(`${buffer}\n`).lines.forEach(onLine);
}

/** POST an addendum (spec 001 §3, §5); answers the new PDF's id. */
export async function addAddendum(
  orgId: string,
  caseId: string,
  addendum: { title: string; text: string; signerName: string; signature: string },
): Promise<{ pdfId: string; signatureTime: number }> {
  let response: Response;
  try {
    response = await fetch(`/api/finalize/${encodeURIComponent(orgId)}/${encodeURIComponent(caseId)}/addenda`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', 'x-app-name': 'vigil' },
      body: JSON.stringify(addendum),
    });
  } catch {
    throw new RequestError('NETWORK_ERROR');
  }
  if (!response.ok) throw await refusal(response);
  return (await response.json()) as { pdfId: string; signatureTime: number };
}

/** A PDF share record (spec 000 §3, §7; shared views/report.ts). */
export type PdfShare = PdfShareView;

/**
 * A short-lived link to a signed PDF (issue 24 item 7): by default bound to the signed-in user
 * (opening it needs their session: Open PDF); `shared` asks for a link that works once, for
 * whoever holds it (the Share dialog's link, sent to someone else).
 */
export async function fetchPdfUrl(orgId: string, pdfId: string, shared = false): Promise<PdfShare> {
  const data = await graphql<{ pdfUrl: PdfShare }>(
    'query PdfUrl($orgId: String!, $pdfId: String!, $shared: Boolean) { pdfUrl(orgId: $orgId, pdfId: $pdfId, shared: $shared) { url text title } }',
    { orgId, pdfId, shared },
  );
  return data.pdfUrl;
}

/** A finalized report as report review lists it (shared views/report.ts). */
export type FinalizedReport = FinalizedReportView;

/** Report review: finalized reports, 20 at a time (spec 000 §9). */
export async function fetchFinalizedReports(
  orgId: string,
  q: { offset: number; signerName?: string | null; from?: number | null; to?: number | null },
): Promise<FinalizedReport[]> {
  const data = await graphql<{ finalizedReports: FinalizedReport[] }>(
    `
      query FinalizedReports($orgId: String!, $offset: Int, $signerName: String, $from: Float, $to: Float) {
        finalizedReports(orgId: $orgId, offset: $offset, signerName: $signerName, from: $from, to: $to) {
          pdfId
          compositionId
          patientId
          title
          signerName
          signatureTime
          addendaCount
        }
      }
    `,
    { orgId, ...q },
  );
  return data.finalizedReports;
}

/** Opens a report PDF through a fresh short-lived link. */
export async function openPdf(orgId: string, pdfId: string): Promise<void> {
  const share = await fetchPdfUrl(orgId, pdfId);
  window.open(share.url, '_blank', 'noopener');
}

/** An administrator reopens a finalized case (spec 000 §3 adminUnfinalize). */
export async function unfinalizeCase(orgId: string, caseId: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`/api/finalize/${encodeURIComponent(orgId)}/${encodeURIComponent(caseId)}/unfinalize`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', 'x-app-name': 'vigil' },
      body: '{}',
    });
  } catch {
    throw new RequestError('NETWORK_ERROR');
  }
  if (!response.ok) throw await refusal(response);
}

export type { CaseAddendum, CaseSignedReport };

/** The case's current signed report with its addenda, or null when the case is not finalized. */
export async function fetchCaseSignedReport(orgId: string, compositionId: string): Promise<CaseSignedReport | null> {
  const data = await graphql<{ caseSignedReport: CaseSignedReport | null }>(
    `
      query CaseSignedReport($orgId: String!, $compositionId: String!) {
        caseSignedReport(orgId: $orgId, compositionId: $compositionId) {
          pdfId
          signerName
          signatureTime
          addenda {
            seq
            title
            text
            signerName
            signatureTime
          }
        }
      }
    `,
    { orgId, compositionId },
  );
  return data.caseSignedReport;
}
