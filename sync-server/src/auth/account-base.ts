import { MFA_CODE_LENGTH, SUDO_VALIDITY_MARGIN_MS, newId, normalizeEmail } from '@vigil/shared';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { refuse } from '../errors.js';
import type { MessageSender } from '../mail/sender.js';
import type { AccountStore, CodePurpose, MfaChannel, MfaOptionRow, UserRow } from '../store/accounts/types.js';
import { MemoryAttemptStore } from '../store/attempts/memory.js';
import type { AuditAction, AuditEvent, AuditLog, RequestMeta } from './audit.js';
import type { BotCheck } from './bot-check.js';
import { AUTH_LIMITS } from './limits.js';
import { RateLimiter } from './rate-limiter.js';
import { isMultiFactorValidAt, type SessionRow, type Sessions } from './sessions.js';
import type { AuthSettings, Clock } from './settings.js';
import { sha256 } from './tokens.js';

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
  if (!phone?.isValid() || !phone.country || !SMS_COUNTRIES.includes(phone.country)) refuse('INVALID_PHONE');
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
  /**
   * The one rate limiter (issue 36 item 1), its places in the database's AttemptStore so every
   * process over it counts the attempts in flight; one over this process's own places, in memory,
   * by default.
   */
  limiter?: RateLimiter;
}

/**
 * What every account flow shares (issue 26 split accounts.ts by responsibility): the stores,
 * the audit trail, the abuse limits, the one-time codes, the reads and the guards. The flows
 * are layered on it: account-recovery.ts (email verification, password reset and changes),
 * accounts.ts (sign-up, sign-in, sessions, profile, MFA and sudo, signature).
 */
export abstract class AccountBase {
  readonly settings: AuthSettings;
  readonly now: Clock;
  readonly botCheck: BotCheck;
  readonly sessions: Sessions;
  readonly audit: AuditLog;
  protected readonly store: AccountStore;
  protected readonly sender: MessageSender;
  /**
   * The limits of sign-in, password reset and MFA codes (rate-limiter.ts): a limit's count and
   * the place it gives an attempt are one atomic step of the store, in every process.
   */
  protected readonly limiter: RateLimiter;

  constructor(deps: AccountsDeps) {
    this.store = deps.store;
    this.sessions = deps.sessions;
    this.audit = deps.audit;
    this.settings = deps.settings;
    this.now = deps.now;
    this.sender = deps.sender;
    this.botCheck = deps.botCheck;
    this.limiter = deps.limiter ?? new RateLimiter(new MemoryAttemptStore(deps.audit.store), deps.now);
  }

  protected record(now: number, meta: RequestMeta, event: AuditEvent): Promise<void> {
    return this.audit.record(now, meta, event);
  }

  /** Refuses a request without a fresh solved bot-check challenge (RECAPTCHA_FAILED, spec 000 §8). */
  protected async assertHuman(
    botToken: string | null,
    meta: RequestMeta,
    action: 'signUp' | 'signInBotCheckFailed',
    email: string,
  ): Promise<void> {
    if (await this.botCheck.verify(botToken)) return;
    await this.record(this.now(), meta, { action, outcome: 'failure', email, detail: { reason: 'botCheck' } });
    refuse('RECAPTCHA_FAILED');
  }

  /**
   * Checks an abuse limit and, when there is room, takes a place for this attempt (the rate
   * limiter's, in the store): the limit counts the audit events of `action` since `since` by
   * account and by IP, plus the attempts of the same kind still running. Returns the function
   * that gives the place back (call it once a failure is recorded), or null when the limit is reached.
   */
  protected async reserveAttempt(
    action: AuditAction,
    since: number,
    limits: { email: string; perEmail: number; ip: string | null; perIp: number },
  ): Promise<(() => Promise<void>) | null> {
    const release = await this.limiter.reserve(action, since, [
      { by: { email: limits.email }, limit: limits.perEmail },
      ...(limits.ip === null ? [] : [{ by: { ip: limits.ip }, limit: limits.perIp }]),
    ]);
    // Given back before the answer goes out: over a pool of connections (PostgreSQL, Redis) a
    // place still held when the caller's next attempt is counted would count its recorded failure
    // twice. An error leaves the place to expire.
    return release ? () => release().catch(() => undefined) : null;
  }

  // ---- reads ----

  userById(id: string): Promise<UserRow | null> {
    return this.store.userById(id);
  }

  userByEmail(email: string): Promise<UserRow | null> {
    return this.store.userByEmail(normalizeEmail(email));
  }

  /** A user that exists (after a write of its own). */
  protected async userAfterWrite(id: string): Promise<UserRow> {
    const user = await this.store.userById(id);
    if (!user) refuse('NOT_FOUND');
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
    if (!row) refuse('NO_AUTHENTICATION');
    return row;
  }

