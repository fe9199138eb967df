import type { NewSession } from '../sessions/types.js';

export type MfaChannel = 'sms' | 'email';
export type CodePurpose = 'mfa' | 'sudo' | 'verifyEmail' | 'resetPassword';

/** A row of `users`; the email is stored trimmed and lowercased. */
export interface UserRow {
  id: string;
  name: string;
  email: string;
  email_verified: number;
  password_hash: string | null;
  referred_by: string | null;
  /** The address an EMR launch named the user by (spec 000 §3 emrEmail), trimmed and lowercased; null when never launched. */
  emr_email: string | null;
  created_at: number;
  updated_at: number;
}

export interface MfaOptionRow {
  user_id: string;
  channel: MfaChannel;
  to_address: string;
  verified: number;
}

/** A one-time code (MFA, sudo, email verification, password reset); only its SHA-256 is kept. */
export interface CodeRow {
  id: string;
  purpose: CodePurpose;
  user_id: string;
  session_id: string | null;
  channel: string;
  to_address: string;
  code_hash: string;
  created_at: number;
  expires_at: number;
  attempts: number;
  closed_at: number | null;
}

export interface NewUser {
  id: string;
  name: string;
  email: string;
  passwordHash: string;
  referredBy: string | null;
  now: number;
}

export interface NewCode {
  id: string;
  purpose: CodePurpose;
  userId: string;
  /** The session a code is bound to; null for a password-reset link. */
  sessionId: string | null;
  channel: string;
  to: string;
  codeHash: string;
  now: number;
  expiresAt: number;
}

/** The hourly codes-sent limit a new code is stored under. */
export interface CodeSendLimit {
  since: number;
  max: number;
}

/** What a verified MFA code changes, in one step (spec 000 §7 verifyMfaCode). */
export interface MfaVerification {
  userId: string;
  channel: MfaChannel;
  to: string;
  /** The code went to the account's own address: the email counts as verified too. */
  verifiesEmail: boolean;
  sessionId: string;
  /** The session's new token (no fixation). */
  tokenHash: string;
  now: number;
  /** Multi-factor valid until this time, never past the session's expiry. */
  multiFactorExp: number;
  /** Sudo valid until this time, or null when this was not a sudo confirmation. */
  sudoExpiresAt: number | null;
}

/**
 * The accounts repository: users, their MFA options, one-time codes and saved signatures. Each
 * method is one atomic operation (the compound ones also touch the user's sessions). An
 * implementation passes the contract suite in contract.test.ts.
 */
export interface AccountStore {
  userById(id: string): Promise<UserRow | null>;
  userByEmail(email: string): Promise<UserRow | null>;
  /**
   * Creates the user and its first session, ending `endSessionId` (a token presented at sign-up);
   * null, with nothing written, when the email is taken.
   */
  createUserWithSession(user: NewUser, session: NewSession, endSessionId: string | null): Promise<UserRow | null>;
  updateName(userId: string, name: string, now: number): Promise<void>;
  markEmailVerified(userId: string, now: number): Promise<void>;
  /**
   * The one user an EMR launch named by this address before (emr_email), or null when none or
   * more than one has it.
   */
  userByEmrEmail(emrEmail: string): Promise<UserRow | null>;
  /** Keeps the address an EMR launch named the user by (spec 000 §3 emrEmail). */
  setEmrEmail(userId: string, emrEmail: string, now: number): Promise<void>;
  /**
   * Makes the user's EMR email its verified sign-in email (spec 000 §6 verifyEmrEmail), in one
   * step: when it differs from the email, the email changes and open password-reset codes are
   * voided as changeEmail does. False, with nothing changed, when the user has no EMR email or
   * another user holds that address.
   */
  adoptEmrEmail(userId: string, now: number): Promise<boolean>;
  /** Changes the email (unverified again) and voids the user's open password-reset codes. False when taken. */
  changeEmail(userId: string, email: string, now: number): Promise<boolean>;
  /**
   * Sets the password, voids open reset codes, ends every other session and gives `sessionId`
   * the new token hash.
   */
  changePassword(
    userId: string,
    passwordHash: string,
    now: number,
    sessionId: string,
    tokenHash: string,
  ): Promise<void>;

  /** The user's MFA options, sms before email, oldest first. */
  mfaOptions(userId: string): Promise<MfaOptionRow[]>;
  /** Marks the option verified (adding it), verifies the email when asked, sets MFA (and sudo), new token. */
  verifyMfa(v: MfaVerification): Promise<void>;
  /** Removes one option; false when there was none. */
  removeMfaOption(userId: string, channel: MfaChannel, to: string): Promise<boolean>;

  /** Codes sent to a user since a time, password-reset links not counted. */
  codesSentSince(userId: string, since: number): Promise<number>;
  /**
   * Stores a code, voiding its session's earlier open codes of the same purpose, and answers true.
   * With a limit, in the same atomic step (across every process over the data): only when fewer
   * than `max` codes were sent to the user after `since` (reset links not counted, as
   * codesSentSince); false, with nothing written, otherwise.
   */
  issueCode(code: NewCode, limit?: CodeSendLimit): Promise<boolean>;
  /** The newest open code of a session for a purpose and address, or null. */
  latestOpenCode(sessionId: string, purpose: CodePurpose, channel: string, to: string): Promise<CodeRow | null>;
  /**
   * Counts a wrong try at an open code in one atomic step: its count goes up by one and the code
   * closes when the count reaches `maxAttempts`. Returns the new count, or null when the code was
   * no longer open (used, voided or replaced meanwhile, perhaps by another process): nothing changed.
   */
  recordWrongCode(id: string, maxAttempts: number, now: number): Promise<number | null>;
  /**
   * Uses up an open code in one atomic step: true when this call closed it, false when it was
   * closed already (a parallel use of the same code, in any process, came first).
   */
  closeCode(id: string, now: number): Promise<boolean>;
  /** The open (not closed) password-reset code with this hash, expired or not, or null. */
  openResetCode(codeHash: string): Promise<CodeRow | null>;
  /**
   * Uses up an open, unexpired reset code: closes it, sets the password, verifies the email and
   * ends every session of its user. Returns the user's id, or null when the code was not open.
   */
  resetPassword(codeHash: string, passwordHash: string, now: number): Promise<string | null>;

  signature(userId: string): Promise<{ id: string; path: string } | null>;
  saveSignature(userId: string, id: string, path: string, now: number): Promise<void>;
  /** False when there was none. */
  deleteSignature(userId: string): Promise<boolean>;
}
