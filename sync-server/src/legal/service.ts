import {
  LEGAL_DOCUMENT_TITLES,
  LEGAL_DOCUMENTS,
  legalAcceptanceError,
  pendingLegalDocuments,
  type ContractDocument,
  type LegalAcceptance,
  type LegalDocumentName,
  type LegalDocumentView,
} from '@vigil/shared';
import { fullySignedIn, type Caller } from '../access/caller.js';
import type { AuditLog, RequestMeta } from '../auth/audit.js';
import { refuse } from '../errors.js';
import type { LegalAcceptanceStore } from '../store/legal/types.js';

export interface LegalDeps {
  store: LegalAcceptanceStore;
  audit: AuditLog;
  now: () => number;
  /** The published documents (shared's LEGAL_DOCUMENTS; a test publishes a new version here). */
  documents?: Readonly<Record<LegalDocumentName, ContractDocument>>;
}

export type { LegalDocumentView };

/** At most one acceptance per document in a call. */
const MAX_ACCEPTANCES = 10;

/**
 * The legal documents of spec 000 §7 (issue 40): the terms of service and the privacy policy are
 * accepted at sign-up (refused without the current versions) and again after a new version is
 * published. Each acceptance is recorded (user, document, version, time) and audited
 * (`legalAccepted`, detail document and version).
 */
export class LegalService {
  private readonly documents: Readonly<Record<LegalDocumentName, ContractDocument>>;

  constructor(private readonly deps: LegalDeps) {
    this.documents = deps.documents ?? LEGAL_DOCUMENTS;
  }

  view(name: LegalDocumentName): LegalDocumentView {
    const d = this.documents[name];
    return {
      name,
      title: LEGAL_DOCUMENT_TITLES[name],
      version: d.version,
      updated: d.updated,
      html: d.html,
      preamble: d.preamble,
      postText: d.postText,
      checkboxText: d.checkboxText,
      signedText: d.signedText,
    };
  }

  /** legalDocumentsToAccept: the current documents the signed-in user has not accepted ([LEG1]). */
  async toAccept(caller: Caller): Promise<LegalDocumentView[]> {
    const who = fullySignedIn(caller);
    return this.pendingFor(who.user.id);
  }

  /** acceptLegalDocuments(accepted): records each ([LEG2]) and answers what is still to accept. */
  async accept(
    caller: Caller,
    accepted: readonly { document: string; version: string }[],
  ): Promise<LegalDocumentView[]> {
    const who = fullySignedIn(caller);
    const valid = this.checked(accepted);
    await this.record(who.user.id, valid, { ip: caller.ip, userAgent: caller.userAgent }, 'dialog');
    return this.pendingFor(who.user.id);
  }

  /**
   * Sign-up's check, before any account is made: the acceptances name every document at its
   * current version ('TERMS_NOT_ACCEPTED' otherwise; spec 000 §5's checkbox, held by the server).
   */
  checkSignUp(accepted: readonly { document: string; version: string }[]): LegalAcceptance[] {
    const valid = this.checked(accepted);
    if (pendingLegalDocuments(valid, this.documents).length > 0) refuse('TERMS_NOT_ACCEPTED');
    return valid;
  }

  /** Records the acceptances sign-up checked, for the account it made. */
  recordSignUp(userId: string, accepted: readonly LegalAcceptance[], meta: RequestMeta): Promise<void> {
    return this.record(userId, accepted, meta, 'signUp');
  }

  private checked(accepted: readonly { document: string; version: string }[]): LegalAcceptance[] {
    if (accepted.length > MAX_ACCEPTANCES) refuse('INVALID_INPUT');
    for (const a of accepted) {
      const error = legalAcceptanceError(a, this.documents);
      if (error) refuse(error);
    }
    return accepted as LegalAcceptance[];
  }

  private async record(
    userId: string,
    accepted: readonly LegalAcceptance[],
    meta: RequestMeta,
    at: 'signUp' | 'dialog',
  ): Promise<void> {
    const now = this.deps.now();
    for (const a of accepted) {
      await this.deps.store.add({ userId, document: a.document, version: a.version, acceptedAt: now });
      await this.deps.audit.record(now, meta, {
        action: 'legalAccepted',
        outcome: 'success',
        userId,
        detail: { document: a.document, version: a.version, at },
      });
    }
  }

  private async pendingFor(userId: string): Promise<LegalDocumentView[]> {
    const accepted = await this.deps.store.byUser(userId);
    return pendingLegalDocuments(accepted, this.documents).map((name) => this.view(name));
  }
}
