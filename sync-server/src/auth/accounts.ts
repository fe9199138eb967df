import { ID_PREFIXES, MFA_CODE_LENGTH, SUDO_VALIDITY_MARGIN_MS, newId, normalizeEmail } from '@vigil/shared';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { Mutex } from 'async-mutex';
import { AppError, type AppErrorStatus } from '../errors.js';
import type { MessageSender } from '../mail/sender.js';
import type { AccountStore, CodePurpose, CodeRow, MfaChannel, MfaOptionRow, UserRow } from '../store/accounts/types.js';
import type { AuditAction, AuditEvent, AuditLog, RequestMeta } from './audit.js';
import type { BotCheck } from './bot-check.js';
import { InFlight } from './in-flight.js';
import { AUTH_LIMITS } from './limits.js';
import { hashPassword, isCommonPassword, verifyPassword } from './passwords.js';
import { isMultiFactorValidAt, newSessionId, type SessionRow, type Sessions } from './sessions.js';
import type { AuthSettings, Clock } from './settings.js';
import { newLinkCode, newNumericCode, newSessionToken, sha256 } from './tokens.js';

/** The HTTP status of each refusal of the account calls (spec 000 §8 codes); 400 for the input errors not listed. */
const REFUSAL_STATUS: Record<string, AppErrorStatus> = {
  NO_AUTHENTICATION: 401,
  MFA_REQUIRED: 401,
  INVALID_LOGIN_CREDENTIALS: 401,
  NOT_AUTHORIZED: 403,
  SUDO_REQUIRED: 403,
  CANNOT_SUDO: 403,
  RECAPTCHA_FAILED: 403,
  TOO_MANY_REQUESTS: 403,
  NOT_FOUND: 404,
  USER_NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  LAST_MFA_OPTION: 409,
};

/**
 * Refuses an account call with one of the spec's codes as the server's one error type; the
 * GraphQL boundary (graphql/accounts.ts) answers it as an error whose message and code are the
 * code, which the client maps to the spec's text (spec 000 §8).
 */
export function fail(code: string): never {
  throw new AppError(REFUSAL_STATUS[code] ?? 400, code);
}

/** SMS MFA is offered in these countries only (spec 000 §5, §9: CAN, USA, GBR, AUS). */
const SMS_COUNTRIES: readonly CountryCode[] = ['CA', 'US', 'GB', 'AU'];

export type { CodePurpose, MfaChannel, MfaOptionRow, UserRow };

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

/** What the accounts service is built from (services.ts builds it once). */
export interface AccountsDeps {
  store: AccountStore;
  sessions: Sessions;
  audit: AuditLog;
  settings: AuthSettings;
  now: Clock;
  sender: MessageSender;
  botCheck: BotCheck;
}

/**
 * Account and session operations over the accounts and sessions repositories. Every method
 * validates its own rules; inputs arrive parsed (zod) from GraphQL.
 */
export class Accounts {
  readonly settings: AuthSettings;
  readonly now: Clock;
  readonly botCheck: BotCheck;
  readonly sessions: Sessions;
  readonly audit: AuditLog;
  private readonly store: AccountStore;
  private readonly sender: MessageSender;
  /** Sign-in and password-reset attempts that passed their limits and are still running (issue 24 item 4). */
  private readonly inFlight = new InFlight();
  /**
   * A limit's count and what it lets through are one step: the count is read from the audit
   * repository (async), so checks and their reservations (or recorded failures) run one at a
   * time, and parallel requests are counted one after another (issue 24 item 4).
   */
  private readonly limits = new Mutex();

  constructor(deps: AccountsDeps) {
    this.store = deps.store;
    this.sessions = deps.sessions;
    this.audit = deps.audit;
    this.settings = deps.settings;
    this.now = deps.now;
    this.sender = deps.sender;
    this.botCheck = deps.botCheck;
  }

  private record(now: number, meta: RequestMeta, event: AuditEvent): Promise<void> {
    return this.audit.record(now, meta, event);
  }

