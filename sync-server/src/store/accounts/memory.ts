import { MemoryDatabase } from '../memory/database.js';
import { MemorySessionStore } from '../sessions/memory.js';
import type { NewSession } from '../sessions/types.js';
import type {
  AccountStore,
  CodePurpose,
  CodeSendLimit,
  CodeRow,
  MfaChannel,
  MfaOptionRow,
  MfaVerification,
  NewCode,
  NewUser,
  UserRow,
} from './types.js';

/** An MFA option as the mfa_options table holds it. */
type StoredMfaOption = MfaOptionRow & { created_at: number };

interface Tables {
  /** Users in sign-up order. */
  users: UserRow[];
  mfaOptions: StoredMfaOption[];
  /** One-time codes in the order issued (SQLite's rowid). */
  codes: CodeRow[];
  signatures: Map<string, { id: string; path: string; updatedAt: number }>;
}

/** SQLite's `ORDER BY channel DESC, created_at` (a stable sort keeps equal times in insertion order). */
const optionOrder = (a: StoredMfaOption, b: StoredMfaOption): number =>
  a.channel === b.channel ? a.created_at - b.created_at : a.channel < b.channel ? 1 : -1;

/**
 * The accounts in memory: the second implementation of the contract (issue 36). Its compound
 * steps touch the sessions of `sessions`, the memory session store on the same MemoryDatabase,
 * in one transaction of that database, as the SQLite store does in one SQLite transaction.
 * Emails are matched exactly, as the SQLite column is: callers trim and lowercase them.
 */
export class MemoryAccountStore implements AccountStore {
  private readonly tables;

  constructor(
    private readonly db = new MemoryDatabase(),
    private readonly sessions = new MemorySessionStore(db),
  ) {
    this.tables = db.table<Tables>({ users: [], mfaOptions: [], codes: [], signatures: new Map() });
  }

  /**
   * Every user, in sign-up order, as the rows of the other memory stores' joins (the organisations'
   * members): for their serialized work only, never handed to a caller.
   */
  readonly users = (): readonly UserRow[] => this.tables.value.users;

  userById(id: string): Promise<UserRow | null> {
    return this.db.run(() => this.copy(this.user(id)));
  }

  userByEmail(email: string): Promise<UserRow | null> {
    return this.db.run(() => this.copy(this.userWithEmail(email)));
  }

  createUserWithSession(user: NewUser, session: NewSession, endSessionId: string | null): Promise<UserRow | null> {
    return this.db.transaction(async () => {
      // A concurrent sign-up may have taken the address meanwhile.
      if (this.userWithEmail(user.email)) return null;
      // The primary key: SQLite refuses a second row with this id.
      if (this.user(user.id)) throw new Error('a user with this id exists');
      this.tables.value.users.push({
        id: user.id,
        name: user.name,
        email: user.email,
        email_verified: 0,
        password_hash: user.passwordHash,
        referred_by: user.referredBy,
        emr_email: null,
        created_at: user.now,
        updated_at: user.now,
      });
      await this.sessions.create(session, endSessionId);
      return this.copy(this.user(user.id));
    });
  }

  updateName(userId: string, name: string, now: number): Promise<void> {
    return this.db.run(() => {
      const user = this.user(userId);
      if (user) Object.assign(user, { name, updated_at: now });
    });
  }

  markEmailVerified(userId: string, now: number): Promise<void> {
    return this.db.run(() => this.verifyEmail(userId, now));
  }

  userByEmrEmail(emrEmail: string): Promise<UserRow | null> {
    return this.db.run(() => {
      const found = this.tables.value.users.filter((u) => u.emr_email === emrEmail);
      return found.length === 1 ? this.copy(found[0]!) : null;
    });
  }

  setEmrEmail(userId: string, emrEmail: string, now: number): Promise<void> {
    return this.db.run(() => {
      const user = this.user(userId);
      if (user && user.emr_email !== emrEmail) Object.assign(user, { emr_email: emrEmail, updated_at: now });
    });
  }

