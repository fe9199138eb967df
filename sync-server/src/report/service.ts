import {
  caseEditingWindowEnd,
  contentHash,
  EDITING_WINDOW_CLOSED,
  INVALID_ADDENDUM,
  validateAddendums,
  type ReportAddendum,
  type ReportSignature,
  type SignoffOverride,
} from '@vigil/shared';
import { audited, recorded, type Audited, type AuditSinks, type Recorded } from '../access/audited.js';
import { fullySignedIn, type Caller, type SignedIn } from '../access/caller.js';
import type { OrgAccess } from '../access/index.js';
import { AppError } from '../errors.js';
import { ID_IN_OTHER_ORGANIZATION, type IdOwnership } from '../store/resources/id-ownership.js';
import type { FhirService, RequestContext } from '../fhir/service.js';
import type { Logger } from '../log.js';
import type { PdfLinkStore } from '../store/links/types.js';
import type { AccountStore } from '../store/accounts/types.js';
import type { OrgStore } from '../store/orgs/types.js';
import type { Entitlements } from '../access/entitlements.js';
import type { ReportStore } from '../store/reports/types.js';
import type { ResourceStore } from '../store/resources/types.js';
import type { DocumentRooms } from '../sync/rooms.js';
import { encodeCaseData, type EncodedCaseData } from '../sync/case-check.js';
import type { SignoffGate } from './signoff.js';
import type { FinalizeLine, FinalizeRequest } from './finalize-request.js';
import type { PdfPrinter } from './pdf.js';
import { CaseRecords } from './records.js';
import { finalSignerOf } from './final-signer.js';
import { pdfByLink, verifyPdf } from './pdf-download.js';
import { renderReportHtml } from './render.js';
import type { PdfDownload, PdfVerification } from './signed.js';
import type { ChangeStore } from '../store/changes/types.js';

export interface ReportServiceDeps {
  /**
   * The change feed (issue 36 item 3): the domain event is recorded in the same transaction as
   * the change. The server always passes it; unit tests of other rules may leave it out.
   */
  changes?: Pick<ChangeStore, 'append'>;
  rooms: DocumentRooms;
  printer: PdfPrinter;
  fhir: FhirService;
  store: ResourceStore;
  /** Signed PDFs and addenda (store/reports/): its transaction also holds the resources' and the document's writes. */
  reports: ReportStore;
  /** Memberships (store/orgs/). */
  orgs: Pick<OrgStore, 'memberByUser'>;
  /** What the organisation may use (access/entitlements.ts). */
  entitlements: Entitlements;
  /** The signer's name (store/accounts/). */
  accounts: Pick<AccountStore, 'userById'>;
  now: () => number;
  log: Logger;
  /** Who owns an id across organisations (the check FHIR PUT and the sync rooms use too). */
  ids: IdOwnership;
  /** The one organisation-access module (access/). */
  access: OrgAccess;
  /** The signed-PDF links (store/links/). */
  links: PdfLinkStore;
  /** The sign-off gate (issue 29): flags, policies and overrides at finalize. */
  signoff: SignoffGate;
  /**
   * Encodes the signed case content for its Composition's caseData extension (encodeCaseData).
   * services.ts hands in the worker thread the room projection uses; default: on the event loop.
   */
  encodeCaseData?: (content: unknown) => Promise<EncodedCaseData>;
  /**
   * The EMR write-back's progress after a finalize committed (issue 42, spec 001 §8): emits
   * emrSaveStarted, then savedToEmr or emrSaveFailed, when the office has an EMR connection.
   */
  emrProgress?: (
    orgId: string,
    compositionId: string,
    since: number,
    emit: (step: 'emrSaveStarted' | 'savedToEmr' | 'emrSaveFailed') => void,
  ) => Promise<void>;
}

/** encodeCaseData on the event loop (without a worker thread). */
const encodeInline = (content: unknown): Promise<EncodedCaseData> => Promise.resolve(encodeCaseData(content));

/**
 * The case content as signed: the sealed content with the server's sign-off overrides in place of
 * any list a client wrote (none left when there is no override), or the content itself when the
 * finalize writes no overrides.
 */
