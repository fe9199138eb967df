/** One row to append to the account/organisation audit trail. */
export interface AuditRecord {
  at: number;
  userId: string | null;
  email: string | null;
  action: string;
  outcome: 'success' | 'failure';
  ip: string | null;
  userAgent: string | null;
  /** JSON text, or null. */
  detail: string | null;
}

/** Which column a limit counts by; an organisation by its record's `detail.orgId` (the card limit, issue 37). */
export type AuditCountBy = { email: string } | { userId: string } | { ip: string } | { orgId: string };

/**
 * Where a sealed audit record lives: the account/organisation trail, a FHIR AuditEvent, or one of
 * an AuditEvent's history rows (what _history and vread serve; issue 35 item 9).
 */
export type AuditSource = 'audit_events' | 'AuditEvent' | 'AuditEvent_history';

/** A chain's head anchor: how many links it had and the last one's hash, written with the links. */
export interface ChainHead {
  length: number;
  head: string;
}

/** One link of the hash chain (table audit_chain). */
export interface AuditLink {
  seq: number;
  source: AuditSource;
  sourceRow: number;
  prevHash: string;
  hash: string;
}

/** A record not sealed yet: where it lives and its sealed content (canonical JSON of its columns). */
export interface UnsealedRecord {
  source: AuditSource;
  row: number;
  content: string;
}

/** A new link: the hashes are computed by the caller (auth/audit.ts), the store only keeps them. */
export interface NewAuditLink {
  source: AuditSource;
  sourceRow: number;
  prevHash: string;
  hash: string;
}

/**
 * The audit repository: the append-only trail (its triggers refuse updates and deletes) and the
 * hash chain over it and the FHIR AuditEvents. An implementation passes contract.test.ts.
 */
export interface AuditStore {
  append(record: AuditRecord): Promise<void>;
  /** Events of one action after `since`, by email, user or IP. */
  count(action: string, since: number, by: AuditCountBy): Promise<number>;
  /**
   * Seals in one atomic step: reads the chain's head and every record not sealed yet (account
   * events first, then FHIR AuditEvents, then their history rows, each in row order), asks `link`
   * for each new link's hash, appends them and moves the head anchor to the new last link. A
   * concurrent sealer cannot fork the chain. Returns how many it sealed.
   */
  seal(now: number, link: (prevHash: string, record: UnsealedRecord) => string, genesis: string): Promise<number>;
  /** Every link, in order. */
  links(): Promise<AuditLink[]>;
  /** The head anchor as the last seal left it (null before any). */
  anchor(): Promise<ChainHead | null>;
  /** A record's sealed content as it is now, or null when it is gone. */
  content(source: AuditSource, row: number): Promise<string | null>;
  /** Records written after the last sealed one of each source. */
  unsealed(): Promise<number>;
}
