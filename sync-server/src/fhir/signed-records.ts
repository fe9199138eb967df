import { isSignedResource, serverOwnedParts, type FhirResource, type FhirResourceType } from '@vigil/shared';
import { AppError } from '../errors.js';

/**
 * Signed means immutable (issue 24 item 1, issue 35 item 3): what the storage knows of a signed
 * record that the record cannot say of itself. A finalized case's Composition and Appointment,
 * and every PDF a case was ever signed or amended to (its Binary). Everything else a person
 * signed says so itself ([SG1] isSignedResource: a signature, a final document, the server's
 * signed label). Only the signing flows' own writes (finalize, an addendum, the audited admin
 * unfinalize, signing a health history) change a signed record.
 */
export interface SignedRecords {
  /** True when the storage holds this resource as part of a signed record (a signed case, a signed PDF). */
  isSigned(orgId: string, type: FhirResourceType, id: string): Promise<boolean>;
  /** The SHA-256 (hex) a signed PDF's Binary was stored with, or null when the Binary is no signed PDF. */
  signedPdfSha256(orgId: string, binaryId: string): Promise<string | null>;
}

/** SQLite: store/resources/ownership.ts (sqliteSignedRecords). */

/** The refusal of a write to a signed record (HTTP 423 Locked: the client does not retry it). */
export const SIGNED_RECORD = 'SIGNED_RECORD';
export const SIGNED_RECORD_MESSAGE =
  'This record is signed and cannot be changed; add an addendum, or ask an administrator to unfinalize the case';
/** The refusal of a client's write to what only the server writes ([SG2]; HTTP 403, the existing code). */
export const SERVER_OWNED_MESSAGE =
  'Only Vigil writes this (a signed form, the patient’s answers, a comment’s author, a signed report’s link or a form task)';

/**
 * Who writes. `client`: anything that carries a client's body (the FHIR API and its offline
 * outbox replay, the sync projection of a client's document). `server`: the server's own flows
 * that compose what they write (a comment with its author, a form task, the patient's form
 * link). `signer`: the signing flows, the only writers of a signed record. Never derived from a request.
 */
export type Writer = 'client' | 'server' | 'signer';

export interface WriteAttempt {
  writer: Writer;
  orgId: string;
  type: FhirResourceType;
  id: string;
  /** The live stored resource, or null (none yet, or deleted). */
  stored: FhirResource | null;
  /**
   * What would be stored, or null for a delete. Computed after the signed check, so a write to a
   * signed record is refused as signed whatever its body.
   */
  next: () => Promise<FhirResource | null>;
}

/**
 * The one write guard (issue 35 item 3) every write of a resource passes: a signed record
 * ([SG1] or the storage's word) refuses everyone but a signer (423 SIGNED_RECORD); a client
 * never changes what only the server writes ([SG2], 403 NOT_AUTHORIZED). Answers what to store.
 */
export async function guardWrite(
  signed: SignedRecords | undefined,
  attempt: WriteAttempt,
): Promise<FhirResource | null> {
  const { writer, orgId, type, id, stored } = attempt;
  if (
    writer !== 'signer' &&
    ((stored !== null && isSignedResource(stored)) || (await signed?.isSigned(orgId, type, id)) === true)
  ) {
    throw new AppError(423, SIGNED_RECORD, SIGNED_RECORD_MESSAGE);
  }
  const next = await attempt.next();
  if (writer === 'client' && serverOwnedParts(stored) !== serverOwnedParts(next)) {
    throw new AppError(403, 'NOT_AUTHORIZED', SERVER_OWNED_MESSAGE);
  }
  return next;
}
