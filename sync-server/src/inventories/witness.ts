/**
 * The witness check of a waste or a correction (issue 35 item 6), split from
 * inventories/service.ts (issue 36 item 7): the witness's own email and password checked here,
 * with the witness limit counted from the audit trail and the attempts still in flight.
 */
import { Mutex } from 'async-mutex';
import { normalizeEmail } from '@vigil/shared';
import { InFlight } from '../auth/in-flight.js';
import { AUTH_LIMITS } from '../auth/limits.js';
import { verifyPassword } from '../auth/passwords.js';
import { refuse, type SignedInCaller } from '../orgs/common.js';
import type { InventoryDeps } from './service.js';

/**
 * Witness password guesses allowed in WITNESS_WINDOW_MS before TOO_MANY_REQUESTS, counted per
 * user asking and per witness account asked for (issue 35 item 6), whoever asks.
 */
export const WITNESS_FAILURES_ALLOWED = 5;
export const WITNESS_WINDOW_MS = 15 * 60_000;

/** What the witness check reads: the accounts, the members, the audit trail and the clock. */
export type WitnessDeps = Pick<InventoryDeps, 'accounts' | 'orgs' | 'audit' | 'now'>;

/** One per service: the witness limit's lock and the attempts it has let through, still checking. */
export class WitnessCheck {
  /**
   * The witness limit's count and the place it gives an attempt are one step (as sign-in's
   * limit in auth/account-base.ts): the failures are counted from the audit repository, so they
   * survive a restart and every server instance over the same database sees them; the attempts
   * still checking a password are held in flight so parallel guesses cannot all pass the count.
   */
  private readonly witnessLimit = new Mutex();
  private readonly witnessInFlight = new InFlight();

  constructor(private readonly deps: WitnessDeps) {}

  /**
   * The witness of a waste or a correction, by their own email and password checked here: a
   * member of the organisation other than the caller, whose sign-in is not locked. Every failure
   * is the one answer WITNESS_INVALID (issue 35 item 6: which part was wrong is never said), and
   * membership is decided before the password, a dummy hash checked for a non-member so the
   * answer takes as long. After WITNESS_FAILURES_ALLOWED failures in WITNESS_WINDOW_MS by the
   * caller, or against the witness account by anyone, the attempt is refused TOO_MANY_REQUESTS.
   * The caller's own email is WITNESS_SAME_USER (they know their own address).
   */
  async check(orgId: string, who: SignedInCaller, w: { email: string; password: string }): Promise<string> {
    const now = this.deps.now();
    const email = normalizeEmail(w.email);
    if (email === normalizeEmail(who.user.email)) refuse('WITNESS_SAME_USER');
    const callerKey = `witness:user:${who.user.id}`;
    const targetKey = `witness:email:${email}`;
    const release = await this.witnessLimit.runExclusive(async () => {
      const since = now - WITNESS_WINDOW_MS;
      const byCaller =
        (await this.deps.audit.count('ledgerWitnessFailed', since, { userId: who.user.id })) +
        this.witnessInFlight.count(callerKey);
      const byTarget =
        (await this.deps.audit.count('ledgerWitnessFailed', since, { email })) + this.witnessInFlight.count(targetKey);
      return byCaller >= WITNESS_FAILURES_ALLOWED || byTarget >= WITNESS_FAILURES_ALLOWED
        ? null
        : this.witnessInFlight.hold([callerKey, targetKey]);
    });
    if (!release) refuse('TOO_MANY_REQUESTS');
    try {
      const user = await this.deps.accounts.userByEmail(email);
      const member = user != null && (await this.deps.orgs.members(orgId)).some((m) => m.userId === user.id);
      // An account locked out of sign-in (too many wrong passwords) cannot witness either.
      const locked =
        member &&
        (await this.deps.audit.count('signInFailed', now - AUTH_LIMITS.signInWindowMs, { email })) >=
          AUTH_LIMITS.signInFailuresPerAccount;
      const ok = await verifyPassword(member && !locked ? user.password_hash : null, w.password);
      if (!user || !member || locked || !ok) {
        // Written before the place is given back, so the limit never loses sight of this failure:
        // by the caller (userId) and against the witness account (email).
        await this.deps.audit.record(
          now,
          { ip: null, userAgent: null },
          {
            action: 'ledgerWitnessFailed',
            outcome: 'failure',
            userId: who.user.id,
            email,
            detail: { orgId, callerEmail: who.user.email },
          },
        );
        refuse('WITNESS_INVALID');
      }
      return user.id;
    } finally {
      release();
    }
  }
}
