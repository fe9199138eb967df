import { BAA_CONTRACT_ID } from '@vigil/shared';

/**
 * Which organisation an id belongs to (issue 24 item 2: an id belongs to one organisation
 * forever). Every path that accepts a client-chosen id asks here before it creates anything:
 * FHIR `PUT` (a new case's Appointment and Composition among them), finalize, and the sync
 * rooms' upgrade check. An id is the organisation's that first used it, as a resource of any
 * type (deleted ones included: a deleted id is not free) or as a case document.
 */
export interface IdOwnership {
  /** The organisation that owns `id`, or null when no organisation has used it. */
  ownerOf(id: string): Promise<string | null>;
  /** True when `id` is another organisation's: `orgId` must not create anything under it. */
  belongsElsewhere(orgId: string, id: string): Promise<boolean>;
}

/** SQLite: store/resources/ownership.ts (sqliteIdOwnership). */

/** The refusal every id-taking path gives (HTTP 409; 4403 on the sync socket). */
export const ID_IN_OTHER_ORGANIZATION = 'ID_IN_OTHER_ORGANIZATION';
export const ID_IN_OTHER_ORGANIZATION_MESSAGE = 'This id belongs to another organization';

/**
 * Ids every organisation has one of, written by the server itself (the signed Business Associate
 * Agreement): never anyone's alone, and never writable through the API anyway.
 */
export const PER_ORGANIZATION_IDS: ReadonlySet<string> = new Set([BAA_CONTRACT_ID]);
