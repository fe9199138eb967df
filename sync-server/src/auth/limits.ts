import { HOUR, MINUTE } from '@vigil/shared';

/**
 * Abuse limits (issue 3; spec 000 gives none). Counted from the audit table, so they survive a
 * restart and expire on their own: nobody is locked out for good.
 */
export const AUTH_LIMITS = {
  /** Failed sign-ins per account per window before "too many requests". */
  signInFailuresPerAccount: 100,
  /** Failed sign-ins per IP address per window. */
  signInFailuresPerIp: 1000,
  signInWindowMs: HOUR,
  /** Wrong MFA/email codes per account per window, across codes. */
  codeFailuresPerAccount: 30,
  /** Wrong codes per IP per window. */
  codeFailuresPerIp: 300,
  codeWindowMs: HOUR,
  /** A code allows 5 wrong tries; the 6th try is refused even when right. */
  codeMaxAttempts: 5,
  /** MFA / email codes are valid for 10 minutes. */
  codeValidityMs: 10 * MINUTE,
  /** Codes sent per account per window (mail and SMS cost money and annoy). */
  codesSentPerAccount: 20,
  /** Password-reset links: valid 1 hour; at most 5 per address per hour. */
  resetValidityMs: HOUR,
  resetsPerEmail: 5,
  /**
   * Password-reset requests per IP address per hour, known addresses or not: bounds mail sent on
   * others' behalf and probing which addresses have accounts, while a practice behind one
   * address can still have several people reset in the same hour.
   */
  resetsPerIp: 20,
  /**
   * Multi-factor idle timeout: a verification stays valid for 12 hours after it was made or the
   * session was last extended while the user was active (spec 000 §4 extends only then), and never
   * beyond the session. A clinic day of charting, even a 270-minute case with the tablet untouched
   * (spec 000 §9), keeps it; a tablet left overnight asks for a new code. Without this cap
   * extendSession would slide multi-factor validity along with the 180-day session forever.
   */
  mfaIdleTimeoutMs: 12 * HOUR,
  /** Sudo lasts 15 minutes (the client treats it as over 2 minutes before, spec 000 §4). */
  sudoDurationMs: 15 * MINUTE,
} as const;
