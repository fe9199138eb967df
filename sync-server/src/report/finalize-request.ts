import { signoffOverrideRequestSchema, type SignoffOverrideRequest } from '@vigil/shared';
import { z } from 'zod';
import { AppError } from '../errors.js';

/** The finalize steps streamed to the client (spec 001 §4, §7). The EMR steps come with an office EMR connection (issue 42). */
export type FinalizeStep =
  'pdfGen' | 'saveUpdates' | 'emrSaveStarted' | 'savedToEmr' | 'emrSaveFailed' | 'done' | 'failed';
export interface FinalizeLine {
  step: FinalizeStep;
  data?: Record<string, unknown>;
}

/** A final signature is a signature path like an addendum's: at most 20000 characters (spec 001 §5). */
export const MAX_SIGNATURE_CHARS = 20_000;

export interface FinalizeRequest {
  signature: string;
  contentHash: string;
  timeZone: string;
  /** Sign-off overrides (issue 29): a flag key and a reason each; the server stamps who and when. */
  overrides?: SignoffOverrideRequest[];
}

/** At most this many overrides in one finalize (more flags than the rules can raise on one case). */
export const MAX_OVERRIDES = 100;
const overridesSchema = z.array(signoffOverrideRequestSchema).max(MAX_OVERRIDES);

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** Reads and checks a finalize body (the client's html, if sent, is ignored: the server renders its own). */
export function parseFinalizeRequest(body: unknown): FinalizeRequest {
  const b = (body ?? {}) as Record<string, unknown>;
  const signature = typeof b.signature === 'string' ? b.signature.trim() : '';
  if (signature === '' || signature.length > MAX_SIGNATURE_CHARS || !/^[MLQCZmlqcz0-9.,\s-]+$/.test(signature)) {
    throw new AppError(400, 'INVALID_SIGNATURE');
  }
  const contentHash = typeof b.contentHash === 'string' ? b.contentHash : '';
  if (!/^[0-9a-f]{40}$/.test(contentHash)) throw new AppError(400, 'INVALID_CONTENT_HASH');
  const tz = typeof b.timeZone === 'string' && isTimeZone(b.timeZone) ? b.timeZone : 'UTC';
  const overrides = overridesSchema.safeParse(b.overrides ?? []);
  if (!overrides.success) {
    throw new AppError(400, 'INVALID_OVERRIDE', overrides.error.issues[0]?.message);
  }
  return { signature, contentHash, timeZone: tz, overrides: overrides.data };
}
