import { searchTokens, type SearchToken } from './search-params.js';
import type { NewResourceChange } from '../changes/types.js';
import type { StoredVersion } from './types.js';

/**
 * The change-feed record of a new version (issue 36 item 3), the same for every ResourceStore
 * implementation, which appends it in the write's own transaction. AuditEvents are the audit
 * trail's records of reads and writes, sealed in their own hash chain: not changes of the
 * organisation's data, so not in the feed (nor were they ever live events).
 */
/** Search tokens the store adds to every resource (versioning.ts), not part of a live event's filterData. */
const STORE_TOKENS: ReadonlySet<string> = new Set(['_id', '_lastUpdated']);

export function resourceChangeOf(
  before: StoredVersion | null,
  version: StoredVersion,
  tokens?: readonly SearchToken[],
): NewResourceChange | null {
  if (version.resourceType === 'AuditEvent') return null;
  // A deletion is announced with the search values of the version it deleted; a write with its
  // own (the write plan's tokens, without the store's _id and _lastUpdated).
  const source = version.resource ?? before?.resource ?? null;
  const values = tokens ?? (source ? searchTokens(source) : []);
  const filterData: Record<string, string[]> = {};
  for (const t of values) if (!STORE_TOKENS.has(t.name)) (filterData[t.name] ??= []).push(t.value);
  const at = Date.parse(version.lastUpdated);
  return {
    kind: 'resource',
    at: Number.isFinite(at) ? at : 0,
    orgId: version.orgId,
    resourceType: version.resourceType,
    resourceId: version.id,
    versionId: version.versionId,
    payload: {
      action: version.deleted ? 'delete' : before && !before.deleted ? 'update' : 'create',
      filterData,
    },
  };
}