  /** Refuses a request without a fresh solved bot-check challenge (RECAPTCHA_FAILED, spec 000 §8). */
  private async assertHuman(
    botToken: string | null,
    meta: RequestMeta,
    action: 'signUp' | 'signInBotCheckFailed',
    email: string,
  ): Promise<void> {
    if (await this.botCheck.verify(botToken)) return;
    await this.record(this.now(), meta, { action, outcome: 'failure', email, detail: { reason: 'botCheck' } });
    fail('RECAPTCHA_FAILED');
  }

  /**
   * Checks an abuse limit and, when there is room, takes a place for this attempt (see
   * in-flight.ts), one request at a time: the limit counts the audit events of `action` since
   * `since` by account and by IP, plus the attempts of the same kind still running. Returns the
   * function that gives the place back, or null when the limit is reached.
   */
  private reserveAttempt(
    action: AuditAction,
    since: number,
    limits: { email: string; perEmail: number; ip: string | null; perIp: number },
  ): Promise<(() => void) | null> {
    return this.limits.runExclusive(async () => {
      const emailKey = `${action}:email:${limits.email}`;
      const ipKey = limits.ip === null ? null : `${action}:ip:${limits.ip}`;
      const used = async (by: { email: string } | { ip: string }, key: string): Promise<number> =>
        (await this.audit.count(action, since, by)) + this.inFlight.count(key);
      if ((await used({ email: limits.email }, emailKey)) >= limits.perEmail) return null;
      if (ipKey !== null && limits.ip !== null && (await used({ ip: limits.ip }, ipKey)) >= limits.perIp) return null;
      return this.inFlight.hold(ipKey === null ? [emailKey] : [emailKey, ipKey]);
    });
  }

  // ---- reads ----

  userById(id: string): Promise<UserRow | null> {
    return this.store.userById(id);
  }

  userByEmail(email: string): Promise<UserRow | null> {
    return this.store.userByEmail(normalizeEmail(email));
  }

  /** A user that exists (after a write of its own). */
  private async userAfterWrite(id: string): Promise<UserRow> {
    const user = await this.store.userById(id);
    if (!user) fail('NOT_FOUND');
    return user;
  }

  /** The user's MFA options, sms before email. */
  mfaOptions(userId: string): Promise<MfaOptionRow[]> {
    return this.store.mfaOptions(userId);
  }

  async verifiedMfaOptions(userId: string): Promise<MfaOptionRow[]> {
    return (await this.mfaOptions(userId)).filter((o) => o.verified === 1);
  }

  /** A session row by id (after a write of its own: it exists). */
  async sessionRow(id: string): Promise<SessionRow> {
    const row = await this.sessions.byId(id);
    if (!row) fail('NO_AUTHENTICATION');
    return row;
  }

  /** The live session and its user for a raw token, or null. */
  async current(token: string | null): Promise<Current | null> {
    if (!token) return null;
    const session = await this.sessions.findLive(token, this.now());
    if (!session) return null;
    const user = await this.userById(session.user_id);
    return user ? { session, user } : null;
  }

  isMultiFactorValid(session: SessionRow): boolean {
    return isMultiFactorValidAt(session, this.now());
  }

  /** Sudo is valid until sudoExpiresAt minus the margin (spec 000 §4, §9) — or skipped (spec 000 §6). */
  hasSudo(current: Current): boolean {
    const expires = current.session.sudo_expires_at;
    return expires !== null && this.now() < expires - SUDO_VALIDITY_MARGIN_MS;
  }

