/**
 * Accounts as the server builds them, split from services.ts buildServices (issue 36 item 7):
 * the mail outbox and sender, the bot check, sessions, the audit trail, the account store and
 * service, the EMR launch when its secret is set, and the legal documents' acceptances.
 */
import { Accounts } from './auth/accounts.js';
import { AuditLog } from './auth/audit.js';
import { createBotCheck, type BotCheck } from './auth/bot-check.js';
import { RateLimiter } from './auth/rate-limiter.js';
import { EmrLaunch, type SignedLinkAllowed } from './auth/emr.js';
import type { Entitlements } from './access/entitlements.js';
import { LegalService } from './legal/service.js';
import { Sessions } from './auth/sessions.js';
import type { AuthSettings } from './auth/settings.js';
import type { Logger } from './log.js';
import { createSender, type MessageSender } from './mail/sender.js';
import type { AccountStore } from './store/accounts/types.js';
import { connectRedis } from './services-redis.js';
import { RedisAttemptStore } from './store/attempts/redis.js';
import type { AttemptStore } from './store/attempts/types.js';
import type { AuditStore } from './store/audit/types.js';
import type { OutboxStore } from './store/outbox/types.js';
import type { Stores } from './store/select.js';
import type { SessionStore } from './store/sessions/types.js';

/** What buildAccounts makes. */
export interface AccountParts {
  outbox: OutboxStore;
  sender: MessageSender;
  botCheck: BotCheck;
  sessions: Sessions;
  audit: AuditLog;
  accountStore: AccountStore;
  accounts: Accounts;
  /** The one rate limiter (sign-in, reset, MFA, the witness check), its places in the database (issue 36 item 1). */
  limiter: RateLimiter;
  emr: EmrLaunch | null;
  /** Closes what the accounts side opened besides the database (the rate limit's Redis connection). */
  close: () => void;
  /** The terms and privacy policy accepted by each user (issue 40; spec 000 §7). */
  legal: LegalService;
}

/** The accounts side of the server, each built once. */
export function buildAccounts(
  /** The database's stores, and the offices' flags (the signed EMR launch reads legacyIntegrations). */
  { stores, entitlements }: { stores: Stores; entitlements: Entitlements },
  authSettings: AuthSettings,
  now: () => number,
  log: Logger,
  redis?: { url: string; prefix: string },
  /** Told after sessions ended (REDIS_URL: every instance authorises its sockets again; issue 43). */
  sessionsEnded?: () => void,
): AccountParts {
  const outbox = stores.outbox;
  const sender = createSender({ outbox, now, smtpUrl: authSettings.smtpUrl, from: authSettings.mailFrom, log });
  const botCheck = createBotCheck(authSettings.botCheck, now);
  const sessionStore = announcingEnds(stores.sessions, sessionsEnded);
  const sessions = new Sessions(sessionStore, authSettings.cookieName, now);
  const auditStore = stores.audit;
  const audit = new AuditLog(auditStore);
  const accountStore = stores.accounts;
  const attempts = attemptStoreOf(stores.attempts, auditStore, redis, log);
  const limiter = new RateLimiter(attempts, now);
  const accounts = new Accounts({
    store: accountStore,
    sessions,
    audit,
    settings: authSettings,
    now,
    sender,
    botCheck,
    limiter,
  });
  const emr = authSettings.emrLaunchSecret
    ? new EmrLaunch(accounts, stores.emrLaunch, authSettings.emrLaunchSecret, signedLinkAllowed(stores, entitlements))
    : null;
  const close = (): void => attempts.close?.();
  const legal = new LegalService({ store: stores.legal, audit, now });
  return { outbox, sender, botCheck, sessions, audit, accountStore, accounts, limiter, emr, close, legal };
}

/** [EMR9] The signed launch link: for an office without a SMART EMR connection, or with legacyIntegrations on. */
function signedLinkAllowed(stores: Stores, entitlements: Entitlements): SignedLinkAllowed {
  return async (orgId) =>
    (await stores.emrConnections.connection(orgId)) === null ||
    (await entitlements.values(orgId)).legacyIntegrations === true;
}

/** The session store, telling `ended` after each step that ended sessions (unchanged without it). */
function announcingEnds(store: SessionStore, ended: (() => void) | undefined): SessionStore {
  if (!ended) return store;
  const after = async <T>(step: Promise<T>): Promise<T> => {
    const result = await step;
    ended();
    return result;
  };
  return Object.assign(Object.create(store) as SessionStore, {
    end: (id: string, at: number) => after(store.end(id, at)),
    endForUser: (userId: string, at: number, exceptId?: string) => after(store.endForUser(userId, at, exceptId)),
    create: (...args: Parameters<SessionStore['create']>) =>
      args[1] ? after(store.create(...args)) : store.create(...args),
  });
}

/**
 * Where rate-limit places are held (issue 43): in the database, which every process over it
 * counts; in the shared Redis when REDIS_URL is set, so instances over any storage count one
 * another's attempts. The failures are counted from the audit trail either way.
 */
function attemptStoreOf(
  stored: AttemptStore,
  audit: AuditStore,
  redis: { url: string; prefix: string } | undefined,
  log: Logger,
): AttemptStore & { close?: () => void } {
  if (!redis) return stored;
  const client = connectRedis(redis.url, log);
  return Object.assign(new RedisAttemptStore(client, audit, redis.prefix), { close: () => client.disconnect() });
}
