import { ID_PREFIXES, newId, normalizeEmail } from '@vigil/shared';
import type { MfaChannel, UserRow } from '../store/accounts/types.js';
import type { RequestMeta } from './audit.js';
import { AUTH_LIMITS } from './limits.js';
import { hashPassword, isCommonPassword, verifyPassword } from './passwords.js';
import { newSessionId, type SessionRow } from './sessions.js';
import { newNumericCode, newSessionToken, sha256 } from './tokens.js';
import { AccountRecovery } from './account-recovery.js';
import { normalizeSmsNumber, type Current, type SignedIn } from './account-base.js';
import { refuse } from '../errors.js';

export {
  normalizeSmsNumber,
  type AccountsDeps,
  type CodePurpose,
  type Current,
  type MfaChannel,
  type MfaOptionRow,
  type SignedIn,
  type UserRow,
} from './account-base.js';

/**
 * Account and session operations over the accounts and sessions repositories. Every method
 * validates its own rules; inputs arrive parsed (zod) from GraphQL.
 */
export class Accounts extends AccountRecovery {
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
      refuse('WEAK_PASSWORD');
    }
    if (await this.userByEmail(input.email)) {
      await this.record(now, meta, {
        action: 'signUp',
        outcome: 'failure',
        email: input.email,
        detail: { reason: 'emailTaken' },
      });
      refuse('EMAIL_TAKEN');
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
    if (!user) refuse('EMAIL_TAKEN');
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
      refuse('TOO_MANY_REQUESTS');
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
        refuse('INVALID_LOGIN_CREDENTIALS');
      }
      const previous = await this.previousSessionId(previousToken, now);
      const { token, row } = await this.sessions.start(user.id, now, { id: newSessionId(), ...meta }, {}, previous);
      await this.record(now, meta, { action: 'signIn', outcome: 'success', userId: user.id, email });
      return { user, session: row, token };
    } finally {
      await release();
    }
  }

  /** A token presented at sign-in or sign-up belongs to a session that must not survive it (no fixation). */
  protected async previousSessionId(previousToken: string | null, now: number): Promise<string | null> {
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
    if (!row) refuse('NO_AUTHENTICATION');
    return row;
  }

  async updateUser(current: Current | null, properties: { name: string }, meta: RequestMeta): Promise<UserRow> {
    const c = this.requireFull(current);
    // spec 000 §5: the name is editable only when the user is not tied to a single EMR organisation.
    if (c.session.single_org !== null) refuse('NOT_AUTHORIZED');
    const now = this.now();
    await this.store.updateName(c.user.id, properties.name, now);
    await this.record(now, meta, { action: 'profileUpdated', outcome: 'success', userId: c.user.id });
    return this.userAfterWrite(c.user.id);
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
        if (!this.settings.allowSudoSkip) refuse('CANNOT_SUDO');
        const token = await this.grantSudo(c, now, meta, 'sudoSkipped');
        return { sudoSkipped: true, session: await this.sessionRow(c.session.id), token };
      }
      this.requireFull(c);
      if (!isVerifiedOption) refuse('NOT_AUTHORIZED');
    } else if (!isVerifiedOption) {
      if (verified.length > 0) await this.requireSudo(c);
      if (input.channel === 'email' && to !== c.user.email) refuse('NOT_AUTHORIZED');
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

  protected async grantSudo(
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
    if (!option) refuse('NOT_FOUND');
    if (option.verified === 1 && options.filter((o) => o.verified === 1).length === 1) {
      await this.record(now, meta, {
        action: 'mfaOptionRemoved',
        outcome: 'failure',
        userId: c.user.id,
        detail: { channel: input.channel, reason: 'lastOption' },
      });
      refuse('LAST_MFA_OPTION');
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
