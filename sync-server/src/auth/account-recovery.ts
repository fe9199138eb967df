import { normalizeEmail } from '@vigil/shared';
import type { CodeRow, UserRow } from '../store/accounts/types.js';
import type { RequestMeta } from './audit.js';
import { AUTH_LIMITS } from './limits.js';
import { hashPassword, isCommonPassword } from './passwords.js';
import { newLinkCode, newNumericCode, newSessionToken, sha256 } from './tokens.js';
import { AccountBase, type SignedIn, type Current } from './account-base.js';
import { refuse } from '../errors.js';

/** Email verification, password reset and password and email changes (spec 000 §7). */
export abstract class AccountRecovery extends AccountBase {
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

  // ---- the EMR email (spec 000 §3 emrEmail, §6 "A user with only an EMR email can verify it to enable direct login") ----

  /**
   * The session's user when its EMR email can be verified: one it does not already sign in with
   * verified. When verifying would change the sign-in email, sudo is needed first (spec 000 §6
   * sensitive change); else a full session, as for the account's other codes.
   */
  private async emrEmailSubject(current: Current | null): Promise<{ c: Current; emrEmail: string } | null> {
    const full = this.requireFull(current);
    const emrEmail = full.user.emr_email;
    if (!emrEmail) refuse('NOT_FOUND');
    if (emrEmail === full.user.email && full.user.email_verified === 1) return null;
    const c = emrEmail === full.user.email ? full : await this.requireSudo(full);
    const holder = await this.userByEmail(emrEmail);
    if (holder && holder.id !== c.user.id) refuse('EMAIL_TAKEN');
    return { c, emrEmail };
  }

  /**
   * The user an EMR launch names by `email` (auth/emr.ts, auth/smart-launch.ts): the account
   * signing in with that address, else the one account an EMR named by it before.
   */
  async userForEmrLaunch(email: string): Promise<UserRow | null> {
    const normalized = normalizeEmail(email);
    return (await this.store.userByEmail(normalized)) ?? this.store.userByEmrEmail(normalized);
  }

  /** Keeps the address a successful EMR launch named the user by (emrEmail). */
  async keepEmrEmail(userId: string, email: string): Promise<void> {
    await this.store.setEmrEmail(userId, normalizeEmail(email), this.now());
  }

  /** Sends a 6-digit code to the EMR email (the email-verification code, limited as the others). */
  async sendEmrEmailVerification(current: Current | null, meta: RequestMeta): Promise<boolean> {
    const subject = await this.emrEmailSubject(current);
    if (!subject) return true;
    const { c, emrEmail } = subject;
    const now = this.now();
    const code = newNumericCode();
    await this.issueCode(
      'verifyEmail',
      c.user.id,
      c.session.id,
      'email',
      emrEmail,
      code,
      AUTH_LIMITS.codeValidityMs,
      true,
    );
    await this.sender.send({
      channel: 'email',
      to: emrEmail,
      subject: `Verify your EMR email for Vigil: ${code}`,
      body: `Your Vigil code to sign in directly with ${emrEmail} is ${code}. It expires in 10 minutes. If you did not ask for it, ignore this message.`,
    });
    await this.record(now, meta, {
      action: 'emrEmailVerificationSent',
      outcome: 'success',
      userId: c.user.id,
      email: emrEmail,
    });
    return true;
  }

  /** Checks the code sent to the EMR email and makes it the verified sign-in email. */
  async verifyEmrEmailCode(current: Current | null, code: string, meta: RequestMeta): Promise<UserRow> {
    const subject = await this.emrEmailSubject(current);
    if (!subject) return this.requireSession(current).user;
    const { c, emrEmail } = subject;
    await this.consumeSessionCode(c, 'verifyEmail', 'email', emrEmail, code, meta);
    const now = this.now();
    if (!(await this.store.adoptEmrEmail(c.user.id, now))) {
      await this.record(now, meta, {
        action: 'emrEmailVerified',
        outcome: 'failure',
        userId: c.user.id,
        email: emrEmail,
        detail: { reason: 'emailTaken' },
      });
      refuse('EMAIL_TAKEN');
    }
    await this.record(now, meta, {
      action: 'emrEmailVerified',
      outcome: 'success',
      userId: c.user.id,
      email: emrEmail,
      detail: { from: c.user.email, to: emrEmail },
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
      refuse('TOO_MANY_REQUESTS');
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
        refuse('USER_NOT_FOUND');
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
      await release();
    }
  }

  protected async openResetCode(code: string): Promise<CodeRow | null> {
    if (code.length < 16 || code.length > 100) return null;
    const row = await this.store.openResetCode(sha256(code));
    return row && row.expires_at > this.now() ? row : null;
  }

  /** The email a reset code belongs to (spec 000 §4: code verified, email shown), else INVALID_RESET_CODE. */
  async verifyPasswordResetCode(code: string): Promise<string> {
    const row = await this.openResetCode(code);
    if (!row) refuse('INVALID_RESET_CODE');
    return row.to_address;
  }

  /** Sets the new password, uses up the code, verifies the email (the link proved it) and ends every session. */
  async confirmPasswordReset(code: string, password: string, meta: RequestMeta): Promise<boolean> {
    if (!(await this.openResetCode(code))) refuse('INVALID_RESET_CODE');
    if (isCommonPassword(password)) refuse('WEAK_PASSWORD');
    const hash = await hashPassword(password);
    const now = this.now();
    // One step: the code is checked again and used up with the password change.
    const userId = await this.store.resetPassword(sha256(code), hash, now);
    if (!userId) refuse('INVALID_RESET_CODE');
    await this.record(now, meta, { action: 'passwordReset', outcome: 'success', userId });
    return true;
  }

  /** Changes (or adds) the password under sudo (spec 000 §6); every other session ends, this one gets a new token. */
  async changePassword(current: Current | null, password: string, meta: RequestMeta): Promise<SignedIn> {
    const c = await this.requireSudo(current);
    if (isCommonPassword(password)) refuse('WEAK_PASSWORD');
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
    if (await this.userByEmail(email)) refuse('EMAIL_TAKEN');
    // A reset link sent to the old address is voided in the same step.
    if (!(await this.store.changeEmail(c.user.id, normalizeEmail(email), now))) refuse('EMAIL_TAKEN');
    await this.record(now, meta, {
      action: 'emailChanged',
      outcome: 'success',
      userId: c.user.id,
      email,
      detail: { from: c.user.email, to: email },
    });
    return this.userAfterWrite(c.user.id);
  }
}
