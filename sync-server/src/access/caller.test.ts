import { describe, expect, it } from 'vitest';
import type { Current } from '../auth/account-base.js';
import { callerFromCredentials, callerOf, type AccountsForCallers, type CallerSource } from './caller.js';
import { OrgAccess, refusalOf } from './index.js';

const NOW = Date.UTC(2026, 11, 1, 9, 0);

const current: Current = {
  user: {
    ...{ id: 'usr-1', name: 'Ann', email: 'ann@example.com', email_verified: 1, password_hash: null },
    ...{ referred_by: null, emr_email: null, created_at: NOW, updated_at: NOW },
  },
  session: {
    ...{ id: 'ses-1', user_id: 'usr-1', token_hash: 'h', created_at: NOW, renewed_at: NOW, expires_at: NOW + 1e6 },
    ...{ multi_factor_last: NOW, multi_factor_exp: NOW + 1e6, sudo_last: null, sudo_expires_at: null, ended_at: null },
    single_org: null,
  },
};

/** A source that counts its sudo reads (the accounts service reads the user's MFA options there). */
function countingSource(fresh: boolean): CallerSource & { sudoReads: number } {
  const source = {
    sudoReads: 0,
    isMultiFactorValid: () => true,
    hasFreshSudo: () => {
      source.sudoReads++;
      return Promise.resolve(fresh);
    },
    memberships: () => Promise.resolve([{ id: 'office', type: 'regular' as const, roles: ['provider'] }]),
  };
  return source;
}

const from = { ip: null, userAgent: null, transport: 'socket' as const };

describe('a Caller built from a session', () => {
  it('reads sudo only when a right asks for it, and once however often it is asked', async () => {
    const source = countingSource(true);
    const caller = await callerOf(source, current, from);
    const access = new OrgAccess({ parentsOf: () => Promise.resolve([]) });
    // A socket's upgrade (membership) never reads it.
    expect(await refusalOf(access.authorize(caller, 'office', 'member'))).toBeNull();
    expect(source.sudoReads).toBe(0);
    expect(await refusalOf(access.authorize(caller, 'office', 'sudo'))).toBeNull();
    expect(await caller.freshSudo()).toBe(true);
    expect(source.sudoReads).toBe(1);
  });

  it('refuses a right that needs sudo without a fresh one (SUDO_REQUIRED)', async () => {
    const caller = await callerOf(countingSource(false), current, from);
    const access = new OrgAccess({ parentsOf: () => Promise.resolve([]) });
    expect(await refusalOf(access.authorize(caller, 'office', 'sudo'))).toBe('SUDO_REQUIRED');
  });
});

describe('the Caller of a request with a session token', () => {
  /** Accounts whose user read waits until released, recording what was asked meanwhile. */
  function slowUserAccounts(
    user: Current['user'] | null,
  ): AccountsForCallers & { asked: string[]; release: () => void } {
    let release = (): void => undefined;
    const userRead = new Promise<void>((resolve) => (release = resolve));
    const accounts = {
      asked: [] as string[],
      release: () => release(),
      current: () => Promise.reject(new Error('not used')),
      liveSession: (token: string | null) => Promise.resolve(token === 'tok' ? current.session : null),
      currentOf: async (session: Current['session']) => {
        accounts.asked.push('user');
        await userRead;
        return user ? { session, user } : null;
      },
      isMultiFactorValid: () => true,
      hasFreshSudo: () => Promise.resolve(false),
      sessions: {
        memberships: (userId: string) => {
          accounts.asked.push(`memberships of ${userId}`);
          return user
            ? Promise.resolve([{ id: 'office', type: 'regular' as const, roles: ['provider'] }])
            : Promise.reject(new Error('gone'));
        },
      },
      settings: { cookieName: 'dev-tok' },
    };
    return accounts;
  }

  it('reads the user and the memberships side by side, both from the session', async () => {
    const accounts = slowUserAccounts(current.user);
    const built = callerFromCredentials(accounts, { cookieHeader: undefined, token: 'tok' }, from);
    await new Promise((resolve) => setImmediate(resolve));
    // The memberships were asked for while the user read was still running.
    expect(accounts.asked).toEqual(['memberships of usr-1', 'user']);
    accounts.release();
    expect(await built).toMatchObject({ user: { id: 'usr-1' }, subject: { orgs: [{ id: 'office' }] } });
  });

  it('is signed out when the token has no live session, or its user is gone', async () => {
    expect(
      (await callerFromCredentials(slowUserAccounts(current.user), { cookieHeader: undefined, token: 'other' }, from))
        .user,
    ).toBeNull();
    const gone = slowUserAccounts(null);
    const built = callerFromCredentials(gone, { cookieHeader: undefined, token: 'tok' }, from);
    gone.release();
    expect((await built).user).toBeNull();
  });
});
