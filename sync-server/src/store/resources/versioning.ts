import type { FhirResource, FhirResourceType } from '@vigil/shared';
import { VersionConflictError } from '../../errors.js';
import { searchTokens, type SearchToken } from './search-params.js';
import { slimSuperseded } from './history-policy.js';
import type { StoredVersion, WriteInput } from './types.js';

/*
 * What a write or a deletion makes of a resource's versions, the same for every ResourceStore
 * implementation (issue 26: memory and SQLite shaped their history each on their own). The
 * store reads the current version, asks here, and stores the answer in its own way.
 */

/** A write's outcome: the new version, what the superseded version keeps, and the search tokens. */
export interface WritePlan {
  version: StoredVersion & { resource: FhirResource };
  /** The superseded version's resource as the history policy keeps it, or null when it stays as it is. */
  superseded: FhirResource | null;
  tokens: SearchToken[];
}

/**
 * The next version of a write over `current` (null when the id was never written). Throws
 * VersionConflictError on a stale ifMatch, for createOnly over a live resource, or for newId over
 * any version.
 */
export function planWrite(current: StoredVersion | null, input: WriteInput, now: string): WritePlan {
  const { orgId, resource } = input;
  if (current && input.newId) throw new VersionConflictError(current.versionId);
  if (current && input.createOnly && !current.deleted) throw new VersionConflictError(current.versionId);
  if (input.ifMatch !== undefined && input.ifMatch !== (current?.versionId ?? '0')) {
    throw new VersionConflictError(current?.versionId ?? '0');
  }
  const versionId = String(Number(current?.versionId ?? 0) + 1);
  // The superseded version keeps what the history policy keeps (no case content unless signed).
  const superseded = current?.resource ? slimSuperseded(current.resource) : null;
  const stored: FhirResource = { ...resource, meta: { ...resource.meta, versionId, lastUpdated: now } };
  return {
    version: {
      orgId,
      resourceType: resource.resourceType,
      id: resource.id,
      versionId,
      lastUpdated: now,
      deleted: false,
      resource: stored,
    },
    superseded,
    tokens: [...searchTokens(stored), { name: '_id', value: resource.id }, { name: '_lastUpdated', value: now }],
  };
}

/**
 * The deletion version over `current`, or null when there is no live resource to delete.
 * Throws VersionConflictError on a stale ifMatch.
 */
export function planDelete(
  current: StoredVersion | null,
  target: { orgId: string; type: FhirResourceType; id: string },
  now: string,
  ifMatch?: string,
): StoredVersion | null {
  if (!current || current.deleted) return null;
  if (ifMatch !== undefined && ifMatch !== current.versionId) throw new VersionConflictError(current.versionId);
  return {
    orgId: target.orgId,
    resourceType: target.type,
    id: target.id,
    versionId: String(Number(current.versionId) + 1),
    lastUpdated: now,
    deleted: true,
    resource: null,
  };
}
