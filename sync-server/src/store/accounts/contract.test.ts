import { afterEach, describe, expect, it } from 'vitest';
import { MemoryDatabase } from '../memory/database.js';
import { openMemoryDatabase } from '../sqlite/database.js';
import { MemorySessionStore } from '../sessions/memory.js';
import { SqliteSessionStore } from '../sessions/sqlite.js';
import type { NewSession, SessionStore } from '../sessions/types.js';
import { freshPostgres, runnableImplementations } from '../postgres/test-database.test-util.js';
import { PostgresDatabase } from '../postgres/unit-of-work.js';
import { PostgresSessionStore } from '../sessions/postgres.js';
import { MemoryAccountStore } from './memory.js';
import { PostgresAccountStore } from './postgres.js';
import { SqliteAccountStore } from './sqlite.js';
import type { AccountStore, NewCode, NewUser } from './types.js';

/** An accounts store and the sessions store over the same data (compound steps touch both). */
interface Fixture {
  accounts: AccountStore;
  sessions: SessionStore;
}

function sqlite(): Fixture {
  const db = openMemoryDatabase();
  return { accounts: new SqliteAccountStore(db), sessions: new SqliteSessionStore(db) };
}

function memory(): Fixture {
  const db = new MemoryDatabase();
  const sessions = new MemorySessionStore(db);
  return { accounts: new MemoryAccountStore(db, sessions), sessions };
}

const drops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const drop of drops.splice(0)) await drop();
});

async function postgres(): Promise<Fixture> {
  const database = await freshPostgres();
  drops.push(database.drop);
  const db = new PostgresDatabase(database.open());
  return { accounts: new PostgresAccountStore(db), sessions: new PostgresSessionStore(db) };
}

/** Every AccountStore implementation. */
const implementations: [string, () => Fixture | Promise<Fixture>][] = [
  ['memory', memory],
  ['sqlite', sqlite],
  ['postgres', postgres],
];

const user = (id: string, email: string, now = 1000): NewUser => ({
  id,
  name: `Dr ${id}`,
  email,
  passwordHash: `pw-${id}`,
  referredBy: null,
  now,
});

const session = (id: string, userId: string, now = 1000): NewSession => ({
  id,
  userId,
  tokenHash: `hash-${id}`,
  now,
  expiresAt: now + 100_000,
  ip: null,
  userAgent: null,
  singleOrg: null,
  multiFactorExp: null,
});

const code = (id: string, overrides: Partial<NewCode> = {}): NewCode => ({
  id,
  purpose: 'mfa',
  userId: 'usr-a',
  sessionId: 'ses-a',
  channel: 'email',
  to: 'a@example.com',
  codeHash: `code-${id}`,
  now: 1000,
  expiresAt: 2000,
  ...overrides,
});

/** A user usr-a (a@example.com) signed in with session ses-a. */
async function withUser(f: Fixture): Promise<void> {
  await f.accounts.createUserWithSession(user('usr-a', 'a@example.com'), session('ses-a', 'usr-a'), null);
}