function signedCaseContent(content: unknown, overrides: readonly SignoffOverride[], writes: boolean): unknown {
  if (!writes) return content;
  const { signoffOverrides: _replaced, ...rest } = (content ?? {}) as Record<string, unknown>;
  return overrides.length > 0 ? { ...rest, signoffOverrides: overrides } : rest;
}

/** The FHIR request context of a signed-in caller's call in an organisation (the API's base URL for links). */
function fhirContext(caller: SignedIn, orgId: string): RequestContext {
  return { orgId, userId: caller.user.id, ip: caller.ip, baseUrl: `${caller.origin}/api/fhir/${orgId}` };
}

/**
 * Finalize, addenda and PDF links (spec 001 §4, §5, §7; DESIGN.md "Finalize"). What is signed is
 * what the server holds: the client's content hash must equal the server's, and the report is
 * rendered from the server's copy of the case document, never from the client's HTML.
 */
export class ReportService {
  private readonly records: CaseRecords;

  constructor(private readonly deps: ReportServiceDeps) {
    this.records = new CaseRecords(deps);
  }

  /** The caller, fully signed in (NO_AUTHENTICATION, MFA_REQUIRED), with the need in the organisation (NOT_AUTHORIZED…). */
  private async allowed(caller: Caller, orgId: string, need: 'member' | 'provider'): Promise<SignedIn> {
    const who = fullySignedIn(caller);
    await this.deps.access.authorize(who, orgId, need);
    return who;
  }