  adoptEmrEmail(userId: string, now: number): Promise<boolean> {
    return this.db.run(() => {
      const user = this.user(userId);
      if (!user?.emr_email) return false;
      const holder = this.userWithEmail(user.emr_email);
      if (holder && holder.id !== userId) return false;
      const changed = user.email !== user.emr_email;
      Object.assign(user, { email: user.emr_email, email_verified: 1, updated_at: now });
      // A reset link sent to an old address must not outlive the change.
      if (changed) this.closeOpenResetCodes(userId, now);
      return true;
    });
  }

  changeEmail(userId: string, email: string, now: number): Promise<boolean> {
    return this.db.run(() => {
      const holder = this.userWithEmail(email);
      if (holder && holder.id !== userId) return false;
      const user = this.user(userId);
      if (user) Object.assign(user, { email, email_verified: 0, updated_at: now });
      // A reset link sent to the old address must not outlive the change.
      this.closeOpenResetCodes(userId, now);
      return true;
    });
  }

  changePassword(
    userId: string,
    passwordHash: string,
    now: number,
    sessionId: string,
    tokenHash: string,
  ): Promise<void> {
    return this.db.transaction(async () => {
      const user = this.user(userId);
      if (user) Object.assign(user, { password_hash: passwordHash, updated_at: now });
      this.closeOpenResetCodes(userId, now);
      await this.sessions.endForUser(userId, now, sessionId);
      await this.sessions.setTokenHash(sessionId, tokenHash);
    });
  }

  mfaOptions(userId: string): Promise<MfaOptionRow[]> {
    return this.db.run(() =>
      this.tables.value.mfaOptions
        .filter((o) => o.user_id === userId)
        .sort(optionOrder)
        .map((o) => ({ ...o })),
    );
  }

  verifyMfa(v: MfaVerification): Promise<void> {
    return this.db.transaction(async () => {
      const option = this.option(v.userId, v.channel, v.to);
      if (option) option.verified = 1;
      else {
        this.requireUser(v.userId);
        this.tables.value.mfaOptions.push({
          user_id: v.userId,
          channel: v.channel,
          to_address: v.to,
          verified: 1,
          created_at: v.now,
        });
      }
      if (v.verifiesEmail) this.verifyEmail(v.userId, v.now);
      await this.sessions.setTokenHash(v.sessionId, v.tokenHash);
      await this.sessions.verifyMultiFactor(v.sessionId, v.now, v.multiFactorExp);
      if (v.sudoExpiresAt !== null) await this.sessions.grantSudo(v.sessionId, v.now, v.sudoExpiresAt);
    });
  }

  removeMfaOption(userId: string, channel: MfaChannel, to: string): Promise<boolean> {
    return this.db.run(() => {
      const option = this.option(userId, channel, to);
      if (!option) return false;
      this.tables.value.mfaOptions = this.tables.value.mfaOptions.filter((o) => o !== option);
      return true;
    });
  }

  codesSentSince(userId: string, since: number): Promise<number> {
    return this.db.run(() => this.countCodesSent(userId, since));
  }

  issueCode(code: NewCode, limit?: CodeSendLimit): Promise<boolean> {
    return this.db.transaction(async () => {
      const codes = this.tables.value.codes;
      // The primary key and the foreign keys, checked before anything changes (SQLite's
      // transaction would roll back).
      if (codes.some((c) => c.id === code.id)) throw new Error('a code with this id exists');
      this.requireUser(code.userId);
      if (code.sessionId !== null && !(await this.sessions.byId(code.sessionId)))
        throw new Error('FOREIGN KEY: no such session');
      if (limit && this.countCodesSent(code.userId, limit.since) >= limit.max) return false;
      if (code.sessionId !== null) {
        for (const c of codes)
          if (c.session_id === code.sessionId && c.purpose === code.purpose && c.closed_at === null)
            c.closed_at = code.now;
      }
      codes.push({
        id: code.id,
        purpose: code.purpose,
        user_id: code.userId,
        session_id: code.sessionId,
        channel: code.channel,
        to_address: code.to,
        code_hash: code.codeHash,
        created_at: code.now,
        expires_at: code.expiresAt,
        attempts: 0,
        closed_at: null,
      });
      return true;
    });
  }

