/**
 * The sync channel between a tablet and the server: the y-websocket protocol (message types
 * 0–3, which the official client speaks) plus Vigil's save acknowledgements (types 100+,
 * which only Vigil's client sends; the server never sends them to anyone else).
 */
export const SYNC_MESSAGE = {
  /** y-protocols sync: step 1, step 2, update. */
  sync: 0,
  /** y-protocols awareness update. */
  awareness: 1,
  auth: 2,
  queryAwareness: 3,
  /** Client → server: a batch of updates (maybe deflated) with the client's content hash. */
  save: 100,
  /** Server → client: a save was persisted (or refused), with the server's content hash. */
  saved: 101,
  /** Server → client: the document refused a write, and why. */
  refused: 102,
  /** Server → client: issues found validating the merged content (never a refusal). */
  issues: 103,
} as const;

/** Flags of a save message. */
export const SAVE_FLAGS = { deflated: 1 } as const;

/** Outcome of a save. */
export const SAVE_OUTCOME = { persisted: 0, refused: 1, failed: 2 } as const;
export type SaveOutcome = (typeof SAVE_OUTCOME)[keyof typeof SAVE_OUTCOME];

/** Why a write was refused. */
export const REFUSAL_REASONS = {
  FINALIZED: 'FINALIZED',
  READ_ONLY: 'READ_ONLY',
  /** One write is larger than the server accepts (issue 24: bounded work per request). */
  UPDATE_TOO_LARGE: 'UPDATE_TOO_LARGE',
  /** The write would take the document past the largest size the server keeps. */
  DOCUMENT_TOO_LARGE: 'DOCUMENT_TOO_LARGE',
  /**
   * The case's provider editing window (EW1, spec 000 §9: 24 hours) closed by the server's clock,
   * judged on the document the server holds before the write (EW2): nothing of the write is stored.
   */
  EDITING_WINDOW_CLOSED: 'EDITING_WINDOW_CLOSED',
} as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[keyof typeof REFUSAL_REASONS];

/**
 * Websocket close codes of the sync channel, so the client can tell "signed out" from
 * "offline" (Hocuspocus's CloseEvents convention).
 */
export const SYNC_CLOSE_CODES = {
  /** Normal close. */
  normal: 1000,
  /** The server is shutting down; reconnect later. */
  goingAway: 1001,
  /** The client sent a message the server cannot parse. */
  malformed: 1003,
  /** A write (or a frame) too large to accept: nothing of it was stored (UPDATE_TOO_LARGE, DOCUMENT_TOO_LARGE). */
  tooLarge: 1009,
  /** No session, or an expired one: the user must sign in again. */
  unauthorized: 4401,
  /** Signed in, but not a member of the document's organisation (or the document is not theirs). */
  forbidden: 4403,
  /** No such document in this organisation. */
  notFound: 4404,
} as const;
export type SyncCloseCode = (typeof SYNC_CLOSE_CODES)[keyof typeof SYNC_CLOSE_CODES];

/** Root map of a case document: every case-data field is one key of it. */
export const CASE_ROOT = 'case';

/**
 * Keys of the case map that hold lists (Y.Array), collaborative text (Y.Text) and records of
 * separately set entries (Y.Map: one event time or discharge item each). Their
 * containers are created by one deterministic update that every device applies (see the
 * client's caseStructure), never lazily: two tablets that each created `localDoses` offline
 * would otherwise conflict on the key, and the entries of the losing array would be lost.
 * Append new keys in a new group; never reorder or remove one.
 */
export const CASE_STRUCTURE_GROUPS = [
  {
    lists: [
      'preOpChecklist',
      'optChecks',
      'positions',
      'signatures',
      'waves',
      'vitalsRecords',
      'manualVitals',
      'drugsAdministered',
      'localDoses',
      'customDilutions',
      'preMeds',
      'infusionDrugs',
      'ivSites',
      'airways',
    ],
    texts: ['procedureNotes', 'recoveryNotes'],
    maps: [],
  },
  {
    // Two tablets setting different event times (or discharge items) apart both keep theirs.
    lists: [],
    texts: [],
    maps: ['events', 'dischargeScoreEntries'],
  },
  {
    // Compact monitor readings (issue 38, case-data/readings.ts): the readings and their monitors' headers.
    lists: ['vitalsReadings'],
    texts: [],
    maps: ['vitalsMonitors'],
  },
] as const;
