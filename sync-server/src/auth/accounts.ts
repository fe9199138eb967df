import { ID_PREFIXES, MFA_CODE_LENGTH, SUDO_VALIDITY_MARGIN_MS, newId, normalizeEmail } from '@vigil/shared';
import { GraphQLError } from 'graphql';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import type { Db } from '../db/database.js';
import type { MessageSender } from '../mail/sender.js';
import { audit, countEvents, type AuditAction, type RequestMeta } from './audit.js';
import type { BotCheck } from './bot-check.js';
import { InFlight } from './in-flight.js';
import { AUTH_LIMITS } from './limits.js';
import { hashPassword, isCommonPassword, verifyPassword } from './passwords.js';
import {
  createSession,
  endSession,
  endUserSessions,
  findLiveSession,
  rotateSessionToken,
  type SessionRow,
} from './sessions.js';
import type { AuthSettings, Clock } from './settings.js';
import { newLinkCode, newNumericCode, sha256 } from './tokens.js';

/** A failure the client maps to the spec's text: the GraphQL error's message is the code (spec 000 §8). */
export function fail(code: string): never {
  throw new GraphQLError(code, { extensions: { code } });
}

export type MfaChannel = 'sms' | 'email';
type CodePurpose = 'mfa' | 'sudo' | 'verifyEmail' | 'resetPassword';

/** SMS MFA is offered in these countries only (spec 000 §5, §9: CAN, USA, GBR, AUS). */
const SMS_COUNTRIES: readonly CountryCode[] = ['CA', 'US', 'GB', 'AU'];

export interface UserRow {
  id: string;
  name: string;
  email: string;
  email_verified: number;
  password_hash: string | null;
  referred_by: string | null;
  created_at: number;
  updated_at: number;
}

export interface MfaOptionRow {
  user_id: string;
  channel: MfaChannel;
  to_address: string;
  verified: number;
}

interface CodeRow {
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

/** The current request's session, as resolvers see it. */
export interface Current {
  session: SessionRow;
  user: UserRow;
}

/** What a successful sign-in, sign-up or verification hands back: the user, the session and a token to set. */
export interface SignedIn {
  user: UserRow;
  session: SessionRow;
  token: string;
}

/**
 * Normalises an SMS MFA number: parsed with libphonenumber (a 10-digit number is read as +1),
 * valid, and in CAN, USA, GBR or AUS; returns E.164, else INVALID_PHONE.
 */
export function normalizeSmsNumber(input: string): string {
  const trimmed = input.trim();
  const phone = parsePhoneNumberFromString(trimmed, trimmed.startsWith('+') ? undefined : 'US');
  if (!phone?.isValid() || !phone.country || !SMS_COUNTRIES.includes(phone.country)) fail('INVALID_PHONE');
  return phone.number;
}

/** Account and session operations. Every method validates its own rules; inputs arrive parsed (zod) from GraphQL. */
export class Accounts {
  /** Sign-in and password-reset attempts that passed their limits and are still running (issue 24 item 4). */
  private readonly inFlight = new InFlight();

  constructor(
    readonly db: Db,
    readonly settings: AuthSettings,
    readonly now: Clock,
    private readonly sender: MessageSender,
    readonly botCheck: BotCheck,
  ) {}

  /** Refuses a request without a fresh solved bot-check challenge (RECAPTCHA_FAILED, spec 000 §8). */
  private async assertHuman(
    botToken: string | null,
    meta: RequestMeta,
    action: 'signUp' | 'signInBotCheckFailed',
    email: string,
  ): Promise<void> {
    if (await this.botCheck.verify(botToken)) return;
    audit(this.db, this.now(), meta, { action, outcome: 'failure', email, detail: { reason: 'botCheck' } });
    fail('RECAPTCHA_FAILED');
  }

