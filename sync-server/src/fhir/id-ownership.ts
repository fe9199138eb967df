import { BAA_CONTRACT_ID } from '@vigil/shared';
import type { Db } from '../db/database.js';

/**
 * Which organisation an id belongs to (issue 24 item 2: an id belongs to one organisation
 * forever). Every path that accepts a client-chosen id asks here before it creates anything:
 * FHIR `PUT` (a new case's Appointment and Composition among them), finalize, and the sync
 * rooms' upgrade check. An id is the organisation's that first used it, as a resource of any
 * type (deleted ones included: a deleted id is not free) or as a case document.
 */
export interface IdOwnership {
  /** The organisation that owns `id`, or null when no organisation has used it. */
  ownerOf(id: string): string | null;
  /** True when `id` is another organisation's: `orgId` must not create anything under it. */
  belongsElsewhere(orgId: string, id: string): boolean;
}

/** The refusal every id-taking path gives (HTTP 409; 4403 on the sync socket). */
export const ID_IN_OTHER_ORGANIZATION = 'ID_IN_OTHER_ORGANIZATION';
export const ID_IN_OTHER_ORGANIZATION_MESSAGE = 'This id belongs to another organization';

/**
 * Ids every organisation has one of, written by the server itself (the signed Business Associate
 * Agreement): never anyone's alone, and never writable through the API anyway.
 */
const PER_ORGANIZATION_IDS: ReadonlySet<string> = new Set([BAA_CONTRACT_ID]);

/**
 * Ownership over the SQLite tables (resource_history version 1, sync_documents; indexed by id in
 * migration 50). When two organisations hold the same id (data written before this check), the
 * earliest use owns it, so the owner keeps working and the later one is refused.
 */
export function sqliteIdOwnership(db: Db): IdOwnership {
  const owners = db.prepare<[string, string], { org_id: string }>(
    `SELECT org_id FROM (
       SELECT org_id, created_at AS at FROM sync_documents WHERE doc_id = ?
       UNION ALL
       SELECT org_id, last_updated AS at FROM resource_history WHERE id = ? AND version_id = 1
     ) GROUP BY org_id ORDER BY min(at), org_id LIMIT 1`,
  );
  const ownerOf = (id: string): string | null =>
    PER_ORGANIZATION_IDS.has(id) ? null : (owners.get(id, id)?.org_id ?? null);
  return {
    ownerOf,
    belongsElsewhere: (orgId, id) => {
      const owner = ownerOf(id);
      return owner !== null && owner !== orgId;
    },
  };
}
