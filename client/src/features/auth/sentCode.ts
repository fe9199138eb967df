import { MFA_CODE_VALIDITY_MS } from '@vigil/shared';

/** Where a sent MFA code went. */
export interface SentCode {
  to: string;
  channel: 'email' | 'sms';
}

/** The key in localStorage: shared by the browser's tabs and windows, as the session cookie is. */
export const SENT_CODE_KEY = 'vigil.mfaCodeSent';

interface Stored extends SentCode {
  userId: string;
  /** The partial session's sessionRenewedAt: a code is bound to the session it was sent in. */
  session: number;
  sentAt: number;
}

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Records that a code was sent in this session (issue 25: /mfa reopened showed 'Send code' again). */
export function rememberSentCode(
  store: KeyValueStore,
  who: { userId: string; session: number },
  sent: SentCode,
  now: number,
): void {
  const value: Stored = { ...who, ...sent, sentAt: now };
  try {
    store.setItem(SENT_CODE_KEY, JSON.stringify(value));
  } catch {
    /* storage full or blocked: the page then offers 'Send code' again, as before */
  }
}

/**
 * The code sent in this same session that can still be entered (sent less than
 * MFA_CODE_VALIDITY_MS ago), else null. A record of another user or session, an old one or one
 * that cannot be read is dropped.
 */
export function stillValidSentCode(
  store: KeyValueStore,
  who: { userId: string; session: number },
  now: number,
): SentCode | null {
  let stored: Partial<Stored> | null;
  try {
    stored = JSON.parse(store.getItem(SENT_CODE_KEY) ?? 'null') as Partial<Stored> | null;
  } catch {
    stored = null;
  }
  if (stored === null) return null;
  const usable =
    stored.userId === who.userId &&
    stored.session === who.session &&
    typeof stored.to === 'string' &&
    (stored.channel === 'email' || stored.channel === 'sms') &&
    typeof stored.sentAt === 'number' &&
    stored.sentAt <= now &&
    now - stored.sentAt < MFA_CODE_VALIDITY_MS;
  if (!usable) {
    forgetSentCode(store);
    return null;
  }
  return { to: stored.to!, channel: stored.channel! };
}

/** Forgets the sent code (verified, or signed out). */
export function forgetSentCode(store: KeyValueStore): void {
  try {
    store.removeItem(SENT_CODE_KEY);
  } catch {
    /* nothing stored */
  }
}
