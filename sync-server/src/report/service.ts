import type { CaseAddendum, CaseSignedReport } from '@vigil/shared';
import { createHash } from 'node:crypto';
import {
  ANESTHESIA_RECORD_TYPE,
  APPOINTMENT_EXTENSIONS,
  appointmentActorId,
  decideFinalSigner,
  FINAL_SIGNER_CODES,
  INVALID_ADDENDUM,
  isTestResource,
  patientFields,
  practitionerDisplayName,
  practitionerUserId,
  SUDO_VALIDITY_MARGIN_MS,
  reportInput,
  resolveFeatures,
  temperatureUnit,
  validateAddendums,
  vigilSystem,
  type Appointment,
  type Binary,
  type Composition,
  type FeatureValue,
  type Location,
  type Patient,
  type Practitioner,
  type ReportAddendum,
  type ReportInput,
  type ReportSignature,
} from '@vigil/shared';
import type { SignedInSession } from '../auth/sessions.js';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import { ID_IN_OTHER_ORGANIZATION, type IdOwnership } from '../fhir/id-ownership.js';
import type { FhirService, RequestContext } from '../fhir/service.js';
import type { ResourceStore } from '../store/resources/types.js';
import type { Logger } from '../log.js';
import type { DocumentRooms } from '../sync/rooms.js';
import type { OrgAccess } from '../access/index.js';
import type { PdfLinkStore } from '../store/links/types.js';
import { consumePdfLink, pdfLinkTarget, type ReportRole } from './links.js';
import { renderReportHtml } from './render.js';
import type { PdfPrinter } from './pdf.js';

/** The finalize steps streamed to the client (spec 001 §4, §7). EMR steps need an EMR link, which Vigil does not have yet. */
export type FinalizeStep =
  'pdfGen' | 'saveUpdates' | 'emrSaveStarted' | 'savedToEmr' | 'emrSaveFailed' | 'done' | 'failed';
export interface FinalizeLine {
  step: FinalizeStep;
  data?: Record<string, unknown>;
}

/** A final signature is a signature path like an addendum's: at most 20000 characters (spec 001 §5). */
export const MAX_SIGNATURE_CHARS = 20_000;
/** The identifier system of a PDF's SHA-256 on the references to it. */
export const SHA256_SYSTEM = vigilSystem('sha256');

export interface ReportServiceDeps {
  db: Db;
  rooms: DocumentRooms;
  printer: PdfPrinter;
  fhir: FhirService;
  store: ResourceStore;
  now: () => number;
  log: Logger;
  /** Who owns an id across organisations (the check FHIR PUT and the sync rooms use too). */
  ids: IdOwnership;
  /** The one organisation-access module (access/). */
  access: OrgAccess;
  /** The signed-PDF links (store/links/). */
  links: PdfLinkStore;
}

interface PdfRow {
  org_id: string;
  pdf_id: string;
  composition_id: string;
  patient_id: string | null;
  sha256: string;
  title: string;
  signer_name: string;
  signature: string;
  signature_time: number;
  signed_by: string;
  time_zone: string;
  addenda_count: number;
  superseded_by: string | null;
  created_at: number;
}