  latestOpenCode(sessionId: string, purpose: CodePurpose, channel: string, to: string): Promise<CodeRow | null> {
    return this.db.run(() => {
      let latest: CodeRow | null = null;
      for (const c of this.tables.value.codes) {
        if (c.session_id !== sessionId || c.purpose !== purpose || c.channel !== channel || c.to_address !== to)
          continue;
        if (c.closed_at === null && (latest === null || c.created_at > latest.created_at)) latest = c;
      }
      return this.copy(latest);
    });
  }

  recordWrongCode(id: string, maxAttempts: number, now: number): Promise<number | null> {
    return this.db.run(() => {
      const code = this.code(id);
      if (!code || code.closed_at !== null) return null;
      code.attempts += 1;
      if (code.attempts >= maxAttempts) code.closed_at = now;
      return code.attempts;
    });
  }

  closeCode(id: string, now: number): Promise<boolean> {
    return this.db.run(() => {
      const code = this.code(id);
      if (!code || code.closed_at !== null) return false;
      code.closed_at = now;
      return true;
    });
  }

  openResetCode(codeHash: string): Promise<CodeRow | null> {
    return this.db.run(() => this.copy(this.findOpenResetCode(codeHash)));
  }

  resetPassword(codeHash: string, passwordHash: string, now: number): Promise<string | null> {
    return this.db.transaction(async () => {
      const code = this.findOpenResetCode(codeHash);
      if (!code || code.expires_at <= now) return null;
      code.closed_at = now;
      const user = this.user(code.user_id);
      if (user) Object.assign(user, { password_hash: passwordHash, email_verified: 1, updated_at: now });
      await this.sessions.endForUser(code.user_id, now);
      return code.user_id;
    });
  }

  signature(userId: string): Promise<{ id: string; path: string } | null> {
    return this.db.run(() => {
      const saved = this.tables.value.signatures.get(userId);
      return saved ? { id: saved.id, path: saved.path } : null;
    });
  }

  saveSignature(userId: string, id: string, path: string, now: number): Promise<void> {
    return this.db.run(() => {
      const signatures = this.tables.value.signatures;
      if (!signatures.has(userId)) this.requireUser(userId);
      // A replaced signature keeps its id, as SQLite's upsert does.
      signatures.set(userId, { id: signatures.get(userId)?.id ?? id, path, updatedAt: now });
    });
  }

  deleteSignature(userId: string): Promise<boolean> {
    return this.db.run(() => this.tables.value.signatures.delete(userId));
  }

  // The private helpers run inside a method's serialized work or transaction.
  private user(id: string): UserRow | null {
    return this.tables.value.users.find((u) => u.id === id) ?? null;
  }

  private userWithEmail(email: string): UserRow | null {
    return this.tables.value.users.find((u) => u.email === email) ?? null;
  }

  private countCodesSent(userId: string, since: number): number {
    return this.tables.value.codes.filter(
      (c) => c.user_id === userId && c.created_at > since && c.purpose !== 'resetPassword',
    ).length;
  }

  /** SQLite's foreign key to users, checked before a row naming the user is written. */
  private requireUser(id: string): void {
    if (!this.user(id)) throw new Error('FOREIGN KEY: no such user');
  }

  private verifyEmail(userId: string, now: number): void {
    const user = this.user(userId);
    if (user) Object.assign(user, { email_verified: 1, updated_at: now });
  }

  private option(userId: string, channel: MfaChannel, to: string): StoredMfaOption | undefined {
    return this.tables.value.mfaOptions.find(
      (o) => o.user_id === userId && o.channel === channel && o.to_address === to,
    );
  }

  private code(id: string): CodeRow | undefined {
    return this.tables.value.codes.find((c) => c.id === id);
  }

  private closeOpenResetCodes(userId: string, now: number): void {
    for (const c of this.tables.value.codes)
      if (c.user_id === userId && c.purpose === 'resetPassword' && c.closed_at === null) c.closed_at = now;
  }

  private findOpenResetCode(codeHash: string): CodeRow | null {
    return (
      this.tables.value.codes.find(
        (c) => c.code_hash === codeHash && c.purpose === 'resetPassword' && c.closed_at === null,
      ) ?? null
    );
  }

  private copy<T extends object>(row: T | null): T | null {
    return row ? { ...row } : null;
  }
}