  /** A fresh sudo confirmation, or sudo skipped as allowed for a user with no verified MFA option (spec 000 §6). */
  async hasFreshSudo(current: Current): Promise<boolean> {
    if (this.hasSudo(current)) return true;
    return this.settings.allowSudoSkip && (await this.verifiedMfaOptions(current.user.id)).length === 0;
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
  async requireSudo(current: Current | null): Promise<Current> {
    const c = this.requireFull(current);
    if (await this.hasFreshSudo(c)) return c;
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
      await this.record(now, meta, {
        action: 'signUp',
        outcome: 'failure',
        email: input.email,
        detail: { reason: 'weakPassword' },
      });
      fail('WEAK_PASSWORD');
    }
    if (await this.userByEmail(input.email)) {
      await this.record(now, meta, {
        action: 'signUp',
        outcome: 'failure',
        email: input.email,
        detail: { reason: 'emailTaken' },
      });
      fail('EMAIL_TAKEN');
    }
    const hash = await hashPassword(input.password);
    const userId = newId(ID_PREFIXES.user);
    const previous = await this.previousSessionId(previousToken, now);
    const { token, session } = this.sessions.draft(userId, now, { id: newSessionId(), ...meta });
    // One step: a concurrent sign-up may have taken the address while hashing.
    const user = await this.store.createUserWithSession(
      {
        id: userId,
        name: input.name,
        email: normalizeEmail(input.email),
        passwordHash: hash,
        referredBy: input.referredBy,
        now,
      },
      session,
      previous,
    );
    if (!user) fail('EMAIL_TAKEN');
    await this.record(now, meta, { action: 'signUp', outcome: 'success', userId, email: input.email });
    return { user, session: await this.sessionRow(session.id), token };
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
    const release = await this.reserveAttempt('signInFailed', now - AUTH_LIMITS.signInWindowMs, {
      email,
      perEmail: AUTH_LIMITS.signInFailuresPerAccount,
      ip: meta.ip,
      perIp: AUTH_LIMITS.signInFailuresPerIp,
    });
    if (!release) {
      await this.record(now, meta, { action: 'signInRateLimited', outcome: 'failure', email });
      fail('TOO_MANY_REQUESTS');
    }
    try {
      // A failed bot check is not a password guess: it never counts toward locking the account.
      await this.assertHuman(input.botToken, meta, 'signInBotCheckFailed', email);
      const user = await this.userByEmail(email);
      const ok = await verifyPassword(user?.password_hash ?? null, input.password);
      if (!user || !ok) {
        // Written before the place is given back, so the limit never loses sight of this failure.
        await this.record(now, meta, {
          action: 'signInFailed',
          outcome: 'failure',
          userId: user?.id ?? null,
          email,
          detail: { reason: user ? 'wrongPassword' : 'unknownEmail' },
        });
        // One code for both, so sign-in does not reveal which addresses have accounts.
        fail('INVALID_LOGIN_CREDENTIALS');
      }
      const previous = await this.previousSessionId(previousToken, now);
      const { token, row } = await this.sessions.start(user.id, now, { id: newSessionId(), ...meta }, {}, previous);
      await this.record(now, meta, { action: 'signIn', outcome: 'success', userId: user.id, email });
      return { user, session: row, token };
    } finally {
      release();
    }
  }

  /** A token presented at sign-in or sign-up belongs to a session that must not survive it (no fixation). */
  private async previousSessionId(previousToken: string | null, now: number): Promise<string | null> {
    if (!previousToken) return null;
    return (await this.sessions.findLive(previousToken, now))?.id ?? null;
  }