  /** The live session and its user for a raw token, or null. */
  async current(token: string | null): Promise<Current | null> {
    const session = await this.liveSession(token);
    return session ? this.currentOf(session) : null;
  }

  /** The live session of a raw token, or null; its user not read yet. */
  liveSession(token: string | null): Promise<SessionRow | null> {
    return token ? this.sessions.findLive(token, this.now()) : Promise.resolve(null);
  }

  /** A live session with its user, or null when the user is gone. */
  async currentOf(session: SessionRow): Promise<Current | null> {
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
    if (!current) refuse('NO_AUTHENTICATION');
    return current;
  }

  /** A session with valid multi-factor ("full", spec 000 §4), else MFA_REQUIRED. */
  requireFull(current: Current | null): Current {
    const c = this.requireSession(current);
    if (!this.isMultiFactorValid(c.session)) refuse('MFA_REQUIRED');
    return c;
  }

  /** A fresh sudo confirmation (spec 000 §6), else SUDO_REQUIRED; skipped for a user with no verified MFA option when allowed. */
  async requireSudo(current: Current | null): Promise<Current> {
    const c = this.requireFull(current);
    if (await this.hasFreshSudo(c)) return c;
    refuse('SUDO_REQUIRED');
  }

  // ---- codes ----

  /**
   * Stores the new code when the codes-sent limit has room, counted and stored in one atomic step
   * of the store, so parallel sends, in this process or any other over the database, are counted
   * one by one (issue 24 item 4, issue 36 item 4). TOO_MANY_REQUESTS when the limit is reached.
   */
  protected async issueCode(
    purpose: CodePurpose,
    userId: string,
    sessionId: string | null,
    channel: string,
    to: string,
    code: string,
    validityMs: number,
    limited: boolean,
  ): Promise<void> {
    const now = this.now();
    const stored = await this.store.issueCode(
      {
        id: newId('otc'),
        purpose,
        userId,
        sessionId,
        channel,
        to,
        codeHash: sha256(code),
        now,
        expiresAt: now + validityMs,
      },
      limited ? { since: now - AUTH_LIMITS.codeWindowMs, max: AUTH_LIMITS.codesSentPerAccount } : undefined,
    );
    if (!stored) refuse('TOO_MANY_REQUESTS');
  }

  /**
   * Checks a 6-digit code of this session: single use, unexpired, 5 wrong tries void it, rate
   * limited per account and IP. Throws CODE_MISMATCH, CODE_EXPIRED or TOO_MANY_REQUESTS.
   */
  protected async consumeSessionCode(
    c: Current,
    purpose: CodePurpose,
    channel: string,
    to: string,
    code: string,
    meta: RequestMeta,
  ): Promise<void> {
    // The account's and IP's limits through the rate limiter's places, and the code's wrong-try
    // count and single use through the store's atomic steps: parallel tries, in this process or
    // any other over the database, are counted one after another (issue 36 item 4).
    const now = this.now();
    const release = await this.limiter.reserve('mfaCodeFailed', now - AUTH_LIMITS.codeWindowMs, [
      { by: { userId: c.user.id }, limit: AUTH_LIMITS.codeFailuresPerAccount },
      ...(meta.ip === null ? [] : [{ by: { ip: meta.ip }, limit: AUTH_LIMITS.codeFailuresPerIp }]),
    ]);
    if (!release) refuse('TOO_MANY_REQUESTS');
    try {
      await this.checkSessionCode(c, purpose, channel, to, code, meta, now);
    } finally {
      await release();
    }
  }

  /**
   * A code's check once its attempt holds a place: CODE_EXPIRED, CODE_MISMATCH (failure recorded
   * first), or closed. A code closed by a parallel try after it was read (its fifth wrong try, or
   * its use) counts as no open code: CODE_EXPIRED, as a later try would have found it.
   */
  private async checkSessionCode(
    c: Current,
    purpose: CodePurpose,
    channel: string,
    to: string,
    code: string,
    meta: RequestMeta,
    now: number,
  ): Promise<void> {
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
      refuse('CODE_EXPIRED');
    }
    if (row.code_hash !== sha256(code) || code.length !== MFA_CODE_LENGTH) {
      const attempts = await this.store.recordWrongCode(row.id, AUTH_LIMITS.codeMaxAttempts, now);
      await failure(attempts === null ? 'closed' : 'mismatch');
      refuse(attempts === null ? 'CODE_EXPIRED' : 'CODE_MISMATCH');
    }
    if (!(await this.store.closeCode(row.id, now))) {
      await failure('closed');
      refuse('CODE_EXPIRED');
    }
  }

  protected async deliverCode(channel: MfaChannel, to: string, code: string, what: string): Promise<void> {
    const text = `Your Vigil ${what} code is ${code}. It expires in 10 minutes. If you did not ask for it, ignore this message.`;
    await this.sender.send({ channel, to, subject: `Your Vigil ${what} code: ${code}`, body: text });
  }
}