  /**
   * Checks an abuse limit and, when there is room, takes a place for this attempt before any
   * `await` (see in-flight.ts): the limit counts the audit events of `action` since `since` by
   * account and by IP, plus the attempts of the same kind still running. Returns the function
   * that gives the place back, or null when the limit is reached.
   */
  private reserveAttempt(
    action: AuditAction,
    since: number,
    limits: { email: string; perEmail: number; ip: string | null; perIp: number },
  ): (() => void) | null {
    const emailKey = `${action}:email:${limits.email}`;
    const ipKey = limits.ip === null ? null : `${action}:ip:${limits.ip}`;
    const used = (by: { email: string } | { ip: string }, key: string): number =>
      countEvents(this.db, action, since, by) + this.inFlight.count(key);
    if (used({ email: limits.email }, emailKey) >= limits.perEmail) return null;
    if (ipKey !== null && limits.ip !== null && used({ ip: limits.ip }, ipKey) >= limits.perIp) return null;
    return this.inFlight.hold(ipKey === null ? [emailKey] : [emailKey, ipKey]);
  }

  // ---- reads ----

  userById(id: string): UserRow | null {
    return (this.db.prepare('SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined) ?? null;
  }

  userByEmail(email: string): UserRow | null {
    return (
      (this.db.prepare('SELECT * FROM users WHERE email = ?').get(normalizeEmail(email)) as UserRow | undefined) ?? null
    );
  }

  mfaOptions(userId: string): MfaOptionRow[] {
    return this.db
      .prepare('SELECT * FROM mfa_options WHERE user_id = ? ORDER BY channel DESC, created_at')
      .all(userId) as MfaOptionRow[];
  }

  verifiedMfaOptions(userId: string): MfaOptionRow[] {
    return this.mfaOptions(userId).filter((o) => o.verified === 1);
  }

  sessionRow(id: string): SessionRow {
    return this.db.prepare('SELECT * FROM sessions WHERE id = ?').get(id) as SessionRow;
  }

  /** The live session and its user for a raw token, or null. */
  current(token: string | null): Current | null {
    if (!token) return null;
    const session = findLiveSession(this.db, token, this.now());
    if (!session) return null;
    const user = this.userById(session.user_id);
    return user ? { session, user } : null;
  }

  isMultiFactorValid(session: SessionRow): boolean {
    return (
      session.multi_factor_last !== null && session.multi_factor_exp !== null && session.multi_factor_exp > this.now()
    );
  }

  /** Sudo is valid until sudoExpiresAt minus the margin (spec 000 §4, §9) — or skipped (spec 000 §6). */
  hasSudo(current: Current): boolean {
    const expires = current.session.sudo_expires_at;
    return expires !== null && this.now() < expires - SUDO_VALIDITY_MARGIN_MS;
  }

  // ---- guards ----

  /** A valid session (partial or full), else NO_AUTHENTICATION. */
  requireSession(current: Current | null): Current {
    if (!current) fail('NO_AUTHENTICATION');
    return current;
  }

  /** A session with valid multi-factor ("full", spec 000 §4), else MFA_REQUIRED. */
  requireFull(current: Current | null): Current {
    const c = this.requireSession(current);
    if (!this.isMultiFactorValid(c.session)) fail('MFA_REQUIRED');
    return c;
  }

  /** A fresh sudo confirmation (spec 000 §6), else SUDO_REQUIRED; skipped for a user with no verified MFA option when allowed. */
  requireSudo(current: Current | null): Current {
    const c = this.requireFull(current);
    if (this.hasSudo(c)) return c;
    if (this.settings.allowSudoSkip && this.verifiedMfaOptions(c.user.id).length === 0) return c;
    fail('SUDO_REQUIRED');
  }

  // ---- sign-up, sign-in, sign-out ----

  async signUp(
    input: { name: string; email: string; password: string; referredBy: string | null; botToken: string | null },
    meta: RequestMeta,
    previousToken: string | null,
  ): Promise<SignedIn> {
    await this.assertHuman(input.botToken, meta, 'signUp', input.email);
    const now = this.now();
    if (isCommonPassword(input.password)) {
      audit(this.db, now, meta, {
        action: 'signUp',
        outcome: 'failure',
        email: input.email,
        detail: { reason: 'weakPassword' },
      });
      fail('WEAK_PASSWORD');
    }
    if (this.userByEmail(input.email)) {
      audit(this.db, now, meta, {
        action: 'signUp',
        outcome: 'failure',
        email: input.email,
        detail: { reason: 'emailTaken' },
      });
      fail('EMAIL_TAKEN');
    }
    const hash = await hashPassword(input.password);
    const userId = newId(ID_PREFIXES.user);
    const result = this.db.transaction(() => {
      // A concurrent sign-up may have taken the address while hashing.
      if (this.userByEmail(input.email)) return null;
      this.db
        .prepare(
          `INSERT INTO users (id, name, email, email_verified, password_hash, referred_by, created_at, updated_at)
           VALUES (?, ?, ?, 0, ?, ?, ?, ?)`,
        )
        .run(userId, input.name, input.email, hash, input.referredBy, now, now);
      this.endPrevious(previousToken, now);
      return createSession(this.db, userId, now, { id: newId('ses'), ...meta });
    })();
    if (!result) fail('EMAIL_TAKEN');
    audit(this.db, now, meta, { action: 'signUp', outcome: 'success', userId, email: input.email });
    return { user: this.userById(userId)!, session: result.row, token: result.token };
  }

  async signIn(
    input: { email: string; password: string; botToken: string | null },
    meta: RequestMeta,
    previousToken: string | null,
  ): Promise<SignedIn> {
    const now = this.now();
    const email = input.email;
    // The attempt takes its place under the failure limits before the bot check and argon2 run,
    // so parallel guesses cannot all pass the count (issue 24 item 4).
    const release = this.reserveAttempt('signInFailed', now - AUTH_LIMITS.signInWindowMs, {
      email,
      perEmail: AUTH_LIMITS.signInFailuresPerAccount,
      ip: meta.ip,
      perIp: AUTH_LIMITS.signInFailuresPerIp,
    });
    if (!release) {
      audit(this.db, now, meta, { action: 'signInRateLimited', outcome: 'failure', email });
      fail('TOO_MANY_REQUESTS');
    }
    try {
      // A failed bot check is not a password guess: it never counts toward locking the account.
      await this.assertHuman(input.botToken, meta, 'signInBotCheckFailed', email);
      const user = this.userByEmail(email);
      const ok = await verifyPassword(user?.password_hash ?? null, input.password);
      if (!user || !ok) {
        // Written before the place is given back, so the limit never loses sight of this failure.
        audit(this.db, now, meta, {
          action: 'signInFailed',
          outcome: 'failure',
          userId: user?.id ?? null,
          email,
          detail: { reason: user ? 'wrongPassword' : 'unknownEmail' },
        });
        // One code for both, so sign-in does not reveal which addresses have accounts.
        fail('INVALID_LOGIN_CREDENTIALS');
      }
      const { token, row } = this.db.transaction(() => {
        this.endPrevious(previousToken, now);
        return createSession(this.db, user.id, now, { id: newId('ses'), ...meta });
      })();
      audit(this.db, now, meta, { action: 'signIn', outcome: 'success', userId: user.id, email });
      return { user, session: row, token };
    } finally {
      release();
    }
  }

  /** A token presented at sign-in or sign-up belongs to a session that must not survive it (no fixation). */
  private endPrevious(previousToken: string | null, now: number): void {
    if (!previousToken) return;
    const previous = findLiveSession(this.db, previousToken, now);
    if (previous) endSession(this.db, previous.id, now);
  }

  /** Ends every session of the signed-in user (issue 3: sign-out ends every session). */
  signOut(current: Current | null, meta: RequestMeta): boolean {
    if (!current) return true;
    const now = this.now();
    endUserSessions(this.db, current.user.id, now);
    audit(this.db, now, meta, {
      action: 'signOut',
      outcome: 'success',
      userId: current.user.id,
      email: current.user.email,
    });
    return true;
  }

  /**
   * Renews the session for another lifetime (spec 000 §4); a still-valid multi-factor runs for its
   * idle timeout from now (capped by the session); can clear sudo.
   */
  extendSession(current: Current | null, clearSudo: boolean, meta: RequestMeta): SessionRow {
    const c = this.requireSession(current);
    const now = this.now();
    const expires = now + (c.session.expires_at - c.session.renewed_at);
    const mfaValid = this.isMultiFactorValid(c.session);
    // Multi-factor slides only while still valid, and only by its idle timeout (never past the session).
    const mfaExp = Math.min(expires, now + AUTH_LIMITS.mfaIdleTimeoutMs);
    this.db
      .prepare(
        `UPDATE sessions SET renewed_at = ?, expires_at = ?,
           multi_factor_exp = CASE WHEN ? THEN ? ELSE multi_factor_exp END,
           sudo_last = CASE WHEN ? THEN NULL ELSE sudo_last END,
           sudo_expires_at = CASE WHEN ? THEN NULL ELSE sudo_expires_at END
         WHERE id = ?`,
      )
      .run(now, expires, mfaValid ? 1 : 0, mfaExp, clearSudo ? 1 : 0, clearSudo ? 1 : 0, c.session.id);
    audit(this.db, now, meta, {
      action: 'sessionExtended',
      outcome: 'success',
      userId: c.user.id,
      detail: { clearSudo },
    });
    return this.sessionRow(c.session.id);
  }

  updateUser(current: Current | null, properties: { name: string }, meta: RequestMeta): UserRow {
    const c = this.requireFull(current);
    // spec 000 §5: the name is editable only when the user is not tied to a single EMR organisation.
    if (c.session.single_org !== null) fail('NOT_AUTHORIZED');
    const now = this.now();
    this.db.prepare('UPDATE users SET name = ?, updated_at = ? WHERE id = ?').run(properties.name, now, c.user.id);
    audit(this.db, now, meta, { action: 'profileUpdated', outcome: 'success', userId: c.user.id });
    return this.userById(c.user.id)!;
  }

  // ---- codes ----

  private assertSendAllowed(userId: string, now: number): void {
    const sent = this.db
      .prepare(
        "SELECT COUNT(*) AS n FROM one_time_codes WHERE user_id = ? AND created_at > ? AND purpose != 'resetPassword'",
      )
      .get(userId, now - AUTH_LIMITS.codeWindowMs) as { n: number };
    if (sent.n >= AUTH_LIMITS.codesSentPerAccount) fail('TOO_MANY_REQUESTS');
  }

  /** Creates a code bound to the session, voiding the session's earlier open codes of the same purpose. */
  private issueCode(
    purpose: CodePurpose,
    userId: string,
    sessionId: string | null,
    channel: string,
    to: string,
    code: string,
    validityMs: number,
  ): void {
    const now = this.now();
    this.db.transaction(() => {
      if (sessionId !== null) {
        this.db
          .prepare('UPDATE one_time_codes SET closed_at = ? WHERE session_id = ? AND purpose = ? AND closed_at IS NULL')
          .run(now, sessionId, purpose);
      }
      this.db
        .prepare(
          `INSERT INTO one_time_codes (id, purpose, user_id, session_id, channel, to_address, code_hash, created_at, expires_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(newId('otc'), purpose, userId, sessionId, channel, to, sha256(code), now, now + validityMs);
    })();
  }

  /**
   * Checks a 6-digit code of this session: single use, unexpired, 5 wrong tries void it, rate
   * limited per account and IP. Throws CODE_MISMATCH, CODE_EXPIRED or TOO_MANY_REQUESTS.
   */
  private consumeSessionCode(
    c: Current,
    purpose: CodePurpose,
    channel: string,
    to: string,
    code: string,
    meta: RequestMeta,
  ): void {
    // No await runs between this check, the code's attempt count and the failure it records (this
    // method is synchronous), so parallel wrong codes are counted one after another (issue 24 item 4).
    const now = this.now();
    const since = now - AUTH_LIMITS.codeWindowMs;
    if (
      countEvents(this.db, 'mfaCodeFailed', since, { userId: c.user.id }) >= AUTH_LIMITS.codeFailuresPerAccount ||
      (meta.ip !== null &&
        countEvents(this.db, 'mfaCodeFailed', since, { ip: meta.ip }) >= AUTH_LIMITS.codeFailuresPerIp)
    ) {
      fail('TOO_MANY_REQUESTS');
    }
    const row = this.db
      .prepare(
        `SELECT * FROM one_time_codes WHERE session_id = ? AND purpose = ? AND channel = ? AND to_address = ?
           AND closed_at IS NULL ORDER BY created_at DESC LIMIT 1`,
      )
      .get(c.session.id, purpose, channel, to) as CodeRow | undefined;
    const failure = (reason: string): void =>
      audit(this.db, now, meta, {
        action: 'mfaCodeFailed',
        outcome: 'failure',
        userId: c.user.id,
        detail: { purpose, channel, reason },
      });
    if (!row || row.expires_at <= now) {
      failure(row ? 'expired' : 'noCode');
      fail('CODE_EXPIRED');
    }
    if (row.code_hash !== sha256(code) || code.length !== MFA_CODE_LENGTH) {
      const attempts = row.attempts + 1;
      this.db
        .prepare('UPDATE one_time_codes SET attempts = ?, closed_at = CASE WHEN ? THEN ? ELSE NULL END WHERE id = ?')
        .run(attempts, attempts >= AUTH_LIMITS.codeMaxAttempts ? 1 : 0, now, row.id);
      failure('mismatch');
      fail('CODE_MISMATCH');
    }
    this.db.prepare('UPDATE one_time_codes SET closed_at = ? WHERE id = ?').run(now, row.id);
  }

  private async deliverCode(channel: MfaChannel, to: string, code: string, what: string): Promise<void> {
    const text = `Your Vigil ${what} code is ${code}. It expires in 10 minutes. If you did not ask for it, ignore this message.`;
    await this.sender.send({ channel, to, subject: `Your Vigil ${what} code: ${code}`, body: text });
  }

  // ---- MFA and sudo ----

  /**
   * Sends an MFA code (spec 000 §7 sendMfaVerification). To an existing verified option: sign-in
   * verification or sudo. With no verified option: setting one up (email to the account's own
   * address, or an SMS number in CAN/USA/GBR/AUS). Adding another option needs sudo.
   */
  async sendMfaVerification(
    current: Current | null,
    input: { to: string; channel: MfaChannel; sudo: boolean },
    meta: RequestMeta,
  ): Promise<{ sudoSkipped: boolean; session: SessionRow | null; token: string | null }> {
    const c = this.requireSession(current);
    const now = this.now();
    const to = input.channel === 'sms' ? normalizeSmsNumber(input.to) : normalizeEmail(input.to);
    const verified = this.verifiedMfaOptions(c.user.id);
    const isVerifiedOption = verified.some((o) => o.channel === input.channel && o.to_address === to);
    if (input.sudo) {
      // spec 000 §6: sudo is skipped for a user with no verified MFA option, unless disallowed.
      if (verified.length === 0) {
        if (!this.settings.allowSudoSkip) fail('CANNOT_SUDO');
        const token = this.grantSudo(c, now, meta, 'sudoSkipped');
        return { sudoSkipped: true, session: this.sessionRow(c.session.id), token };
      }
      this.requireFull(c);
      if (!isVerifiedOption) fail('NOT_AUTHORIZED');
    } else if (!isVerifiedOption) {
      if (verified.length > 0) this.requireSudo(c);
      if (input.channel === 'email' && to !== c.user.email) fail('NOT_AUTHORIZED');
    }
    // Checked and recorded (issueCode) with no await between: parallel sends are counted one by one.
    this.assertSendAllowed(c.user.id, now);
    const code = newNumericCode();
    this.issueCode(
      input.sudo ? 'sudo' : 'mfa',
      c.user.id,
      c.session.id,
      input.channel,
      to,
      code,
      AUTH_LIMITS.codeValidityMs,
    );
    await this.deliverCode(input.channel, to, code, input.sudo ? 'identity confirmation' : 'verification');
    audit(this.db, now, meta, {
      action: 'mfaCodeSent',
      outcome: 'success',
      userId: c.user.id,
      detail: { channel: input.channel, sudo: input.sudo },
    });
    return { sudoSkipped: false, session: null, token: null };
  }

  private grantSudo(c: Current, now: number, meta: RequestMeta, action: 'sudoSkipped' | 'sudoVerified'): string {
    const token = rotateSessionToken(this.db, c.session.id);
    this.db
      .prepare('UPDATE sessions SET sudo_last = ?, sudo_expires_at = ? WHERE id = ?')
      .run(now, now + AUTH_LIMITS.sudoDurationMs, c.session.id);
    audit(this.db, now, meta, { action, outcome: 'success', userId: c.user.id });
    return token;
  }

  /** Verifies an MFA code (spec 000 §7 verifyMfaCode): marks the option verified, MFA (and sudo) valid, new token. */
  verifyMfaCode(
    current: Current | null,
    input: { to: string; channel: MfaChannel; code: string; sudo: boolean },
    meta: RequestMeta,
  ): SignedIn {
    const c = this.requireSession(current);
    if (input.sudo) this.requireFull(c);
    const now = this.now();
    const to = input.channel === 'sms' ? normalizeSmsNumber(input.to) : normalizeEmail(input.to);
    this.consumeSessionCode(c, input.sudo ? 'sudo' : 'mfa', input.channel, to, input.code, meta);
    const hadVerified = this.verifiedMfaOptions(c.user.id);
    const isNew = !hadVerified.some((o) => o.channel === input.channel && o.to_address === to);
    const token = this.db.transaction(() => {
      this.db
        .prepare(
          `INSERT INTO mfa_options (user_id, channel, to_address, verified, created_at) VALUES (?, ?, ?, 1, ?)
           ON CONFLICT (user_id, channel, to_address) DO UPDATE SET verified = 1`,
        )
        .run(c.user.id, input.channel, to, now);
      if (input.channel === 'email' && to === c.user.email) {
        this.db.prepare('UPDATE users SET email_verified = 1, updated_at = ? WHERE id = ?').run(now, c.user.id);
      }
      const t = rotateSessionToken(this.db, c.session.id);
      this.db
        .prepare('UPDATE sessions SET multi_factor_last = ?, multi_factor_exp = MIN(expires_at, ?) WHERE id = ?')
        .run(now, now + AUTH_LIMITS.mfaIdleTimeoutMs, c.session.id);
      if (input.sudo) {
        this.db
          .prepare('UPDATE sessions SET sudo_last = ?, sudo_expires_at = ? WHERE id = ?')
          .run(now, now + AUTH_LIMITS.sudoDurationMs, c.session.id);
      }
      return t;
    })();
    audit(this.db, now, meta, {
      action: input.sudo ? 'sudoVerified' : isNew ? 'mfaOptionAdded' : 'mfaVerified',
      outcome: 'success',
      userId: c.user.id,
      detail: { channel: input.channel },
    });
    return { user: this.userById(c.user.id)!, session: this.sessionRow(c.session.id), token };
  }

  /**
   * Removes one of the user's verification options: a sensitive account change, so it needs
   * sudo (spec 000 §6). The last verified option cannot go (LAST_MFA_OPTION): a user without one
   * would skip sudo and set MFA up again from scratch. Replacing an option is adding the new one
   * (verifyMfaCode) and then removing the old.
   */
  removeMfaOption(current: Current | null, input: { to: string; channel: MfaChannel }, meta: RequestMeta): UserRow {
    const c = this.requireSudo(current);
    const now = this.now();
    const to = input.channel === 'sms' ? normalizeSmsNumber(input.to) : normalizeEmail(input.to);
    const options = this.mfaOptions(c.user.id);
    const option = options.find((o) => o.channel === input.channel && o.to_address === to);
    if (!option) fail('NOT_FOUND');
    if (option.verified === 1 && options.filter((o) => o.verified === 1).length === 1) {
      audit(this.db, now, meta, {
        action: 'mfaOptionRemoved',
        outcome: 'failure',
        userId: c.user.id,
        detail: { channel: input.channel, reason: 'lastOption' },
      });
      fail('LAST_MFA_OPTION');
    }
    this.db
      .prepare('DELETE FROM mfa_options WHERE user_id = ? AND channel = ? AND to_address = ?')
      .run(c.user.id, input.channel, to);
    audit(this.db, now, meta, {
      action: 'mfaOptionRemoved',
      outcome: 'success',
      userId: c.user.id,
      detail: { channel: input.channel },
    });
    return this.userById(c.user.id)!;
  }

  // ---- email verification ----

  async sendEmailVerification(current: Current | null, origin: string, meta: RequestMeta): Promise<boolean> {
    const c = this.requireSession(current);
    if (c.user.email_verified === 1) return true;
    const now = this.now();
    this.assertSendAllowed(c.user.id, now);
    const code = newNumericCode();
    this.issueCode('verifyEmail', c.user.id, c.session.id, 'email', c.user.email, code, AUTH_LIMITS.codeValidityMs);
    const link = `${origin}/auth/action?mode=verifyEmail&oobCode=${code}`;
    await this.sender.send({
      channel: 'email',
      to: c.user.email,
      subject: `Verify your email for Vigil: ${code}`,
      body: `Your Vigil email verification code is ${code}. It expires in 10 minutes.\n\nOr open this link while signed in: ${link}`,
    });
    audit(this.db, now, meta, { action: 'emailVerificationSent', outcome: 'success', userId: c.user.id });
    return true;
  }

  verifyEmailCode(current: Current | null, code: string, meta: RequestMeta): UserRow {
    const c = this.requireSession(current);
    if (c.user.email_verified === 1) return c.user;
    const now = this.now();
    this.consumeSessionCode(c, 'verifyEmail', 'email', c.user.email, code, meta);
    this.db.prepare('UPDATE users SET email_verified = 1, updated_at = ? WHERE id = ?').run(now, c.user.id);
    audit(this.db, now, meta, { action: 'emailVerified', outcome: 'success', userId: c.user.id, email: c.user.email });
    return this.userById(c.user.id)!;
  }

  // ---- password reset and changes ----

  async sendPasswordReset(email: string, origin: string, meta: RequestMeta): Promise<boolean> {
    const now = this.now();
    // Counted with the requests still sending, so parallel requests cannot all pass (issue 24 item 4).
    const release = this.reserveAttempt('passwordResetSent', now - AUTH_LIMITS.resetValidityMs, {
      email,
      perEmail: AUTH_LIMITS.resetsPerEmail,
      ip: meta.ip,
      perIp: AUTH_LIMITS.resetsPerIp,
    });
    if (!release) {
      audit(this.db, now, meta, { action: 'passwordResetRateLimited', outcome: 'failure', email });
      fail('TOO_MANY_REQUESTS');
    }
    try {
      const user = this.userByEmail(email);
      if (!user) {
        audit(this.db, now, meta, {
          action: 'passwordResetSent',
          outcome: 'failure',
          email,
          detail: { reason: 'unknownEmail' },
        });
        // spec 000 §5: 'No user found for that email address.'
        fail('USER_NOT_FOUND');
      }
      const code = newLinkCode();
      this.issueCode('resetPassword', user.id, null, 'email', user.email, code, AUTH_LIMITS.resetValidityMs);
      const link = `${origin}/auth/action?mode=resetPassword&oobCode=${code}`;
      try {
        await this.sender.send({
          channel: 'email',
          to: user.email,
          subject: 'Reset your Vigil password',
          body: `Someone asked to reset the password of your Vigil account. To choose a new password, open:\n\n${link}\n\nThe link works once, for one hour. If you did not ask, ignore this message.`,
        });
      } catch (err) {
        // Counted all the same (the limit counts both outcomes): the link exists and the attempt was made.
        audit(this.db, now, meta, {
          action: 'passwordResetSent',
          outcome: 'failure',
          userId: user.id,
          email,
          detail: { reason: 'sendFailed' },
        });
        throw err;
      }
      audit(this.db, now, meta, { action: 'passwordResetSent', outcome: 'success', userId: user.id, email });
      return true;
    } finally {
      release();
    }
  }

  private openResetCode(code: string): CodeRow | null {
    if (code.length < 16 || code.length > 100) return null;
    const row = this.db
      .prepare("SELECT * FROM one_time_codes WHERE code_hash = ? AND purpose = 'resetPassword' AND closed_at IS NULL")
      .get(sha256(code)) as CodeRow | undefined;
    return row && row.expires_at > this.now() ? row : null;
  }

  /** The email a reset code belongs to (spec 000 §4: code verified, email shown), else INVALID_RESET_CODE. */
  verifyPasswordResetCode(code: string): string {
    const row = this.openResetCode(code);
    if (!row) fail('INVALID_RESET_CODE');
    return row.to_address;
  }

  /** Sets the new password, uses up the code, verifies the email (the link proved it) and ends every session. */
  async confirmPasswordReset(code: string, password: string, meta: RequestMeta): Promise<boolean> {
    if (!this.openResetCode(code)) fail('INVALID_RESET_CODE');
    if (isCommonPassword(password)) fail('WEAK_PASSWORD');
    const hash = await hashPassword(password);
    const now = this.now();
    const userId = this.db.transaction(() => {
      const row = this.openResetCode(code);
      if (!row) return null;
      this.db.prepare('UPDATE one_time_codes SET closed_at = ? WHERE id = ?').run(now, row.id);
      this.db
        .prepare('UPDATE users SET password_hash = ?, email_verified = 1, updated_at = ? WHERE id = ?')
        .run(hash, now, row.user_id);
      endUserSessions(this.db, row.user_id, now);
      return row.user_id;
    })();
    if (!userId) fail('INVALID_RESET_CODE');
    audit(this.db, now, meta, { action: 'passwordReset', outcome: 'success', userId });
    return true;
  }

  /** Changes (or adds) the password under sudo (spec 000 §6); every other session ends, this one gets a new token. */
  async changePassword(current: Current | null, password: string, meta: RequestMeta): Promise<SignedIn> {
    const c = this.requireSudo(current);
    if (isCommonPassword(password)) fail('WEAK_PASSWORD');
    const hash = await hashPassword(password);
    const now = this.now();
    const token = this.db.transaction(() => {
      this.db.prepare('UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?').run(hash, now, c.user.id);
      this.closeOpenResetCodes(c.user.id, now);
      endUserSessions(this.db, c.user.id, now, c.session.id);
      return rotateSessionToken(this.db, c.session.id);
    })();
    audit(this.db, now, meta, {
      action: 'passwordChanged',
      outcome: 'success',
      userId: c.user.id,
      email: c.user.email,
    });
    return { user: this.userById(c.user.id)!, session: this.sessionRow(c.session.id), token };
  }

  /** Voids every password-reset link still open for a user (after a password or email change). */
  private closeOpenResetCodes(userId: string, now: number): void {
    this.db
      .prepare(
        "UPDATE one_time_codes SET closed_at = ? WHERE user_id = ? AND purpose = 'resetPassword' AND closed_at IS NULL",
      )
      .run(now, userId);
  }

  /** Changes the account email under sudo (spec 000 §6); the new address starts unverified. */
  changeEmail(current: Current | null, email: string, meta: RequestMeta): UserRow {
    const c = this.requireSudo(current);
    const now = this.now();
    if (email === c.user.email) return c.user;
    if (this.userByEmail(email)) fail('EMAIL_TAKEN');
    this.db.transaction(() => {
      this.db
        .prepare('UPDATE users SET email = ?, email_verified = 0, updated_at = ? WHERE id = ?')
        .run(email, now, c.user.id);
      // A reset link sent to the old address must not outlive the change.
      this.closeOpenResetCodes(c.user.id, now);
    })();
    audit(this.db, now, meta, {
      action: 'emailChanged',
      outcome: 'success',
      userId: c.user.id,
      email,
      detail: { from: c.user.email, to: email },
    });
    return this.userById(c.user.id)!;
  }

  // ---- saved signature ----

  signature(current: Current | null): { id: string; path: string } | null {
    const c = this.requireFull(current);
    const row = this.db.prepare('SELECT id, path FROM user_signatures WHERE user_id = ?').get(c.user.id) as
      { id: string; path: string } | undefined;
    return row ?? null;
  }

  updateSignature(current: Current | null, path: string, meta: RequestMeta): boolean {
    const c = this.requireFull(current);
    const now = this.now();
    this.db
      .prepare(
        `INSERT INTO user_signatures (user_id, id, path, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (user_id) DO UPDATE SET path = excluded.path, updated_at = excluded.updated_at`,
      )
      .run(c.user.id, newId('sig'), path, now);
    audit(this.db, now, meta, { action: 'signatureUpdated', outcome: 'success', userId: c.user.id });
    return true;
  }

  deleteSignature(current: Current | null, meta: RequestMeta): boolean {
    const c = this.requireFull(current);
    const now = this.now();
    const changes = this.db.prepare('DELETE FROM user_signatures WHERE user_id = ?').run(c.user.id).changes;
    audit(this.db, now, meta, { action: 'signatureDeleted', outcome: 'success', userId: c.user.id });
    return changes > 0;
  }
}
