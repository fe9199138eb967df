// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session, User, UserAndSession } from './api.js';
import { RequestError } from '../data/graphql.js';
import type * as settingsCache from '../data/settingsCache.js';
import type { SettingsStore } from '../data/settingsCache.js';
import { IDENTITY_COOKIE } from './identity.js';
import { CACHE_MAX_AGE_MS, stampCache } from '@vigil/shared';

/** The session cache as the provider writes it (LC1): stamped with the version and when it was written. */
const cached = (value: unknown, savedAt = Date.now()): string => JSON.stringify(stampCache(value, savedAt));

// The server's answer is held until a test gives it, or fails it.
let answer: (value: UserAndSession) => void = () => undefined;
let fail: (err: Error) => void = () => undefined;
vi.mock('./api.js', () => ({
  fetchUserAndSession: () =>
    new Promise<UserAndSession>((resolve, reject) => {
      answer = resolve;
      fail = reject;
    }),
  extendSession: () => new Promise(() => undefined),
  signOut: () => Promise.resolve(),
}));

// The device's settings cache, in memory (the tests have no IndexedDB); sign-out clears it through the real module.
const settings = vi.hoisted(() => ({ store: null as SettingsStore | null }));
vi.mock('../data/settingsCache.js', async (original) => {
  const real = await original<typeof settingsCache>();
  settings.store = real.memorySettingsStore();
  return { ...real, clearSettingsCache: () => real.clearSettingsCache(settings.store!) };
});

const { SessionProvider, useSession } = await import('./SessionProvider.js');

const HOUR = 3_600_000;
function user(id: string): User {
  return {
    id,
    name: `User ${id}`,
    email: `${id}@example.com`,
    emailVerified: true,
    emrEmail: null,
    hasPw: true,
    sms: null,
    mfa: [],
  };
}
function session(userId: string): Session {
  const now = Date.now();
  return {
    userId,
    multiFactorLast: now - HOUR,
    multiFactorAuthExp: now + HOUR,
    sessionRenewedAt: now - HOUR,
    sessionExpiresAt: now + 8 * HOUR,
    sudoLast: null,
    sudoExpiresAt: null,
    singleOrg: null,
    orgs: { regular: [], parent: [], vigil: [], reseller: [] },
  };
}

/** Every status the screens were given, in render order. */
let statuses: string[] = [];
function Status(): ReactNode {
  const { status, user: u } = useSession();
  statuses.push(status);
  return <p>{`${status} ${u?.name ?? 'nobody'}`}</p>;
}
function renderApp(): void {
  render(
    <MemoryRouter>
      <SessionProvider>
        <Status />
      </SessionProvider>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  statuses = [];
  document.cookie = `${IDENTITY_COOKIE}=u1; path=/`;
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  document.cookie = `${IDENTITY_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
});

describe('the session the app starts from (spec 000 §4)', () => {
  it('starts from the session this device last knew for the signed-in user, before the server answers', () => {
    localStorage.setItem('vigil.session', cached({ user: user('u1'), session: session('u1') }));
    renderApp();
    expect(statuses[0]).toBe('full');
    expect(screen.getByText('full User u1')).toBeTruthy();
  });

  it('[LC1] does not start from a session cached 5 days ago: undetermined, and the old cache is removed', () => {
    localStorage.setItem(
      'vigil.session',
      cached({ user: user('u1'), session: session('u1') }, Date.now() - CACHE_MAX_AGE_MS),
    );
    renderApp();
    expect(statuses[0]).toBe('undetermined');
    expect(localStorage.getItem('vigil.session')).toBeNull();
  });

  it("does not start from another user's session: undetermined until the server answers", async () => {
    localStorage.setItem('vigil.session', cached({ user: user('u2'), session: session('u2') }));
    renderApp();
    expect(statuses[0]).toBe('undetermined');
    await act(async () => {
      answer({ user: user('u1'), session: session('u1') });
      await Promise.resolve();
    });
    expect(screen.getByText('full User u1')).toBeTruthy();
  });

  it('renders nothing again when the server confirms the session the app started from', async () => {
    const known = { user: user('u1'), session: session('u1') };
    localStorage.setItem('vigil.session', cached(known));
    renderApp();
    const rendered = statuses.length;
    await act(async () => {
      answer(JSON.parse(JSON.stringify(known)) as UserAndSession);
      await Promise.resolve();
    });
    expect(statuses).toHaveLength(rendered);
  });

  it('keeps working on the session it started from when the server cannot be reached, rendering nothing again', async () => {
    localStorage.setItem('vigil.session', cached({ user: user('u1'), session: session('u1') }));
    renderApp();
    const rendered = statuses.length;
    await act(async () => {
      fail(new RequestError('NETWORK_ERROR'));
      await Promise.resolve();
    });
    expect(statuses).toHaveLength(rendered);
    expect(screen.getByText('full User u1')).toBeTruthy();
  });

  it('takes the server answer when it differs from what the app started from', async () => {
    localStorage.setItem('vigil.session', cached({ user: user('u1'), session: session('u1') }));
    renderApp();
    await act(async () => {
      answer({ user: { ...user('u1'), name: 'Dr. Ada Lane' }, session: session('u1') });
      await Promise.resolve();
    });
    expect(screen.getByText('full Dr. Ada Lane')).toBeTruthy();
  });
});

describe('signing out (issue 36 item 6)', () => {
  function SignOut(): ReactNode {
    const { signOut } = useSession();
    return <button onClick={() => void signOut()}>Sign Out</button>;
  }

  it('forgets the settings this device read for the organisations, and the session', async () => {
    localStorage.setItem('vigil.session', cached({ user: user('u1'), session: session('u1') }));
    const store = settings.store!;
    await store.write('org1', 'policies', [{ id: 'pol-1' }]);
    await store.write('org2', 'features', [{ name: 'policies', value: true }]);
    render(
      <MemoryRouter>
        <SessionProvider>
          <Status />
          <SignOut />
        </SessionProvider>
      </MemoryRouter>,
    );
    await act(async () => {
      screen.getByText('Sign Out').click();
      await Promise.resolve();
    });
    expect(await store.read('org1', 'policies')).toBeUndefined();
    expect(await store.read('org2', 'features')).toBeUndefined();
    expect(localStorage.getItem('vigil.session')).toBeNull();
  });
});
