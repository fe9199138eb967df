/*
 * The rooms' limits and timings: the defaults of SyncRoomsOptions, and the caps every write is
 * checked against.
 */

/** A room whose log holds this many updates is compacted into a snapshot. */
export const COMPACT_AFTER_UPDATES = 500;
/** Open sockets are authorised again this often (spec 000 §9: the client re-reads its token every 10 s). */
export const RECHECK_AUTH_MS = 10_000;
/** Merged content is validated at most this often per room, after a save. */
export const VALIDATE_AFTER_MS = 1000;
/**
 * A document kind's live summary (a case's live vitals, issue 38) is read at most this often per
 * room while its saves come: a monitor charting every 5 s is read once per reading, a burst of
 * saves once a second.
 */
export const LIVE_SUMMARY_EVERY_MS = 1000;
/** A room with no connection is dropped from memory after this (its state is in storage). */
export const EVICT_AFTER_MS = 30_000;
/**
 * A room with no write or hash request for this long drops its Y.Doc and keeps the state as
 * one encoded update (a 4-hour case: ~10 MB of heap as a Y.Doc, ~0.4 MB as bytes); the next
 * write builds it again. Readers are answered from the bytes meanwhile.
 */
export const HIBERNATE_AFTER_MS = 30_000;
/**
 * The projection of a document is refreshed once its saves have paused this long… Each
 * projection is a new Composition version holding the whole content, so pauses are coalesced:
 * 15 s halves the versions of a 4-hour case against 5 s (simulated: 144 → 76, most of the rest
 * being the monitor's 5-minute vitals; docs/decisions.md, session 14).
 */
export const PROJECT_AFTER_MS = 15_000;
/** …or at the latest this long after the first save it does not hold yet (a case charted without pause). */
export const PROJECT_MAX_WAIT_MS = 5 * 60_000;
/**
 * The largest update one write may carry (a save inflated, or a plain y-websocket update):
 * 2 MiB, five times a whole 4-hour case as bytes (~0.4 MB). A larger one is refused with
 * UPDATE_TOO_LARGE (Vigil's save) or a 1009 close (plain y-websocket), before it is stored.
 */
export const MAX_UPDATE_BYTES = 2 * 1024 * 1024;
/**
 * The largest a document may grow (its whole state encoded as one update): 8 MiB, twenty
 * times a 4-hour case. A write that would take it past this is refused with DOCUMENT_TOO_LARGE
 * (or a 1009 close): the content held so far stays as it is. Validation, hashing and the
 * projection of a document then always work on a bounded input.
 */
export const MAX_DOCUMENT_BYTES = 8 * 1024 * 1024;
