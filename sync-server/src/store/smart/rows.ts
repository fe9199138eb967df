import type { EmrWriteBack } from './types.js';

/** A write-back's columns as both databases' statements bind them (…, written as JSON, …, id last). */
export const writeBackParams = (w: EmrWriteBack): unknown[] => [
  w.orgId,
  w.compositionId,
  w.event,
  w.seq,
  w.status,
  w.attempts,
  w.firstAttemptAt,
  w.nextAttemptAt,
  w.lastError,
  JSON.stringify(w.written),
  w.createdAt,
  w.updatedAt,
  w.id,
];
