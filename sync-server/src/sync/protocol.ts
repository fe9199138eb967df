/** Room names are `{orgId}/{docId}`; both parts are ids, never paths. */
const ID_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

export interface RoomAddress {
  orgId: string;
  docId: string;
  name: string;
}

/** Parses `/api/sync/{orgId}/{docId}` (query string ignored); null for anything else. */
export function parseSyncPath(url: string): RoomAddress | null {
  const pathname = url.split('?')[0] ?? '';
  const match = /^\/api\/sync\/([^/]+)\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  const [, orgId = '', docId = ''] = match;
  if (!ID_SEGMENT.test(orgId) || !ID_SEGMENT.test(docId) || orgId.includes('..') || docId.includes('..')) return null;
  return { orgId, docId, name: `${orgId}/${docId}` };
}
