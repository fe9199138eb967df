import type { ClientLogRecord } from '../client-logs/types.js';
import type { PageRequest } from '../../pages.js';

/*
 * The team's customer-support reads (issue 41; spec 000 §2 `/vigil-team/customer-support`): find
 * a user or an organisation, its devices (live sessions), what the server holds of its documents'
 * sync, and the browsers' errors its log beacons kept (CL1).
 */

/** A user or an organisation the search found. */
export interface SupportHitRow {
  kind: 'user' | 'organisation';
  id: string;
  name: string;
  /** The user's email; the organisation's type. */
  detail: string;
}

export interface SupportUserRow {
  id: string;
  name: string;
  email: string;
  createdAt: number;
}

/** A live session of a user: its browser and its last request (no token, no address). */
export interface SupportDeviceRow {
  sessionId: string;
  userAgent: string | null;
  signedInAt: number;
  lastSeenAt: number;
}

export interface SupportOrgRow {
  id: string;
  name: string;
  type: string;
  createdAt: number;
  parents: string[];
  members: { userId: string; name: string; email: string; roles: string[] }[];
}

/** What the server holds of an organisation's documents (sync_documents): counts and last saves. */
export interface SyncHealthRow {
  orgId: string;
  documents: number;
  unsigned: number;
  lastSavedAt: string | null;
  recentUnsigned: { docId: string; lastSavedAt: string }[];
}

/** A beacon with its place in the list (newest first). */
export interface SupportLogRow extends ClientLogRecord {
  id: number;
}

/** A page of beacons is of one user's browsers or of one organisation's. */
export type SupportLogFilter = { userId: string } | { orgId: string };

export interface SupportStore {
  /** Users and organisations whose id is the text or whose email or name holds it; at most `limit` of each. */
  search(text: string, limit: number): Promise<SupportHitRow[]>;
  user(userId: string): Promise<SupportUserRow | null>;
  /** The user's sessions not ended and not expired at `now`, last seen first. */
  devices(userId: string, now: number): Promise<SupportDeviceRow[]>;
  org(orgId: string): Promise<SupportOrgRow | null>;
  syncHealth(orgId: string): Promise<SyncHealthRow>;
  /** One page of beacons, newest first; the cursor is the last one's `{at}~{id}`. */
  clientLogs(filter: SupportLogFilter, page: PageRequest): Promise<SupportLogRow[]>;
}
