import { HOUR } from '@vigil/shared';
import type { AuditLog, RequestMeta } from '../auth/audit.js';
import type { Limit, RateLimiter } from '../auth/rate-limiter.js';
import { refuse } from '../errors.js';
import { PaymentRefusedError } from './provider.js';

/**
 * Cards refused in an hour before card entry is refused too (issue 37; decision): a stolen session
 * cannot test card numbers at the provider. Ten for an organisation (a practice mistyping a card
 * a few times is far below it), twenty for one person (who may hold several organisations' cards).
 */
export const CARD_LIMITS = { perOrg: 10, perUser: 20, windowMs: HOUR } as const;

/** The refusal when a limit is reached (429; its sentence is the refusal catalogue's, shown by the card form). */
export const CARD_LIMIT_CODE = 'CARD_ATTEMPTS_LIMITED';

export interface CardAttemptDeps {
  limiter: Pick<RateLimiter, 'reserve'>;
  audit: Pick<AuditLog, 'record'>;
  now: () => number;
}

/**
 * Card entry under the one rate limiter (auth/rate-limiter.ts): each attempt takes a place under
 * the user's and, when the card is for one, the organisation's limit of `cardDeclined` failures in
 * the last hour (store-backed, so every server over the database counts the same); a card the
 * provider refuses is recorded before the place is given back. CARD_ATTEMPTS_LIMITED when a limit is
 * reached, before the provider is asked.
 */
export class CardAttempts {
  constructor(private readonly deps: CardAttemptDeps) {}

  async attempt<T>(
    who: { userId: string; orgId: string | null },
    meta: RequestMeta,
    run: () => Promise<T>,
  ): Promise<T> {
    const now = this.deps.now();
    const limits: Limit[] = [
      { by: { userId: who.userId }, limit: CARD_LIMITS.perUser },
      ...(who.orgId === null ? [] : [{ by: { orgId: who.orgId }, limit: CARD_LIMITS.perOrg }]),
    ];
    const release = await this.deps.limiter.reserve('cardDeclined', now - CARD_LIMITS.windowMs, limits);
    if (!release) refuse(CARD_LIMIT_CODE);
    try {
      return await run();
    } catch (err) {
      if (err instanceof PaymentRefusedError) {
        await this.deps.audit.record(this.deps.now(), meta, {
          action: 'cardDeclined',
          outcome: 'failure',
          userId: who.userId,
          detail: { ...(who.orgId === null ? {} : { orgId: who.orgId }), code: err.code },
        });
      }
      throw err;
    } finally {
      await release();
    }
  }
}