  /**
   * Checks a finalize request before anything is streamed: the caller is a member, the case id
   * is this organisation's (409 ID_IN_OTHER_ORGANIZATION), the case is not final yet, the
   * client's hash equals the server's, and the final-signer rules allow this signer.
   */
  async prepareFinalize(
    caller: Caller,
    orgId: string,
    compositionId: string,
    request: FinalizeRequest,
  ): Promise<{ run: (emit: (line: FinalizeLine) => void) => Promise<void> }> {
    const who = await this.allowed(caller, orgId, 'member');
    const ctx = fhirContext(who, orgId);
    // Issue 24 item 2: another organisation's id is refused before anything is opened or created.
    if (await this.deps.ids.belongsElsewhere(ctx.orgId, compositionId)) {
      throw new AppError(409, ID_IN_OTHER_ORGANIZATION);
    }
    const address = { orgId: ctx.orgId, docId: compositionId, name: `${ctx.orgId}/${compositionId}` };
    const snap = await this.deps.rooms.snapshot(address);
    if (snap.finalized || (await this.deps.reports.currentPdf(ctx.orgId, compositionId))) {
      throw new AppError(409, 'FINALIZED');
    }
    // EW2: past the provider editing window (24 hours from the case's end, else its start) by the
    // server's clock, on the server's copy, the case can no longer be signed (an addendum still can).
    const closes = caseEditingWindowEnd(snap.content);
    if (closes !== null && this.deps.now() > closes) throw new AppError(409, EDITING_WINDOW_CLOSED);
    if (snap.hash !== request.contentHash) throw new AppError(409, 'CONFLICT');
    const caseData = (snap.content ?? {}) as Record<string, unknown>;
    const { appointment, patientId, input, primaryProvider } = await this.records.caseInputs(
      ctx,
      compositionId,
      caseData,
      request.timeZone,
    );
    const signerName = await finalSignerOf(this.deps, who, ctx.orgId, caseData, primaryProvider);
    // Issue 29: the server is the gate. The shared sign-off rules run over the server's copy with
    // the organisation's policies; a blocking flag without an override refuses (409
    // SIGNOFF_BLOCKED). The overrides are stamped here (signer, name, time), printed in the
    // report and written into the case with the final flag, replacing any list a client wrote.
    const signoffContext = await this.deps.signoff.context(
      ctx.orgId,
      compositionId,
      caseData,
      patientId,
      request.timeZone,
      appointment,
    );
    const overrides = await this.deps.signoff.check(ctx.orgId, signoffContext, request.overrides ?? [], {
      userId: who.user.id,
      name: signerName,
    });
    const hasClientOverrides = caseData.signoffOverrides !== undefined && caseData.signoffOverrides !== null;
    const printed = { ...input, caseData: { ...input.caseData, signoffOverrides: overrides } };

    const run = async (emit: (line: FinalizeLine) => void): Promise<void> => {
      try {
        emit({ step: 'pdfGen' });
        const signature: ReportSignature = { name: signerName, path: request.signature, time: this.deps.now() };
        const rendered = renderReportHtml({ ...printed, finalSignature: signature }, signerName);
        const pdf = await this.deps.printer.print(rendered.html, input.printWidth);
        emit({ step: 'saveUpdates' });
        // The document is sealed from here to the end: no write reaches it between this check and finalize.
        const again = await this.deps.rooms.seal(address);
        let pdfId: string;
        try {
          if (again.finalized) throw new AppError(409, 'FINALIZED');
          if (again.hash !== snap.hash) throw new AppError(409, 'CONFLICT');
          // What is signed: the sealed content with the server's overrides in place of any other
          // list. Encoded for the Composition before the transaction (a large case takes a second).
          const writesOverrides = overrides.length > 0 || hasClientOverrides;
          const content = signedCaseContent(again.content, overrides, writesOverrides);
          let signedContent: { content: unknown; hash: string; encoded?: EncodedCaseData } = {
            content,
            hash: writesOverrides ? contentHash(content) : again.hash,
            encoded: await (this.deps.encodeCaseData ?? encodeInline)(content),
          };
          // One transaction (issue 26): the Binary, the links to it, the signed-PDF record and the
          // document's final flag commit together, so no crash leaves a half-finalized case.
          let makeFinal: () => void;
          let applyOverrides: () => void = () => undefined;
          ({ pdfId } = await this.deps.reports.transaction(async () => {
            // Issue 35 item 4: what storage holds decides, not the room in memory (the room may
            // have been loaded again, or another instance may hold it): a case another finalize
            // signed meanwhile is refused before anything is written. The store's one-current-PDF
            // constraint holds it even without this check (savePdf).
            if (await this.deps.reports.currentPdf(ctx.orgId, compositionId)) throw new AppError(409, 'FINALIZED');
            if (writesOverrides) {
              // The overrides join the case in the same transaction as the signed PDF (issue 29).
              const written = await again.storeWrite((root) => {
                if (overrides.length > 0) root.set('signoffOverrides', overrides);
                else root.delete('signoffOverrides');
              });
              applyOverrides = written.apply;
              // The document's own hash decides; were it to differ, its content is what is signed.
              if (written.hash !== signedContent.hash) signedContent = { content: written.content, hash: written.hash };
            }
            const saved = await this.records.savePdf(ctx, {
              compositionId,
              appointment,
              patientId,
              pdf,
              title: rendered.title,
              signature,
              signedBy: who.user.id,
              timeZone: request.timeZone,
              addendaCount: 0,
              previous: null,
              // The signed Composition carries the signed content, overrides included (issue 29).
              signedContent,
            });
            makeFinal = await again.storeFinalized();
            await this.deps.changes?.append({
              kind: 'case.finalized',
              at: signature.time,
              orgId: ctx.orgId,
              payload: { compositionId, pdfId: saved.pdfId, signedBy: who.user.id },
            });
            return saved;
          }));
          applyOverrides();
          makeFinal!();
        } finally {
          again.release();
        }
        // The case is signed whatever the EMR does: a failed write-back is tried again, never undone here.
        await this.deps
          .emrProgress?.(ctx.orgId, compositionId, signature.time, (step) => emit({ step }))
          ?.catch((err: unknown) => this.deps.log.warn({ err, compositionId }, 'emr write-back progress'));
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
    caller: Caller,
    orgId: string,
    compositionId: string,
    body: unknown,
  ): Promise<{ pdfId: string; signatureTime: number }> {
    const who = await this.allowed(caller, orgId, 'provider');
    const ctx = fhirContext(who, orgId);
    const issues = validateAddendums([body]);
    if (issues.length > 0) throw new AppError(400, INVALID_ADDENDUM, undefined, issues);
    const a = body as { title: string; text: string; signerName: string; signature: string };
    const previous = await this.deps.reports.currentPdf(ctx.orgId, compositionId);
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
      ...(await this.deps.reports.addendaSince(ctx.orgId, compositionId, previous.signatureTime)).map((r) => ({
        title: r.title,
        text: r.text,
        signerName: r.signerName,
        signature: r.signature,
        signatureTime: r.signatureTime,
      })),
      addendum,
    ];
    const { appointment, patientId, input } = await this.records.caseInputs(
      ctx,
      compositionId,
      (snap.content ?? {}) as Record<string, unknown>,
      previous.timeZone,
    );
    const signature: ReportSignature = {
      name: previous.signerName,
      path: previous.signature,
      time: previous.signatureTime,
    };
    const rendered = renderReportHtml({ ...input, addenda, finalSignature: signature }, signature.name);
    const pdf = await this.deps.printer.print(rendered.html, input.printWidth);
    const { pdfId } = await this.deps.reports.transaction(async () => {
      const latest = await this.deps.reports.currentPdf(ctx.orgId, compositionId);
      if (latest?.pdfId !== previous.pdfId) throw new AppError(409, 'CONFLICT');
      await this.deps.reports.addAddendum({
        orgId: ctx.orgId,
        compositionId,
        title: addendum.title,
        text: addendum.text,
        signerName: addendum.signerName,
        signature: addendum.signature,
        signatureTime,
        userId: who.user.id,
      });
      const saved = await this.records.savePdf(ctx, {
        compositionId,
        appointment,
        patientId,
        pdf,
        title: rendered.title,
        signature,
        signedBy: previous.signedBy,
        timeZone: previous.timeZone,
        addendaCount: addenda.length,
        previous,
      });
      await this.deps.changes?.append({
        kind: 'addendum.signed',
        at: signatureTime,
        orgId: ctx.orgId,
        payload: { compositionId, pdfId: saved.pdfId, signedBy: who.user.id },
      });
      return saved;
    });
    return { pdfId, signatureTime };
  }

  /**
   * An administrator opens a finalized case for editing again (spec 000 §3 adminUnfinalize):
   * only with the organisation's flag on and a fresh sudo confirmation (issue 24 item 1, spec 000
   * §6), audited (reportUnfinalized) in the transaction of the change (auditedReports). The
   * signed PDFs stay stored; the case loses its link to them until it is signed again. The room
   * takes writes again once that committed.
   */
  async unfinalize(caller: Caller, orgId: string, compositionId: string): Promise<Recorded<void>> {
    const who = fullySignedIn(caller);
    await this.deps.access.authorize(who, orgId, ['admin', { feature: 'adminUnfinalize' }, 'sudo']);
    const ctx = fhirContext(who, orgId);
    const previous = await this.deps.reports.currentPdf(orgId, compositionId);
    if (!previous) throw new AppError(409, 'NOT_FINALIZED');
    const address = { orgId, docId: compositionId, name: `${orgId}/${compositionId}` };
    const now = this.deps.now();
    await this.deps.reports.transaction(async () => {
      await this.deps.reports.supersede(orgId, previous.pdfId, `unfinalized:${now}`);
      await this.records.unlinkPdf(ctx, compositionId);
    });
    return recorded(undefined, {
      trail: 'account',
      action: 'reportUnfinalized',
      detail: { orgId, compositionId, pdfId: previous.pdfId },
    }).afterCommit(() => this.deps.rooms.reopen(address));
  }

  /** The PDF behind a live link (issue 24 item 7), or null: pdf-download.ts pdfByLink, audited as a read. */
  async pdfByLink(caller: Caller, token: string): Promise<Recorded<PdfDownload | null>> {
    return pdfByLink(this.deps, caller, token);
  }

  /**
   * Whether a PDF is one this case was signed to (issue 24 item 1): by its SHA-256 against every
   * PDF the case was ever signed or amended to. `current` is false for an earlier PDF (before an
   * addendum) or one of a signing an administrator unfinalized.
   */
  async verifyPdf(caller: Caller, orgId: string, compositionId: string, sha: string): Promise<PdfVerification> {
    return verifyPdf(this.deps, caller, orgId, compositionId, sha);
  }
}

/**
 * The report service as the server builds it (issue 36 item 2): unfinalizing is an audited
 * change (its record commits with it), a download behind a PDF link an audited read.
 */
export type AuditedReports = Audited<ReportService, 'unfinalize' | 'pdfByLink'>;

export function auditedReports(service: ReportService, sinks: AuditSinks): AuditedReports {
  return audited(service, { unfinalize: 'configuration', pdfByLink: 'phiRead' }, sinks);
}
