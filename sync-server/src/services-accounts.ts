/**
 * Accounts as the server builds them, split from services.ts buildServices (issue 36 item 7):
 * the mail outbox and sender, the bot check, sessions, the audit trail, the account store and
 * service, and the EMR launch when its secret is set.
 */
import { Accounts } from './auth/accounts.js';
import { AuditLog } from './auth/audit.js';
import { createBotCheck, type BotCheck } from './auth/bot-check.js';
import { EmrLaunch } from './auth/emr.js';
import { Sessions } from './auth/sessions.js';
import type { AuthSettings } from './auth/settings.js';
import type { Logger } from './log.js';
import { createSender, type MessageSender } from './mail/sender.js';
import { SqliteAccountStore } from './store/accounts/sqlite.js';
import { SqliteAuditStore } from './store/audit/sqlite.js';
import { SqliteEmrLaunchStore } from './store/emr/sqlite.js';
import { SqliteOutboxStore } from './store/outbox/sqlite.js';
import { SqliteSessionStore } from './store/sessions/sqlite.js';
import type { Db } from './store/sqlite/database.js';

/** What buildAccounts makes. */
export interface AccountParts {
  outbox: SqliteOutboxStore;
  sender: MessageSender;
  botCheck: BotCheck;
  sessions: Sessions;
  audit: AuditLog;
  accountStore: SqliteAccountStore;
  accounts: Accounts;
  emr: EmrLaunch | null;
}

/** The accounts side of the server, each built once. */
export function buildAccounts(db: Db, authSettings: AuthSettings, now: () => number, log: Logger): AccountParts {
  const outbox = new SqliteOutboxStore(db);
  const sender = createSender({ outbox, now, smtpUrl: authSettings.smtpUrl, from: authSettings.mailFrom, log });
  const botCheck = createBotCheck(authSettings.botCheck, now);
  const sessions = new Sessions(new SqliteSessionStore(db), authSettings.cookieName, now);
  const audit = new AuditLog(new SqliteAuditStore(db));
  const accountStore = new SqliteAccountStore(db);
  const accounts = new Accounts({
    store: accountStore,
    sessions,
    audit,
    settings: authSettings,
    now,
    sender,
    botCheck,
  });
  const emr = authSettings.emrLaunchSecret
    ? new EmrLaunch(accounts, new SqliteEmrLaunchStore(db), authSettings.emrLaunchSecret)
    : null;
  return { outbox, sender, botCheck, sessions, audit, accountStore, accounts, emr };
}