  /** Ends every session of the signed-in user (issue 3: sign-out ends every session). */
  async signOut(current: Current | null, meta: RequestMeta): Promise<boolean> {
    if (!current) return true;
    const now = this.now();
    await this.sessions.endForUser(current.user.id, now);
    await this.record(now, meta, {
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
  async extendSession(current: Current | null, clearSudo: boolean, meta: RequestMeta): Promise<SessionRow> {
    const c = this.requireSession(current);
    const now = this.now();
    const expires = now + (c.session.expires_at - c.session.renewed_at);
    // Multi-factor slides only while still valid, and only by its idle timeout (never past the session).
    const mfaExp = this.isMultiFactorValid(c.session) ? Math.min(expires, now + AUTH_LIMITS.mfaIdleTimeoutMs) : null;
    const row = await this.sessions.store.renew(c.session.id, {
      renewedAt: now,
      expiresAt: expires,
      multiFactorExp: mfaExp,
      clearSudo,
    });
    await this.record(now, meta, {
      action: 'sessionExtended',
      outcome: 'success',
      userId: c.user.id,
      detail: { clearSudo },
    });
    if (!row) fail('NO_AUTHENTICATION');
    return row;
  }

  async updateUser(current: Current | null, properties: { name: string }, meta: RequestMeta): Promise<UserRow> {
    const c = this.requireFull(current);
    // spec 000 §5: the name is editable only when the user is not tied to a single EMR organisation.
    if (c.session.single_org !== null) fail('NOT_AUTHORIZED');
    const now = this.now();
    await this.store.updateName(c.user.id, properties.name, now);
    await this.record(now, meta, { action: 'profileUpdated', outcome: 'success', userId: c.user.id });
    return this.userAfterWrite(c.user.id);
  }

  // ---- codes ----

  /**
   * Checks the codes-sent limit and stores the new code in one step of the limits queue, so
   * parallel sends are counted one by one (issue 24 item 4).
   */
  private issueCode(
    purpose: CodePurpose,
    userId: string,
    sessionId: string | null,
    channel: string,
    to: string,
    code: string,
    validityMs: number,
    limited: boolean,
  ): Promise<void> {
    return this.limits.runExclusive(async () => {
      const now = this.now();
      if (
        limited &&
        (await this.store.codesSentSince(userId, now - AUTH_LIMITS.codeWindowMs)) >= AUTH_LIMITS.codesSentPerAccount
      )
        fail('TOO_MANY_REQUESTS');
      await this.store.issueCode({
        id: newId('otc'),
        purpose,
        userId,
        sessionId,
        channel,
        to,
        codeHash: sha256(code),
        now,
        expiresAt: now + validityMs,
      });
    });
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
  ): Promise<void> {
    // One step of the limits queue: the check, the code's attempt count and the failure it records
    // happen before any parallel try is looked at, so parallel wrong codes are counted one after
    // another (issue 24 item 4).
    return this.limits.runExclusive(async () => {
      const now = this.now();
      const since = now - AUTH_LIMITS.codeWindowMs;
      if (
        (await this.audit.count('mfaCodeFailed', since, { userId: c.user.id })) >= AUTH_LIMITS.codeFailuresPerAccount ||
        (meta.ip !== null &&
          (await this.audit.count('mfaCodeFailed', since, { ip: meta.ip })) >= AUTH_LIMITS.codeFailuresPerIp)
      ) {
        fail('TOO_MANY_REQUESTS');
      }
      const row = await this.store.latestOpenCode(c.session.id, purpose, channel, to);
      const failure = (reason: string): Promise<void> =>
        this.record(now, meta, {
          action: 'mfaCodeFailed',
          outcome: 'failure',
          userId: c.user.id,
          detail: { purpose, channel, reason },
        });
      if (!row || row.expires_at <= now) {
        await failure(row ? 'expired' : 'noCode');
        fail('CODE_EXPIRED');
      }
      if (row.code_hash !== sha256(code) || code.length !== MFA_CODE_LENGTH) {
        const attempts = row.attempts + 1;
        await this.store.recordWrongCode(row.id, attempts, attempts >= AUTH_LIMITS.codeMaxAttempts, now);
        await failure('mismatch');
        fail('CODE_MISMATCH');
      }
      await this.store.closeCode(row.id, now);
    });
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
    const verified = await this.verifiedMfaOptions(c.user.id);
    const isVerifiedOption = verified.some((o) => o.channel === input.channel && o.to_address === to);
    if (input.sudo) {
      // spec 000 §6: sudo is skipped for a user with no verified MFA option, unless disallowed.
      if (verified.length === 0) {
        if (!this.settings.allowSudoSkip) fail('CANNOT_SUDO');
        const token = await this.grantSudo(c, now, meta, 'sudoSkipped');
        return { sudoSkipped: true, session: await this.sessionRow(c.session.id), token };
      }
      this.requireFull(c);
      if (!isVerifiedOption) fail('NOT_AUTHORIZED');
    } else if (!isVerifiedOption) {
      if (verified.length > 0) await this.requireSudo(c);
      if (input.channel === 'email' && to !== c.user.email) fail('NOT_AUTHORIZED');
    }
    const code = newNumericCode();
    await this.issueCode(
      input.sudo ? 'sudo' : 'mfa',
      c.user.id,
      c.session.id,
      input.channel,
      to,
      code,
      AUTH_LIMITS.codeValidityMs,
      true,
    );
    await this.deliverCode(input.channel, to, code, input.sudo ? 'identity confirmation' : 'verification');
    await this.record(now, meta, {
      action: 'mfaCodeSent',
      outcome: 'success',
      userId: c.user.id,
      detail: { channel: input.channel, sudo: input.sudo },
    });
    return { sudoSkipped: false, session: null, token: null };
  }

  private async grantSudo(
    c: Current,
    now: number,
    meta: RequestMeta,
    action: 'sudoSkipped' | 'sudoVerified',
  ): Promise<string> {
    const token = await this.sessions.rotateToken(c.session.id);
    await this.sessions.store.grantSudo(c.session.id, now, now + AUTH_LIMITS.sudoDurationMs);
    await this.record(now, meta, { action, outcome: 'success', userId: c.user.id });
    return token;
  }

  /** Verifies an MFA code (spec 000 §7 verifyMfaCode): marks the option verified, MFA (and sudo) valid, new token. */
  async verifyMfaCode(
    current: Current | null,
    input: { to: string; channel: MfaChannel; code: string; sudo: boolean },
    meta: RequestMeta,
  ): Promise<SignedIn> {
    const c = this.requireSession(current);
    if (input.sudo) this.requireFull(c);
    const now = this.now();
    const to = input.channel === 'sms' ? normalizeSmsNumber(input.to) : normalizeEmail(input.to);
    await this.consumeSessionCode(c, input.sudo ? 'sudo' : 'mfa', input.channel, to, input.code, meta);
    const hadVerified = await this.verifiedMfaOptions(c.user.id);
    const isNew = !hadVerified.some((o) => o.channel === input.channel && o.to_address === to);
    const token = newSessionToken();
    await this.store.verifyMfa({
      userId: c.user.id,
      channel: input.channel,
      to,
      verifiesEmail: input.channel === 'email' && to === c.user.email,
      sessionId: c.session.id,
      tokenHash: sha256(token),
      now,
      multiFactorExp: now + AUTH_LIMITS.mfaIdleTimeoutMs,
      sudoExpiresAt: input.sudo ? now + AUTH_LIMITS.sudoDurationMs : null,
    });
    await this.record(now, meta, {
      action: input.sudo ? 'sudoVerified' : isNew ? 'mfaOptionAdded' : 'mfaVerified',
      outcome: 'success',
      userId: c.user.id,
      detail: { channel: input.channel },
    });
    return { user: await this.userAfterWrite(c.user.id), session: await this.sessionRow(c.session.id), token };
  }

  /**
   * Removes one of the user's verification options: a sensitive account change, so it needs
   * sudo (spec 000 §6). The last verified option cannot go (LAST_MFA_OPTION): a user without one
   * would skip sudo and set MFA up again from scratch. Replacing an option is adding the new one
   * (verifyMfaCode) and then removing the old.
   */
  async removeMfaOption(
    current: Current | null,
    input: { to: string; channel: MfaChannel },
    meta: RequestMeta,
  ): Promise<UserRow> {
    const c = await this.requireSudo(current);
    const now = this.now();
    const to = input.channel === 'sms' ? normalizeSmsNumber(input.to) : normalizeEmail(input.to);
    const options = await this.mfaOptions(c.user.id);
    const option = options.find((o) => o.channel === input.channel && o.to_address === to);
    if (!option) fail('NOT_FOUND');
    if (option.verified === 1 && options.filter((o) => o.verified === 1).length === 1) {
      await this.record(now, meta, {
        action: 'mfaOptionRemoved',
        outcome: 'failure',
        userId: c.user.id,
        detail: { channel: input.channel, reason: 'lastOption' },
      });
      fail('LAST_MFA_OPTION');
    }
    await this.store.removeMfaOption(c.user.id, input.channel, to);
    await this.record(now, meta, {
      action: 'mfaOptionRemoved',
      outcome: 'success',
      userId: c.user.id,
      detail: { channel: input.channel },
    });
    return this.userAfterWrite(c.user.id);
  }

  // ---- email verification ----

  async sendEmailVerification(current: Current | null, origin: string, meta: RequestMeta): Promise<boolean> {
    const c = this.requireSession(current);
    if (c.user.email_verified === 1) return true;
    const now = this.now();
    const code = newNumericCode();
    await this.issueCode(
      'verifyEmail',
      c.user.id,
      c.session.id,
      'email',
      c.user.email,
      code,
      AUTH_LIMITS.codeValidityMs,
      true,
    );
    const link = `${origin}/auth/action?mode=verifyEmail&oobCode=${code}`;
    await this.sender.send({
      channel: 'email',
      to: c.user.email,
      subject: `Verify your email for Vigil: ${code}`,
      body: `Your Vigil email verification code is ${code}. It expires in 10 minutes.\n\nOr open this link while signed in: ${link}`,
    });
    await this.record(now, meta, { action: 'emailVerificationSent', outcome: 'success', userId: c.user.id });
    return true;
  }

  async verifyEmailCode(current: Current | null, code: string, meta: RequestMeta): Promise<UserRow> {
    const c = this.requireSession(current);
    if (c.user.email_verified === 1) return c.user;
    const now = this.now();
    await this.consumeSessionCode(c, 'verifyEmail', 'email', c.user.email, code, meta);
    await this.store.markEmailVerified(c.user.id, now);
    await this.record(now, meta, {
      action: 'emailVerified',
      outcome: 'success',
      userId: c.user.id,
      email: c.user.email,
    });
    return this.userAfterWrite(c.user.id);
  }

  // ---- password reset and changes ----

  async sendPasswordReset(email: string, origin: string, meta: RequestMeta): Promise<boolean> {
    const now = this.now();
    // Counted with the requests still sending, so parallel requests cannot all pass (issue 24 item 4).
    const release = await this.reserveAttempt('passwordResetSent', now - AUTH_LIMITS.resetValidityMs, {
      email,
      perEmail: AUTH_LIMITS.resetsPerEmail,
      ip: meta.ip,
      perIp: AUTH_LIMITS.resetsPerIp,
    });
    if (!release) {
      await this.record(now, meta, { action: 'passwordResetRateLimited', outcome: 'failure', email });
      fail('TOO_MANY_REQUESTS');
    }
    try {
      const user = await this.userByEmail(email);
      if (!user) {
        await this.record(now, meta, {
          action: 'passwordResetSent',
          outcome: 'failure',
          email,
          detail: { reason: 'unknownEmail' },
        });
        // spec 000 §5: 'No user found for that email address.'
        fail('USER_NOT_FOUND');
      }
      const code = newLinkCode();
      await this.issueCode(
        'resetPassword',
        user.id,
        null,
        'email',
        user.email,
        code,
        AUTH_LIMITS.resetValidityMs,
        false,
      );
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
        await this.record(now, meta, {
          action: 'passwordResetSent',
          outcome: 'failure',
          userId: user.id,
          email,
          detail: { reason: 'sendFailed' },
        });
        throw err;
      }
      await this.record(now, meta, { action: 'passwordResetSent', outcome: 'success', userId: user.id, email });
      return true;
    } finally {
      release();
    }
  }

  private async openResetCode(code: string): Promise<CodeRow | null> {
    if (code.length < 16 || code.length > 100) return null;
    const row = await this.store.openResetCode(sha256(code));
    return row && row.expires_at > this.now() ? row : null;
  }

  /** The email a reset code belongs to (spec 000 §4: code verified, email shown), else INVALID_RESET_CODE. */
  async verifyPasswordResetCode(code: string): Promise<string> {
    const row = await this.openResetCode(code);
    if (!row) fail('INVALID_RESET_CODE');
    return row.to_address;
  }

  /** Sets the new password, uses up the code, verifies the email (the link proved it) and ends every session. */
  async confirmPasswordReset(code: string, password: string, meta: RequestMeta): Promise<boolean> {
    if (!(await this.openResetCode(code))) fail('INVALID_RESET_CODE');
    if (isCommonPassword(password)) fail('WEAK_PASSWORD');
    const hash = await hashPassword(password);
    const now = this.now();
    // One step: the code is checked again and used up with the password change.
    const userId = await this.store.resetPassword(sha256(code), hash, now);
    if (!userId) fail('INVALID_RESET_CODE');
    await this.record(now, meta, { action: 'passwordReset', outcome: 'success', userId });
    return true;
  }

  /** Changes (or adds) the password under sudo (spec 000 §6); every other session ends, this one gets a new token. */
  async changePassword(current: Current | null, password: string, meta: RequestMeta): Promise<SignedIn> {
    const c = await this.requireSudo(current);
    if (isCommonPassword(password)) fail('WEAK_PASSWORD');
    const hash = await hashPassword(password);
    const now = this.now();
    const token = newSessionToken();
    // One step: password, open reset links voided, other sessions ended, this one's new token.
    await this.store.changePassword(c.user.id, hash, now, c.session.id, sha256(token));
    await this.record(now, meta, {
      action: 'passwordChanged',
      outcome: 'success',
      userId: c.user.id,
      email: c.user.email,
    });
    return { user: await this.userAfterWrite(c.user.id), session: await this.sessionRow(c.session.id), token };
  }

  /** Changes the account email under sudo (spec 000 §6); the new address starts unverified. */
  async changeEmail(current: Current | null, email: string, meta: RequestMeta): Promise<UserRow> {
    const c = await this.requireSudo(current);
    const now = this.now();
    if (email === c.user.email) return c.user;
    if (await this.userByEmail(email)) fail('EMAIL_TAKEN');
    // A reset link sent to the old address is voided in the same step.
    if (!(await this.store.changeEmail(c.user.id, normalizeEmail(email), now))) fail('EMAIL_TAKEN');
    await this.record(now, meta, {
      action: 'emailChanged',
      outcome: 'success',
      userId: c.user.id,
      email,
      detail: { from: c.user.email, to: email },
    });
    return this.userAfterWrite(c.user.id);
  }

  // ---- saved signature ----

  signature(current: Current | null): Promise<{ id: string; path: string } | null> {
    const c = this.requireFull(current);
    return this.store.signature(c.user.id);
  }

  async updateSignature(current: Current | null, path: string, meta: RequestMeta): Promise<boolean> {
    const c = this.requireFull(current);
    const now = this.now();
    await this.store.saveSignature(c.user.id, newId('sig'), path, now);
    await this.record(now, meta, { action: 'signatureUpdated', outcome: 'success', userId: c.user.id });
    return true;
  }

  async deleteSignature(current: Current | null, meta: RequestMeta): Promise<boolean> {
    const c = this.requireFull(current);
    const now = this.now();
    const deleted = await this.store.deleteSignature(c.user.id);
    await this.record(now, meta, { action: 'signatureDeleted', outcome: 'success', userId: c.user.id });
    return deleted;
  }
}