describe.each(await runnableImplementations('AccountStore contract', implementations))(
  'AccountStore contract (%s)',
  (_, make) => {
    it('creates a user with its first session, ending the presented one, and refuses a taken email writing nothing', async () => {
      const f = await make();
      await withUser(f);
      const created = await f.accounts.createUserWithSession(
        user('usr-b', 'b@example.com', 1500),
        session('ses-b', 'usr-b', 1500),
        'ses-a',
      );
      expect(created).toMatchObject({
        id: 'usr-b',
        email: 'b@example.com',
        email_verified: 0,
        password_hash: 'pw-usr-b',
      });
      expect(await f.accounts.userByEmail('b@example.com')).toEqual(created);
      expect(await f.accounts.userById('usr-b')).toEqual(created);
      expect((await f.sessions.byId('ses-b'))?.user_id).toBe('usr-b');
      expect((await f.sessions.byId('ses-a'))?.ended_at).toBe(1500);
      const taken = await f.accounts.createUserWithSession(
        user('usr-c', 'a@example.com'),
        session('ses-c', 'usr-c'),
        null,
      );
      expect(taken).toBeNull();
      expect(await f.accounts.userById('usr-c')).toBeNull();
      expect(await f.sessions.byId('ses-c')).toBeNull();
    });

    it('matches emails exactly as stored (callers trim and lowercase them): another case is another address', async () => {
      const f = await make();
      await withUser(f);
      expect(await f.accounts.userByEmail('A@example.com')).toBeNull();
      const other = await f.accounts.createUserWithSession(
        user('usr-b', 'A@example.com'),
        session('ses-b', 'usr-b'),
        null,
      );
      expect(other?.id).toBe('usr-b');
      expect((await f.accounts.userByEmail('a@example.com'))?.id).toBe('usr-a');
    });

    it('writes no user when its first session cannot be stored (one step)', async () => {
      const f = await make();
      await withUser(f);
      // ses-a exists: the session's id is taken, so the sign-up fails as a whole.
      await expect(
        f.accounts.createUserWithSession(user('usr-b', 'b@example.com'), session('ses-a', 'usr-b'), null),
      ).rejects.toThrow();
      expect(await f.accounts.userById('usr-b')).toBeNull();
      expect(await f.accounts.userByEmail('b@example.com')).toBeNull();
      expect((await f.sessions.byId('ses-a'))?.user_id).toBe('usr-a');
    });

    it('renames, verifies and changes the email (unverified again, open reset links voided); a taken email is refused', async () => {
      const f = await make();
      await withUser(f);
      await f.accounts.createUserWithSession(user('usr-b', 'b@example.com'), session('ses-b', 'usr-b'), null);
      await f.accounts.updateName('usr-a', 'Dr Renamed', 1100);
      await f.accounts.markEmailVerified('usr-a', 1200);
      expect(await f.accounts.userById('usr-a')).toMatchObject({
        name: 'Dr Renamed',
        email_verified: 1,
        updated_at: 1200,
      });
      await f.accounts.issueCode(code('reset', { purpose: 'resetPassword', sessionId: null, expiresAt: 99_999 }));
      expect(await f.accounts.changeEmail('usr-a', 'b@example.com', 1300)).toBe(false);
      expect(await f.accounts.changeEmail('usr-a', 'new@example.com', 1300)).toBe(true);
      expect(await f.accounts.userById('usr-a')).toMatchObject({ email: 'new@example.com', email_verified: 0 });
      expect(await f.accounts.openResetCode('code-reset')).toBeNull();
    });

    it('keeps the EMR email a launch named, finds its one holder, and adopts it as the verified sign-in email (session 31)', async () => {
      const f = await make();
      await withUser(f);
      await f.accounts.createUserWithSession(user('usr-b', 'b@example.com'), session('ses-b', 'usr-b'), null);
      expect((await f.accounts.userById('usr-a'))?.emr_email).toBeNull();
      expect(await f.accounts.adoptEmrEmail('usr-a', 1100)).toBe(false);
      await f.accounts.setEmrEmail('usr-a', 'a.emr@example.com', 1100);
      expect(await f.accounts.userById('usr-a')).toMatchObject({ emr_email: 'a.emr@example.com', updated_at: 1100 });
      expect((await f.accounts.userByEmrEmail('a.emr@example.com'))?.id).toBe('usr-a');
      expect(await f.accounts.userByEmrEmail('a@example.com')).toBeNull();
      // Adopting it: the sign-in email changes, verified, and a reset link to the old address is voided.
      await f.accounts.issueCode(code('reset', { purpose: 'resetPassword', sessionId: null, expiresAt: 99_999 }));
      expect(await f.accounts.adoptEmrEmail('usr-a', 1200)).toBe(true);
      expect(await f.accounts.userById('usr-a')).toMatchObject({
        email: 'a.emr@example.com',
        email_verified: 1,
        emr_email: 'a.emr@example.com',
        updated_at: 1200,
      });
      expect(await f.accounts.openResetCode('code-reset')).toBeNull();
      // An address another user signs in with is not taken over; two holders of an EMR email match neither.
      await f.accounts.setEmrEmail('usr-b', 'a.emr@example.com', 1300);
      expect(await f.accounts.adoptEmrEmail('usr-b', 1300)).toBe(false);
      expect(await f.accounts.userById('usr-b')).toMatchObject({ email: 'b@example.com', email_verified: 0 });
      expect(await f.accounts.userByEmrEmail('a.emr@example.com')).toBeNull();
    });

    it('changes the password in one step: reset links voided, other sessions ended, this one with a new token', async () => {
      const f = await make();
      await withUser(f);
      await f.sessions.create(session('ses-other', 'usr-a'));
      await f.accounts.issueCode(code('reset', { purpose: 'resetPassword', sessionId: null, expiresAt: 99_999 }));
      await f.accounts.changePassword('usr-a', 'pw-new', 1400, 'ses-a', 'hash-rotated');
      expect((await f.accounts.userById('usr-a'))?.password_hash).toBe('pw-new');
      expect(await f.accounts.openResetCode('code-reset')).toBeNull();
      expect((await f.sessions.byId('ses-other'))?.ended_at).toBe(1400);
      expect(await f.sessions.byTokenHash('hash-rotated')).toMatchObject({ id: 'ses-a', ended_at: null });
    });

    it('keeps MFA options sms first; a verification adds or verifies one, sets multi-factor (capped by the session), sudo and a new token', async () => {
      const f = await make();
      await withUser(f);
      await f.accounts.verifyMfa({
        userId: 'usr-a',
        channel: 'email',
        to: 'a@example.com',
        verifiesEmail: true,
        sessionId: 'ses-a',
        tokenHash: 'hash-mfa',
        now: 1100,
        multiFactorExp: 1_000_000,
        sudoExpiresAt: null,
      });
      await f.accounts.verifyMfa({
        userId: 'usr-a',
        channel: 'sms',
        to: '+14155552671',
        verifiesEmail: false,
        sessionId: 'ses-a',
        tokenHash: 'hash-sudo',
        now: 1200,
        multiFactorExp: 5000,
        sudoExpiresAt: 3000,
      });
      expect((await f.accounts.mfaOptions('usr-a')).map((o) => [o.channel, o.to_address, o.verified])).toEqual([
        ['sms', '+14155552671', 1],
        ['email', 'a@example.com', 1],
      ]);
      expect((await f.accounts.userById('usr-a'))?.email_verified).toBe(1);
      expect(await f.sessions.byTokenHash('hash-mfa')).toBeNull();
      expect(await f.sessions.byTokenHash('hash-sudo')).toMatchObject({
        multi_factor_last: 1200,
        multi_factor_exp: 5000,
        sudo_last: 1200,
        sudo_expires_at: 3000,
      });
      const first = await f.sessions.byId('ses-a');
      await f.accounts.verifyMfa({
        userId: 'usr-a',
        channel: 'sms',
        to: '+14155552671',
        verifiesEmail: false,
        sessionId: 'ses-a',
        tokenHash: 'hash-late',
        now: 1300,
        multiFactorExp: 10_000_000,
        sudoExpiresAt: null,
      });
      // Never past the session's own expiry.
      expect((await f.sessions.byId('ses-a'))?.multi_factor_exp).toBe(first?.expires_at);
      expect(await f.accounts.removeMfaOption('usr-a', 'sms', '+14155552671')).toBe(true);
      expect(await f.accounts.removeMfaOption('usr-a', 'sms', '+14155552671')).toBe(false);
      expect((await f.accounts.mfaOptions('usr-a')).map((o) => o.channel)).toEqual(['email']);
    });

    it("issues codes voiding the session's earlier open code of the same purpose, and counts sends without reset links", async () => {
      const f = await make();
      await withUser(f);
      await f.accounts.issueCode(code('c1', { now: 1000 }));
      await f.accounts.issueCode(code('c2', { now: 1001 }));
      await f.accounts.issueCode(code('s1', { purpose: 'sudo', now: 1002 }));
      await f.accounts.issueCode(code('r1', { purpose: 'resetPassword', sessionId: null, now: 1003 }));
      expect((await f.accounts.latestOpenCode('ses-a', 'mfa', 'email', 'a@example.com'))?.id).toBe('c2');
      expect((await f.accounts.latestOpenCode('ses-a', 'sudo', 'email', 'a@example.com'))?.id).toBe('s1');
      expect(await f.accounts.latestOpenCode('ses-a', 'mfa', 'sms', 'a@example.com')).toBeNull();
      expect(await f.accounts.codesSentSince('usr-a', 999)).toBe(3);
      expect(await f.accounts.codesSentSince('usr-a', 1001)).toBe(1);
    });

    it('stores a code under the codes-sent limit only while it has room, writing nothing when it has none', async () => {
      const f = await make();
      await withUser(f);
      const limit = { since: 999, max: 2 };
      expect(await f.accounts.issueCode(code('c1', { now: 1000 }), limit)).toBe(true);
      // A reset link is not counted.
      expect(await f.accounts.issueCode(code('r1', { purpose: 'resetPassword', sessionId: null, now: 1001 }))).toBe(
        true,
      );
      expect(await f.accounts.issueCode(code('c2', { now: 1002 }), limit)).toBe(true);
      expect(await f.accounts.issueCode(code('c3', { now: 1003 }), limit)).toBe(false);
      // The refused code voided nothing and was not stored.
      expect((await f.accounts.latestOpenCode('ses-a', 'mfa', 'email', 'a@example.com'))?.id).toBe('c2');
      expect(await f.accounts.codesSentSince('usr-a', 999)).toBe(2);
      // Codes sent before the window leave room.
      expect(await f.accounts.issueCode(code('c4', { now: 1004 }), { since: 1001, max: 2 })).toBe(true);
    });

    it('counts parallel codes under the limit one by one: exactly the limit is stored', async () => {
      const f = await make();
      await withUser(f);
      const stored = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          f.accounts.issueCode(code(`c${i}`, { now: 1000 + i }), { since: 0, max: 4 }),
        ),
      );
      expect(stored.filter(Boolean)).toHaveLength(4);
      expect(await f.accounts.codesSentSince('usr-a', 0)).toBe(4);
    });

    it('counts wrong tries one by one, closes a code on the last one, and leaves a closed code as it is', async () => {
      const f = await make();
      await withUser(f);
      await f.accounts.issueCode(code('c1'));
      expect(await f.accounts.recordWrongCode('c1', 3, 1100)).toBe(1);
      expect(await f.accounts.latestOpenCode('ses-a', 'mfa', 'email', 'a@example.com')).toMatchObject({
        id: 'c1',
        attempts: 1,
        closed_at: null,
      });
      expect(await f.accounts.recordWrongCode('c1', 3, 1150)).toBe(2);
      expect(await f.accounts.recordWrongCode('c1', 3, 1200)).toBe(3);
      expect(await f.accounts.latestOpenCode('ses-a', 'mfa', 'email', 'a@example.com')).toBeNull();
      // A try at the closed code changes nothing, nor can the code be used any more.
      expect(await f.accounts.recordWrongCode('c1', 3, 1250)).toBeNull();
      expect(await f.accounts.closeCode('c1', 1250)).toBe(false);
      expect(await f.accounts.recordWrongCode('c-none', 3, 1250)).toBeNull();
    });

    it('counts parallel wrong tries without losing one: exactly the limit closes the code', async () => {
      const f = await make();
      await withUser(f);
      await f.accounts.issueCode(code('c1'));
      const counts = await Promise.all(Array.from({ length: 7 }, () => f.accounts.recordWrongCode('c1', 5, 1100)));
      expect(counts.filter((n) => n !== null).sort()).toEqual([1, 2, 3, 4, 5]);
      expect(counts.filter((n) => n === null)).toHaveLength(2);
      expect(await f.accounts.latestOpenCode('ses-a', 'mfa', 'email', 'a@example.com')).toBeNull();
    });

    it('closes a used code once: a second use, in parallel or later, is told it was closed already', async () => {
      const f = await make();
      await withUser(f);
      await f.accounts.issueCode(code('c2'));
      expect((await Promise.all([f.accounts.closeCode('c2', 1300), f.accounts.closeCode('c2', 1300)])).sort()).toEqual([
        false,
        true,
      ]);
      expect(await f.accounts.latestOpenCode('ses-a', 'mfa', 'email', 'a@example.com')).toBeNull();
      expect(await f.accounts.closeCode('c2', 1400)).toBe(false);
      expect(await f.accounts.closeCode('c-none', 1400)).toBe(false);
    });

    it('uses a reset code once: password set, email verified, every session ended; an expired or used code does nothing', async () => {
      const f = await make();
      await withUser(f);
      await f.accounts.issueCode(code('r1', { purpose: 'resetPassword', sessionId: null, expiresAt: 5000 }));
      expect((await f.accounts.openResetCode('code-r1'))?.to_address).toBe('a@example.com');
      expect(await f.accounts.resetPassword('code-r1', 'pw-late', 5000)).toBeNull();
      expect(await f.accounts.resetPassword('code-r1', 'pw-reset', 4000)).toBe('usr-a');
      expect(await f.accounts.userById('usr-a')).toMatchObject({ password_hash: 'pw-reset', email_verified: 1 });
      expect((await f.sessions.byId('ses-a'))?.ended_at).toBe(4000);
      expect(await f.accounts.openResetCode('code-r1')).toBeNull();
      expect(await f.accounts.resetPassword('code-r1', 'pw-again', 4100)).toBeNull();
    });

    it('refuses a code, MFA option or signature of no user, and a code of no session, changing nothing', async () => {
      const f = await make();
      await withUser(f);
      await f.accounts.issueCode(code('c1'));
      await expect(f.accounts.issueCode(code('c2', { userId: 'usr-none' }))).rejects.toThrow();
      await expect(f.accounts.issueCode(code('c3', { sessionId: 'ses-none' }))).rejects.toThrow();
      // The refused codes voided nothing: c1 is still the session's open code.
      expect((await f.accounts.latestOpenCode('ses-a', 'mfa', 'email', 'a@example.com'))?.id).toBe('c1');
      await expect(
        f.accounts.verifyMfa({
          userId: 'usr-none',
          channel: 'sms',
          to: '+14155552671',
          verifiesEmail: false,
          sessionId: 'ses-a',
          tokenHash: 'hash-none',
          now: 1100,
          multiFactorExp: 5000,
          sudoExpiresAt: null,
        }),
      ).rejects.toThrow();
      expect(await f.accounts.mfaOptions('usr-none')).toEqual([]);
      expect((await f.sessions.byTokenHash('hash-ses-a'))?.multi_factor_exp).toBeNull();
      await expect(f.accounts.saveSignature('usr-none', 'sig-1', 'M0 0', 1000)).rejects.toThrow();
      expect(await f.accounts.signature('usr-none')).toBeNull();
    });

    it('saves, replaces and deletes the one saved signature of a user', async () => {
      const f = await make();
      await withUser(f);
      expect(await f.accounts.signature('usr-a')).toBeNull();
      await f.accounts.saveSignature('usr-a', 'sig-1', 'M0 0L1 1', 1000);
      await f.accounts.saveSignature('usr-a', 'sig-2', 'M2 2L3 3', 1100);
      expect(await f.accounts.signature('usr-a')).toEqual({ id: 'sig-1', path: 'M2 2L3 3' });
      expect(await f.accounts.deleteSignature('usr-a')).toBe(true);
      expect(await f.accounts.deleteSignature('usr-a')).toBe(false);
      expect(await f.accounts.signature('usr-a')).toBeNull();
    });
  },
);