export interface FinalizeRequest {
  signature: string;
  contentHash: string;
  timeZone: string;
}

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** Reads and checks a finalize body (the client's html, if sent, is ignored: the server renders its own). */
export function parseFinalizeRequest(body: unknown): FinalizeRequest {
  const b = (body ?? {}) as Record<string, unknown>;
  const signature = typeof b.signature === 'string' ? b.signature.trim() : '';
  if (signature === '' || signature.length > MAX_SIGNATURE_CHARS || !/^[MLQCZmlqcz0-9.,\s-]+$/.test(signature)) {
    throw new AppError(400, 'INVALID_SIGNATURE');
  }
  const contentHash = typeof b.contentHash === 'string' ? b.contentHash : '';
  if (!/^[0-9a-f]{40}$/.test(contentHash)) throw new AppError(400, 'INVALID_CONTENT_HASH');
  const tz = typeof b.timeZone === 'string' && isTimeZone(b.timeZone) ? b.timeZone : 'UTC';
  return { signature, contentHash, timeZone: tz };
}

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');
const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * Finalize, addenda and PDF links (spec 001 §4, §5, §7; DESIGN.md "Finalize"). What is signed is
 * what the server holds: the client's content hash must equal the server's, and the report is
 * rendered from the server's copy of the case document, never from the client's HTML.
 */
export class ReportService {
  private readonly stmts;

  constructor(private readonly deps: ReportServiceDeps) {
    const { db } = deps;
    this.stmts = {
      features: db.prepare<[string], { name: string; value: string }>(
        'SELECT name, value FROM org_features WHERE org_id = ?',
      ),
      userName: db.prepare<[string], { name: string }>('SELECT name FROM users WHERE id = ?'),
      memberRoles: db.prepare<[string, string], { roles: string }>(
        'SELECT roles FROM org_members WHERE org_id = ? AND user_id = ?',
      ),
      sudo: db.prepare<[string], { sudo_expires_at: number | null }>(
        'SELECT sudo_expires_at FROM sessions WHERE id = ?',
      ),
      pdfsOfCase: db.prepare<[string, string], PdfRow>(
        'SELECT * FROM report_pdfs WHERE org_id = ? AND composition_id = ? ORDER BY created_at',
      ),
      audit: db.prepare<[number, string, string | null, string | null, string]>(
        `INSERT INTO audit_events (at, user_id, action, outcome, ip, user_agent, detail)
         VALUES (?, ?, 'reportUnfinalized', 'success', ?, ?, ?)`,
      ),
      insertPdf: db.prepare(
        `INSERT INTO report_pdfs (org_id, pdf_id, composition_id, patient_id, sha256, title, signer_name, signature,
           signature_time, signed_by, time_zone, addenda_count, created_at)
         VALUES (@org_id, @pdf_id, @composition_id, @patient_id, @sha256, @title, @signer_name, @signature,
           @signature_time, @signed_by, @time_zone, @addenda_count, @created_at)`,
      ),
      latestPdf: db.prepare<[string, string], PdfRow>(
        'SELECT * FROM report_pdfs WHERE org_id = ? AND composition_id = ? AND superseded_by IS NULL',
      ),
      pdf: db.prepare<[string, string], PdfRow>('SELECT * FROM report_pdfs WHERE org_id = ? AND pdf_id = ?'),
      supersede: db.prepare<[string, string, string]>(
        'UPDATE report_pdfs SET superseded_by = ? WHERE org_id = ? AND pdf_id = ?',
      ),
      addenda: db.prepare<
        [string, string, number],
        { title: string; text: string; signer_name: string; signature: string; signature_time: number }
      >(
        'SELECT title, text, signer_name, signature, signature_time FROM report_addenda WHERE org_id = ? AND composition_id = ? AND signature_time >= ? ORDER BY seq',
      ),
      insertAddendum: db.prepare(
        `INSERT INTO report_addenda (org_id, composition_id, seq, title, text, signer_name, signature, signature_time, user_id)
         VALUES (@org_id, @composition_id,
           (SELECT coalesce(max(seq), 0) + 1 FROM report_addenda WHERE org_id = @org_id AND composition_id = @composition_id),
           @title, @text, @signer_name, @signature, @signature_time, @user_id)`,
      ),
    };
  }

  access(session: SignedInSession, orgId: string, role: ReportRole): Promise<'NOT_AUTHORIZED' | null> {
    return this.deps.access.report(session, orgId, role);
  }

  features(orgId: string): Record<string, FeatureValue | null> {
    const stored: Record<string, FeatureValue> = {};
    for (const r of this.stmts.features.all(orgId)) stored[r.name] = JSON.parse(r.value) as FeatureValue;
    return resolveFeatures(stored);
  }

  private async readOptional<T>(
    ctx: RequestContext,
    type: 'Patient' | 'Practitioner' | 'Location',
    id: string | null,
  ): Promise<T | null> {
    if (id === null) return null;
    const v = await this.deps.store.read(ctx.orgId, type, id);
    return v && !v.deleted ? (v.resource as T) : null;
  }

  /** The case's appointment, patient, provider and place, and the report inputs from them. */
  private async caseInputs(
    ctx: RequestContext,
    compositionId: string,
    caseData: Record<string, unknown>,
    timeZone: string,
  ): Promise<{
    appointment: Appointment;
    patientId: string | null;
    input: ReportInput;
    primaryProvider: Practitioner | null;
  }> {
    let appointment: Appointment;
    try {
      appointment = (await this.deps.fhir.read(ctx, 'Appointment', compositionId)).resource as Appointment;
    } catch (err) {
      if (err instanceof AppError) throw new AppError(404, 'NOT_FOUND');
      throw err;
    }
    const patientId = appointmentActorId(appointment, 'Patient');
    const patient = await this.readOptional<Patient>(ctx, 'Patient', patientId);
    const provider = await this.readOptional<Practitioner>(
      ctx,
      'Practitioner',
      appointmentActorId(appointment, 'Practitioner'),
    );
    const room = await this.readOptional<Location>(ctx, 'Location', appointmentActorId(appointment, 'Location'));
    const office = room?.partOf?.reference?.startsWith('Location/')
      ? await this.readOptional<Location>(ctx, 'Location', room.partOf.reference.slice('Location/'.length))
      : null;
    const fields = patient ? patientFields(patient) : null;
    const features = this.features(ctx.orgId);
    const primaryProviderName = provider ? practitionerDisplayName(provider) || null : null;
    const input = reportInput({
      caseId: compositionId,
      patient: {
        id: patientId ?? '',
        givenName: fields?.givenName ?? null,
        familyName: fields?.familyName ?? null,
        nickname: fields?.nickname ?? null,
        birthDate: fields?.birthDate ?? null,
      },
      primaryProviderName,
      procedureDescription: appointment.description ?? null,
      location: office?.name ?? (room && !office ? (room.name ?? null) : null),
      room: office ? (room?.name ?? null) : null,
      temperatureUnit: temperatureUnit(features),
      heightUnit: features.defaultHeightUnit === 'cm' ? 'cm' : 'in',
      weightUnit: features.defaultWeightUnit === 'kg' ? 'kg' : 'lb',
      caseData,
      generatedAt: this.deps.now(),
      timeZone,
      // Spec 002 §1: demo mode marks the report as not a real patient (a test patient is demo data).
      demo: patient ? isTestResource(patient) : false,
    });
    return { appointment, patientId, input, primaryProvider: provider };
  }

  /** Stores a printed PDF as a Binary and links it from the Composition and the Appointment, in one transaction. */
  private async savePdf(
    ctx: RequestContext,
    q: {
      compositionId: string;
      appointment: Appointment;
      patientId: string | null;
      pdf: Uint8Array;
      title: string;
      signature: ReportSignature;
      signedBy: string;
      timeZone: string;
      addendaCount: number;
      previous: PdfRow | null;
    },
  ): Promise<{ pdfId: string; sha: string }> {
    // The report service's own writes may change a signed record (an addendum's new PDF link).
    const writer: RequestContext = { ...ctx, reportWriter: true };
    const sha = sha256(q.pdf);
    const binary = (
      await this.deps.fhir.create(writer, 'Binary', {
        resourceType: 'Binary',
        contentType: 'application/pdf',
        securityContext: { reference: `Composition/${q.compositionId}` },
        data: Buffer.from(q.pdf).toString('base64'),
      } satisfies Binary)
    ).version;
    const pdfId = binary.id;
    const pdfRef = { reference: `Binary/${pdfId}`, identifier: { system: SHA256_SYSTEM, value: sha } };
    const existing = await this.deps.store.read(ctx.orgId, 'Composition', q.compositionId);
    const current = existing && !existing.deleted ? (existing.resource as Composition) : null;
    const composition: Composition = {
      ...(current ?? {}),
      resourceType: 'Composition',
      id: q.compositionId,
      status: q.addendaCount > 0 ? 'amended' : 'final',
      type: current?.type ?? { coding: [{ ...ANESTHESIA_RECORD_TYPE }] },
      ...(q.patientId ? { subject: current?.subject ?? { reference: `Patient/${q.patientId}` } } : {}),
      date: iso(q.signature.time),
      author: current?.author ?? [{ display: q.signature.name }],
      title: q.title,
      attester: [{ mode: 'legal', time: iso(q.signature.time) }],
      section: [
        ...(current?.section ?? []).filter((s) => s.title !== 'Signed report'),
        { title: 'Signed report', entry: [pdfRef] },
      ],
    };
    delete (composition as { meta?: unknown }).meta;
    await this.deps.fhir.update(writer, 'Composition', q.compositionId, composition, undefined);
    const appointment: Appointment = {
      ...q.appointment,
      extension: [
        ...(q.appointment.extension ?? []).filter((e) => e.url !== APPOINTMENT_EXTENSIONS.pdf),
        { url: APPOINTMENT_EXTENSIONS.pdf, valueReference: pdfRef },
      ],
    };
    delete (appointment as { meta?: unknown }).meta;
    await this.deps.fhir.update(writer, 'Appointment', q.compositionId, appointment, undefined);
    const now = this.deps.now();
    this.stmts.insertPdf.run({
      org_id: ctx.orgId,
      pdf_id: pdfId,
      composition_id: q.compositionId,
      patient_id: q.patientId,
      sha256: sha,
      title: q.title,
      signer_name: q.signature.name,
      signature: q.signature.path,
      signature_time: q.signature.time,
      signed_by: q.signedBy,
      time_zone: q.timeZone,
      addenda_count: q.addendaCount,
      created_at: now,
    });
    if (q.previous) this.stmts.supersede.run(pdfId, ctx.orgId, q.previous.pdf_id);
    return { pdfId, sha };
  }

  /** Whether a user holds a role in the organisation (their own membership, not a parent's). */
  private memberHasRole(orgId: string, userId: string, role: string): boolean {
    const row = this.stmts.memberRoles.get(orgId, userId);
    return row ? (JSON.parse(row.roles) as unknown[]).includes(role) : false;
  }

  /**
   * The name the signed PDF prints, by the final-signer rules (FS1–FS4, issue 25): the case must
   * have started, the signer must be a provider, the organisation's primary-provider flag may
   * name the only signer, and the PDF names the person who signs. Refusals carry the rule's code
   * and message.
   */
  private async finalSignerOf(
    session: SignedInSession,
    orgId: string,
    caseData: Record<string, unknown>,
    primary: Practitioner | null,
  ): Promise<string> {
    const signerIsProvider = (await this.access(session, orgId, 'provider')) === null;
    const primaryUserId = primary ? practitionerUserId(primary) : null;
    const decision = decideFinalSigner({
      caseData,
      primaryProvider: primary
        ? {
            name: practitionerDisplayName(primary) || null,
            userId: primaryUserId,
            isProvider: primaryUserId !== null && this.memberHasRole(orgId, primaryUserId, 'provider'),
          }
        : null,
      primaryProviderMustBeFinalSigner: this.features(orgId).primaryProviderMustBeFinalSignerName === true,
      signer: {
        userId: session.userId,
        name: this.stmts.userName.get(session.userId)?.name?.trim() || 'Unknown signer',
        isProvider: signerIsProvider,
      },
    });
    if (decision.ok) return decision.signerName;
    const status =
      decision.issue.code === FINAL_SIGNER_CODES.caseNotStarted ||
      decision.issue.code === FINAL_SIGNER_CODES.noPrimaryProvider ||
      decision.issue.code === FINAL_SIGNER_CODES.primaryProviderNotProvider
        ? 409
        : 403;
    throw new AppError(status, decision.issue.code, decision.issue.message, [decision.issue]);
  }

  /**
   * Checks a finalize request before anything is streamed: the caller is a member, the case id
   * is this organisation's (409 ID_IN_OTHER_ORGANIZATION), the case is not final yet, the
   * client's hash equals the server's, and the final-signer rules allow this signer.
   */
  async prepareFinalize(
    session: SignedInSession,
    ctx: RequestContext,
    compositionId: string,
    request: FinalizeRequest,
  ): Promise<{ run: (emit: (line: FinalizeLine) => void) => Promise<void> }> {
    if (await this.access(session, ctx.orgId, 'member')) throw new AppError(403, 'NOT_AUTHORIZED');
    // Issue 24 item 2: another organisation's id is refused before anything is opened or created.
    if (await this.deps.ids.belongsElsewhere(ctx.orgId, compositionId)) {
      throw new AppError(409, ID_IN_OTHER_ORGANIZATION);
    }
    const address = { orgId: ctx.orgId, docId: compositionId, name: `${ctx.orgId}/${compositionId}` };
    const snap = await this.deps.rooms.snapshot(address);
    if (snap.finalized || this.stmts.latestPdf.get(ctx.orgId, compositionId)) throw new AppError(409, 'FINALIZED');
    if (snap.hash !== request.contentHash) throw new AppError(409, 'CONFLICT');
    const caseData = (snap.content ?? {}) as Record<string, unknown>;
    const { appointment, patientId, input, primaryProvider } = await this.caseInputs(
      ctx,
      compositionId,
      caseData,
      request.timeZone,
    );
    const signerName = await this.finalSignerOf(session, ctx.orgId, caseData, primaryProvider);

    const run = async (emit: (line: FinalizeLine) => void): Promise<void> => {
      try {
        emit({ step: 'pdfGen' });
        const signature: ReportSignature = { name: signerName, path: request.signature, time: this.deps.now() };
        const rendered = renderReportHtml({ ...input, finalSignature: signature }, signerName);
        const pdf = await this.deps.printer.print(rendered.html, input.printWidth);
        emit({ step: 'saveUpdates' });
        // The document is sealed from here to the end: no write reaches it between this check and finalize.
        const again = await this.deps.rooms.seal(address);
        let pdfId: string;
        try {
          if (again.finalized) throw new AppError(409, 'FINALIZED');
          if (again.hash !== snap.hash) throw new AppError(409, 'CONFLICT');
          ({ pdfId } = await this.deps.store.transaction(() =>
            this.savePdf(ctx, {
              compositionId,
              appointment,
              patientId,
              pdf,
              title: rendered.title,
              signature,
              signedBy: session.userId,
              timeZone: request.timeZone,
              addendaCount: 0,
              previous: null,
            }),
          ));
          await again.finalize();
        } finally {
          again.release();
        }
        emit({ step: 'done', data: { finalReportSignatureTime: signature.time, pdfId } });
      } catch (err) {
        const code = err instanceof AppError ? err.code : 'FINALIZE_FAILED';
        if (!(err instanceof AppError) || err.status >= 500)
          this.deps.log.error({ err, compositionId }, 'finalize failed');
        emit({ step: 'failed', data: { code } });
      }
    };
    return { run };
  }

  /**
   * Adds a signed addendum to a finalized case (spec 001 §3, §5) and prints the report again
   * with the addenda pages; the earlier PDF stays stored as the record of what was signed then.
   */
  async addAddendum(
    session: SignedInSession,
    ctx: RequestContext,
    compositionId: string,
    body: unknown,
  ): Promise<{ pdfId: string; signatureTime: number }> {
    if (await this.access(session, ctx.orgId, 'provider')) throw new AppError(403, 'NOT_AUTHORIZED');
    const issues = validateAddendums([body]);
    if (issues.length > 0) throw new AppError(400, INVALID_ADDENDUM, undefined, issues);
    const a = body as { title: string; text: string; signerName: string; signature: string };
    const previous = this.stmts.latestPdf.get(ctx.orgId, compositionId);
    if (!previous) throw new AppError(409, 'NOT_FINALIZED');
    const address = { orgId: ctx.orgId, docId: compositionId, name: `${ctx.orgId}/${compositionId}` };
    const snap = await this.deps.rooms.snapshot(address);
    const signatureTime = this.deps.now();
    const addendum: ReportAddendum = {
      title: a.title.trim(),
      text: a.text,
      signerName: a.signerName.trim(),
      signature: a.signature,
      signatureTime,
    };
    const addenda: ReportAddendum[] = [
      // Only the addenda of this signing: an unfinalized and signed-again case starts a new record.
      ...this.stmts.addenda.all(ctx.orgId, compositionId, previous.signature_time).map((r) => ({
        title: r.title,
        text: r.text,
        signerName: r.signer_name,
        signature: r.signature,
        signatureTime: r.signature_time,
      })),
      addendum,
    ];
    const { appointment, patientId, input } = await this.caseInputs(
      ctx,
      compositionId,
      (snap.content ?? {}) as Record<string, unknown>,
      previous.time_zone,
    );
    const signature: ReportSignature = {
      name: previous.signer_name,
      path: previous.signature,
      time: previous.signature_time,
    };
    const rendered = renderReportHtml({ ...input, addenda, finalSignature: signature }, signature.name);
    const pdf = await this.deps.printer.print(rendered.html, input.printWidth);
    const { pdfId } = await this.deps.store.transaction(async () => {
      const latest = this.stmts.latestPdf.get(ctx.orgId, compositionId);
      if (latest?.pdf_id !== previous.pdf_id) throw new AppError(409, 'CONFLICT');
      this.stmts.insertAddendum.run({
        org_id: ctx.orgId,
        composition_id: compositionId,
        title: addendum.title,
        text: addendum.text,
        signer_name: addendum.signerName,
        signature: addendum.signature,
        signature_time: signatureTime,
        user_id: session.userId,
      });
      return await this.savePdf(ctx, {
        compositionId,
        appointment,
        patientId,
        pdf,
        title: rendered.title,
        signature,
        signedBy: previous.signed_by,
        timeZone: previous.time_zone,
        addendaCount: addenda.length,
        previous,
      });
    });
    return { pdfId, signatureTime };
  }

  /**
   * An administrator opens a finalized case for editing again (spec 000 §3 adminUnfinalize):
   * only with the organisation's flag on, audited. The signed PDFs stay stored; the case loses
   * its link to them until it is signed again.
   */
  async unfinalize(
    session: SignedInSession,
    ctx: RequestContext,
    compositionId: string,
    meta: { userAgent: string | null },
  ): Promise<void> {
    if (await this.access(session, ctx.orgId, 'admin')) throw new AppError(403, 'NOT_AUTHORIZED');
    if (this.features(ctx.orgId).adminUnfinalize !== true) throw new AppError(403, 'FEATURE_DISABLED');
    // Issue 24 item 1: reopening a signed record needs a fresh sudo confirmation (spec 000 §6).
    const sudoUntil = this.stmts.sudo.get(session.sessionId)?.sudo_expires_at ?? null;
    if (sudoUntil === null || this.deps.now() >= sudoUntil - SUDO_VALIDITY_MARGIN_MS) {
      throw new AppError(403, 'SUDO_REQUIRED');
    }
    const previous = this.stmts.latestPdf.get(ctx.orgId, compositionId);
    if (!previous) throw new AppError(409, 'NOT_FINALIZED');
    const address = { orgId: ctx.orgId, docId: compositionId, name: `${ctx.orgId}/${compositionId}` };
    const now = this.deps.now();
    const writer: RequestContext = { ...ctx, reportWriter: true };
    await this.deps.store.transaction(async () => {
      this.stmts.supersede.run(`unfinalized:${now}`, ctx.orgId, previous.pdf_id);
      const apt = await this.deps.store.read(ctx.orgId, 'Appointment', compositionId);
      if (apt?.resource && !apt.deleted) {
        const a = apt.resource as Appointment;
        const next: Appointment = {
          ...a,
          extension: (a.extension ?? []).filter((e) => e.url !== APPOINTMENT_EXTENSIONS.pdf),
        };
        delete (next as { meta?: unknown }).meta;
        await this.deps.fhir.update(writer, 'Appointment', compositionId, next, undefined);
      }
      const cmp = await this.deps.store.read(ctx.orgId, 'Composition', compositionId);
      if (cmp?.resource && !cmp.deleted) {
        const c = cmp.resource as Composition;
        const next: Composition = { ...c, status: 'preliminary' };
        delete next.attester;
        delete (next as { meta?: unknown }).meta;
        await this.deps.fhir.update(writer, 'Composition', compositionId, next, undefined);
      }
      this.stmts.audit.run(
        now,
        session.userId,
        ctx.ip,
        meta.userAgent,
        JSON.stringify({ orgId: ctx.orgId, compositionId, pdfId: previous.pdf_id }),
      );
    });
    await this.deps.rooms.reopen(address);
  }

  /**
   * The PDF behind a live link (issue 24 item 7), or null (unknown, expired or used). A link is
   * bound to the user who asked for it: their session must come with the download (401 without
   * one, 403 for anyone else). A shared link works once, for whoever holds it. The stored bytes
   * must still have the SHA-256 that was signed; the download is audited as a read by the one
   * who downloads (the signed-in user, else an anonymous holder of a shared link).
   */
  async pdfByLink(
    token: string,
    reader: { session: SignedInSession | null; ip: string | null },
  ): Promise<PdfDownload | null> {
    const now = this.deps.now();
    const link = await pdfLinkTarget(this.deps.links, now, token);
    if (!link) return null;
    if (!link.singleUse) {
      if (!reader.session) throw new AppError(401, 'NO_AUTHENTICATION');
      if (reader.session.userId !== link.userId || (await this.access(reader.session, link.orgId, 'member'))) {
        throw new AppError(403, 'NOT_AUTHORIZED');
      }
    }
    const row = this.stmts.pdf.get(link.orgId, link.pdfId);
    if (!row) return null;
    const bytes = await this.storedPdf(link.orgId, row);
    if (link.singleUse && !(await consumePdfLink(this.deps.links, now, token))) return null;
    const readerId = reader.session?.userId ?? ANONYMOUS_LINK_READER;
    await this.deps.fhir.auditRead(
      { orgId: link.orgId, userId: readerId, ip: reader.ip, baseUrl: '' },
      [`Binary/${link.pdfId}`, `Composition/${row.composition_id}`],
      link.singleUse ? `report-pdf shared link from user ${link.userId}` : 'report-pdf link',
    );
    return { bytes, title: row.title };
  }

  /** A stored PDF's bytes, checked against the SHA-256 stored when it was signed. */
  private async storedPdf(orgId: string, row: PdfRow): Promise<Uint8Array> {
    const version = await this.deps.store.read(orgId, 'Binary', row.pdf_id);
    if (!version?.resource || version.deleted) {
      this.deps.log.error({ orgId, pdfId: row.pdf_id }, 'a signed PDF is missing from the store');
      throw new AppError(410, 'PDF_UNAVAILABLE');
    }
    const bytes = new Uint8Array(Buffer.from((version.resource as Binary).data ?? '', 'base64'));
    if (sha256(bytes) !== row.sha256) {
      this.deps.log.error({ orgId, pdfId: row.pdf_id }, 'a signed PDF no longer matches its SHA-256');
      throw new AppError(500, 'PDF_INTEGRITY_FAILED');
    }
    return bytes;
  }

  /**
   * Whether a PDF is one this case was signed to (issue 24 item 1): by its SHA-256 against every
   * PDF the case was ever signed or amended to. `current` is false for an earlier PDF (before an
   * addendum) or one of a signing an administrator unfinalized.
   */
  async verifyPdf(
    session: SignedInSession,
    orgId: string,
    compositionId: string,
    sha: string,
  ): Promise<PdfVerification> {
    if (await this.access(session, orgId, 'member')) throw new AppError(403, 'NOT_AUTHORIZED');
    const match = this.stmts.pdfsOfCase.all(orgId, compositionId).find((r) => r.sha256 === sha);
    if (!match) return { signed: false, sha256: sha };
    return {
      signed: true,
      sha256: sha,
      pdfId: match.pdf_id,
      current: match.superseded_by === null,
      signerName: match.signer_name,
      signatureTime: match.signature_time,
      addendaCount: match.addenda_count,
    };
  }
}

export type { CaseAddendum, CaseSignedReport };

/**
 * The current signed report of a case (the PDF no later one superseded) with its addenda in
 * order, or null when the case is not finalized (never signed, or unfinalized since). Only the
 * addenda of this signing count: a case unfinalized and signed again starts a new record, as
 * the PDF prints it. The caller checks organisation access first.
 */
export function caseSignedReport(db: Db, orgId: string, compositionId: string): CaseSignedReport | null {
  const pdf = db
    .prepare<[string, string], Pick<PdfRow, 'pdf_id' | 'signer_name' | 'signature_time'>>(
      `SELECT pdf_id, signer_name, signature_time FROM report_pdfs
       WHERE org_id = ? AND composition_id = ? AND superseded_by IS NULL`,
    )
    .get(orgId, compositionId);
  if (!pdf) return null;
  const rows = db
    .prepare<
      [string, string, number],
      { seq: number; title: string | null; text: string; signer_name: string; signature_time: number }
    >(
      `SELECT seq, title, text, signer_name, signature_time FROM report_addenda
       WHERE org_id = ? AND composition_id = ? AND signature_time >= ? ORDER BY seq`,
    )
    .all(orgId, compositionId, pdf.signature_time);
  return {
    pdfId: pdf.pdf_id,
    signerName: pdf.signer_name,
    signatureTime: pdf.signature_time,
    addenda: rows.map((r) => ({
      seq: r.seq,
      title: r.title === null || r.title.trim() === '' ? null : r.title,
      text: r.text,
      signerName: r.signer_name,
      signatureTime: r.signature_time,
    })),
  };
}

export const ANONYMOUS_LINK_READER = 'anonymous-link-holder';

export interface PdfDownload {
  bytes: Uint8Array;
  title: string;
}

/** The answer of `POST /report-pdf/verify/{orgId}/{caseId}`. */
export type PdfVerification =
  | { signed: false; sha256: string }
  | {
      signed: true;
      sha256: string;
      pdfId: string;
      /** The case's current signed PDF (false: an earlier one, or one of an unfinalized signing). */
      current: boolean;
      signerName: string;
      signatureTime: number;
      addendaCount: number;
    };

/** The SHA-256 of bytes, hex (what `report_pdfs.sha256` holds). */
export function pdfSha256(bytes: Uint8Array): string {
  return sha256(bytes);
}
