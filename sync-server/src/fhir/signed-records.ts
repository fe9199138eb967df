import type { FhirResourceType } from '@vigil/shared';

/**
 * Signed means immutable (issue 24 item 1): a finalized case's Composition and Appointment, and
 * every PDF a case was ever signed or amended to (its Binary), cannot be changed or deleted
 * through the API by anyone. Only the report service's own writes (finalize, an addendum, the
 * audited admin unfinalize) change them.
 */
export interface SignedRecords {
  /** True when this resource is part of a signed record and so refuses writes and deletes. */
  isSigned(orgId: string, type: FhirResourceType, id: string): Promise<boolean>;
  /** The SHA-256 (hex) a signed PDF's Binary was stored with, or null when the Binary is no signed PDF. */
  signedPdfSha256(orgId: string, binaryId: string): Promise<string | null>;
}

/** SQLite: store/resources/ownership.ts (sqliteSignedRecords). */

/** The refusal of a write to a signed record (HTTP 423 Locked: the client does not retry it). */
export const SIGNED_RECORD = 'SIGNED_RECORD';
export const SIGNED_RECORD_MESSAGE =
  'This record is signed and cannot be changed; add an addendum, or ask an administrator to unfinalize the case';
