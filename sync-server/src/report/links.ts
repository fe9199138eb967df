import { randomBytes } from 'node:crypto';
import { hasRole, orgAccess } from '@vigil/shared';
import type { SignedInSession } from '../auth/sessions.js';
import type { Db } from '../db/database.js';

/** How long a pdfUrl link works (spec 000 §7 "short-lived"; the spec gives no figure). */
export const PDF_LINK_TTL_MS = 5 * 60_000;
/**
 * How long a link asked for sharing works (issue 24 item 7): once, within an hour, so a
 * colleague can open it from the message it was sent in, and no one can open it again.
 */
export const SHARED_PDF_LINK_TTL_MS = 60 * 60_000;
/** Report review page size (spec 000 §9: fetch size 20). */
export const REPORT_REVIEW_FETCH_SIZE = 20;

export type ReportRole = 'member' | 'provider' | 'admin';

/**
 * The organisation permission of the shared rules (spec 000 §6) plus, where asked, a role:
 * signing a report needs the provider role (spec 002 §6: a user who can sign is a provider).
 * Null when allowed.
 */
export function reportAccess(
  db: Db,
  session: SignedInSession,
  orgId: string,
  role: ReportRole,
): 'NOT_AUTHORIZED' | null {
  const subject = { signedIn: true, multiFactorValid: session.multiFactorValid, orgs: session.orgs };
  const parents = db.prepare('SELECT parent_org_id AS id FROM org_parents WHERE org_id = ?').all(orgId) as {
    id: string;
  }[];
  const org = { id: orgId, parentOrgs: parents.map((r) => r.id) };
  if (orgAccess(subject, org, role === 'admin' ? 'admin' : 'member') !== null) return 'NOT_AUTHORIZED';
  if (role === 'provider' && !hasRole(subject, orgId, 'provider')) return 'NOT_AUTHORIZED';
  return null;
}

export interface PdfLink {
  token: string;
  title: string;
  expiresAt: number;
  singleUse: boolean;
}

/**
 * A new short-lived link to a stored PDF of the organisation, or null when it has no such PDF.
 * Bound to `userId` (their session must come with the download), or, `singleUse`, for whoever
 * holds it, once (sharing).
 */
export function createPdfLink(
  db: Db,
  now: number,
  userId: string,
  orgId: string,
  pdfId: string,
  singleUse = false,
): PdfLink | null {
  const row = db.prepare('SELECT title FROM report_pdfs WHERE org_id = ? AND pdf_id = ?').get(orgId, pdfId) as
    { title: string } | undefined;
  if (!row) return null;
  db.prepare('DELETE FROM report_pdf_links WHERE expires_at < ?').run(now);
  const token = randomBytes(24).toString('base64url');
  const expiresAt = now + (singleUse ? SHARED_PDF_LINK_TTL_MS : PDF_LINK_TTL_MS);
  db.prepare(
    'INSERT INTO report_pdf_links (token, org_id, pdf_id, user_id, expires_at, single_use) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(token, orgId, pdfId, userId, expiresAt, singleUse ? 1 : 0);
  return { token, title: row.title, expiresAt, singleUse };
}

/**
 * The live link of a token: organisation, PDF, who asked for it and whether it is a single-use
 * shared link; null when unknown, expired or already used.
 */
export function pdfLinkTarget(
  db: Db,
  now: number,
  token: string,
): { orgId: string; pdfId: string; userId: string; singleUse: boolean } | null {
  const link = db
    .prepare('SELECT org_id, pdf_id, user_id, expires_at, single_use, used_at FROM report_pdf_links WHERE token = ?')
    .get(token) as
    | {
        org_id: string;
        pdf_id: string;
        user_id: string;
        expires_at: number;
        single_use: number;
        used_at: number | null;
      }
    | undefined;
  if (!link || link.expires_at < now || link.used_at !== null) return null;
  return { orgId: link.org_id, pdfId: link.pdf_id, userId: link.user_id, singleUse: link.single_use === 1 };
}

/** Uses a single-use link up: true for the one download that got it, false for every other. */
export function consumePdfLink(db: Db, now: number, token: string): boolean {
  return (
    db
      .prepare('UPDATE report_pdf_links SET used_at = ? WHERE token = ? AND single_use = 1 AND used_at IS NULL')
      .run(now, token).changes === 1
  );
}

export interface FinalizedReport {
  pdfId: string;
  compositionId: string;
  patientId: string | null;
  title: string;
  signerName: string;
  signatureTime: number;
  addendaCount: number;
}

/** The current report of every finalized case, newest signature first, optionally by signer. */
export function finalizedReports(
  db: Db,
  orgId: string,
  q: { offset: number; signerName?: string | null; from?: number | null; to?: number | null },
): FinalizedReport[] {
  const rows = db
    .prepare(
      `SELECT pdf_id, composition_id, patient_id, title, signer_name, signature_time, addenda_count
       FROM report_pdfs
       WHERE org_id = @orgId AND superseded_by IS NULL
         AND (@signer IS NULL OR signer_name = @signer)
         AND (@from IS NULL OR signature_time >= @from)
         AND (@to IS NULL OR signature_time < @to)
       ORDER BY signature_time DESC, pdf_id LIMIT @limit OFFSET @offset`,
    )
    .all({
      orgId,
      signer: q.signerName ?? null,
      from: q.from ?? null,
      to: q.to ?? null,
      limit: REPORT_REVIEW_FETCH_SIZE,
      offset: q.offset,
    }) as {
    pdf_id: string;
    composition_id: string;
    patient_id: string | null;
    title: string;
    signer_name: string;
    signature_time: number;
    addenda_count: number;
  }[];
  return rows.map((r) => ({
    pdfId: r.pdf_id,
    compositionId: r.composition_id,
    patientId: r.patient_id,
    title: r.title,
    signerName: r.signer_name,
    signatureTime: r.signature_time,
    addendaCount: r.addenda_count,
  }));
}
