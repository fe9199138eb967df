import {
  authStatus,
  FAILED_SESSION_RETRY_MS,
  IDENTITY_COOKIE_POLL_MS,
  isReturnFromIdle,
  isUserActive,
  SESSION_RENEW_AGE_MS,
  shouldExtendSession,
  stampCache,
  usableCache,
} from '@vigil/shared';
import type { AuthStatus } from '@vigil/shared';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type Dispatch,
  type ReactNode,
  type RefObject,
  type SetStateAction,
} from 'react';
import { onAuthError, RequestError } from '../data/graphql.js';
import { clearSettingsCache } from '../data/settingsCache.js';
import * as api from './api.js';
import { useLocation, useNavigate } from 'react-router';
import { authErrorAction } from './authErrors.js';
import { identityUserId, withReturnUrl } from './identity.js';

export interface SessionState {
  status: AuthStatus;
  user: api.User | null;
  session: api.Session | null;
  /** Re-reads user and session from the server. */
  refresh: () => Promise<void>;
  /** Adopts the user and session a sign-in, sign-up or verification returned. */
  adopt: (result: { user?: api.User; session?: api.Session }) => void;
  signOut: () => Promise<void>;
  /**
   * The organisation of an EMR single-organisation session that has ended (status expired), for
   * the sign-in page's 'Signed Out' card (spec 000 §2); null otherwise.
   */
  endedSingleOrg: string | null;
}

const CACHE_KEY = 'vigil.session';

interface Cached {
  user: api.User | null;
  session: api.Session | null;
}

/**
 * The session state cached in browser storage, restored only when of this build's version and
 * younger than 5 days (LC1, spec 000 §7, §9); an expired or older one is removed.
 */
export function readCache(now: number = Date.now()): Cached | null {
  try {
    const raw = localStorage.getItem(CACHE_KEY);
    if (!raw) return null;
    const usable = usableCache<Cached>(JSON.parse(raw) as unknown, now);
    if (!usable) localStorage.removeItem(CACHE_KEY);
    return usable;
  } catch {
    return null;
  }
}

export function writeCache(value: Cached | null, now: number = Date.now()): void {
  try {
    if (value) localStorage.setItem(CACHE_KEY, JSON.stringify(stampCache(value, now)));
    else localStorage.removeItem(CACHE_KEY);
  } catch {
    /* private mode: nothing cached */
  }
}

const SessionContext = createContext<SessionState | null>(null);

/** What this device last stored for the signed-in user (the identity cookie's), if anything. */
function cachedOfIdentity(userId = identityUserId()): Cached | null {
  const cached = readCache();
  return userId !== null && cached?.user?.id === userId ? cached : null;
}

type SetCached = Dispatch<SetStateAction<Cached | undefined>>;

/**
 * Auth errors from any call (spec 000 §8): not authenticated → signed out (the guards then ask to
 * sign in); sudo required → the sudo page; not authorized → re-read the session, at most once per 10 s.
 */
function useAuthErrorActions(setData: SetCached, refresh: () => Promise<void>): void {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const here = useRef('/');
  here.current = `${pathname}${search}`;
  const lastReSignIn = useRef<number | null>(null);
  useEffect(
    () =>
      onAuthError((code) => {
        const action = authErrorAction(code, lastReSignIn.current, Date.now());
        if (action === 'signOut') {
          setData((prev) => ({ user: prev?.user ?? null, session: null }));
        } else if (action === 'sudo') {
          if (!here.current.startsWith('/sudo')) void navigate(withReturnUrl('/sudo', here.current));
        } else if (action === 'reSignIn') {
          lastReSignIn.current = Date.now();
          void refresh();
        }
      }),
    [navigate, refresh, setData],
  );
}

/**
 * User activity (spec 000 §4): mouse move, click, key press (and touch, for tablets), marked in
 * `lastActivity`. Input after 30 s of quiet (spec 000 §9 idle timeout) re-reads the session, so a
 * tablet picked up again learns at once that its session ended elsewhere.
 */
function useRefreshOnReturnFromIdle(
  lastActivity: RefObject<number>,
  hasSession: boolean,
  refresh: () => Promise<void>,
): void {
  useEffect(() => {
    const mark = (): void => {
      const t = Date.now();
      const returning = isReturnFromIdle(lastActivity.current, t);
      lastActivity.current = t;
      if (returning && hasSession) void refresh();
    };
    for (const e of ['mousemove', 'click', 'keydown', 'touchstart'] as const)
      window.addEventListener(e, mark, { passive: true });
    return () => {
      for (const e of ['mousemove', 'click', 'keydown', 'touchstart'] as const) window.removeEventListener(e, mark);
    };
  }, [lastActivity, hasSession, refresh]);
}

/**
 * Cross-tab identity mismatch: another tab signed someone else in or out → the root page
 * (spec 000 §4). The identity cookie is polled every 3 seconds (spec 000 §9).
 */
function useIdentityMismatchReload(sessionUserId: string | null): void {
  useEffect(() => {
    if (sessionUserId === null) return;
    const timer = window.setInterval(() => {
      if (identityUserId() === sessionUserId) return;
      window.clearInterval(timer);
      window.location.assign('/');
    }, IDENTITY_COOKIE_POLL_MS);
    return () => window.clearInterval(timer);
  }, [sessionUserId]);
}

/**
 * Automatic extension (spec 000 §4): active, valid MFA, renewed longer ago than the renew age; a
 * failure retries after 30 s. Ticks the provider's clock (`setNow`) every second.
 */
function useSessionExtension(
  session: api.Session | null,
  lastActivity: RefObject<number>,
  adopt: SessionState['adopt'],
  setNow: (t: number) => void,
): void {
  useEffect(() => {
    if (!session) return;
    let retryAfter = 0;
    const timer = window.setInterval(() => {
      const t = Date.now();
      setNow(t);
      // Inactive after 2 minutes without input (spec 000 §9): no extension, so an unattended
      // session runs out (the server also lets multi-factor lapse after its idle timeout).
      const active = isUserActive(lastActivity.current, t);
      if (t < retryAfter || !shouldExtendSession(session, active, SESSION_RENEW_AGE_MS, t)) return;
      api.extendSession(false).then(
        (extended) => adopt({ session: extended }),
        () => {
          retryAfter = Date.now() + FAILED_SESSION_RETRY_MS;
        },
      );
    }, 1000);
    return () => window.clearInterval(timer);
  }, [session, lastActivity, adopt, setNow]);
}

/**
 * Holds the signed-in user and session (spec 000 §3, §4). With no identity cookie the status is
 * none. With one, the app starts from the session this device last knew for that user, and the
 * server's answer replaces it (a session ended elsewhere then sends the user to sign in); with
 * none known, the status is undetermined until the server answers. Offline, the last known
 * session is kept, so a signed-in tablet keeps working on what it has, and a case opens in one
 * render rather than a loader first.
 */
export function SessionProvider({ children }: { children: ReactNode }): ReactNode {
  // The identity cookie is read once as the app starts (each read is a synchronous call to the
  // browser's cookie store), for both states below.
  const [start] = useState(() => {
    const userId = identityUserId();
    const cached = cachedOfIdentity(userId);
    return { hasToken: userId !== null, data: cached?.session ? cached : undefined };
  });
  const [hasToken, setHasToken] = useState(start.hasToken);
  // undefined = not loaded yet (undetermined)
  // The app starts from the session this device last knew for the signed-in user, if any.
  const [data, setData] = useState<Cached | undefined>(start.data);
  const [now, setNow] = useState(() => Date.now());
  const lastActivity = useRef(Date.now());

  const retryTimer = useRef<number | undefined>(undefined);
  const refreshRef = useRef<() => Promise<void>>(() => Promise.resolve());
  const refresh = useCallback(async (): Promise<void> => {
    window.clearTimeout(retryTimer.current);
    setHasToken(identityUserId() !== null);
    if (identityUserId() === null) {
      setData({ user: null, session: null });
      return;
    }
    try {
      const result = await api.fetchUserAndSession();
      if (result.session === null) {
        // Expired: keep who it was (the sign-in page shows the email read-only, spec 000 §2); local data stays.
        setData({ user: cachedOfIdentity()?.user ?? null, session: null });
      } else {
        writeCache(result);
        // The same user and session as the app started from: nothing re-renders for it.
        setData((prev) => (prev && JSON.stringify(prev) === JSON.stringify(result) ? prev : result));
      }
    } catch (err) {
      // Offline or server trouble: keep working with the last known session (spec 000 §8: no message).
      if (err instanceof RequestError && err.code === 'NETWORK_ERROR') {
        const userId = identityUserId();
        setData((prev) =>
          prev?.user && prev.user.id === userId ? prev : (cachedOfIdentity() ?? { user: null, session: null }),
        );
        // A failed session fetch is tried again after 30 s (spec 000 §4, §8, §9).
        window.clearTimeout(retryTimer.current);
        retryTimer.current = window.setTimeout(() => void refreshRef.current(), FAILED_SESSION_RETRY_MS);
      } else {
        setData({ user: null, session: null });
      }
    }
    setNow(Date.now());
  }, []);

  refreshRef.current = refresh;
  useEffect(() => {
    void refresh();
    return () => window.clearTimeout(retryTimer.current);
  }, [refresh]);

  const adopt = useCallback((result: { user?: api.User; session?: api.Session }): void => {
    setHasToken(identityUserId() !== null);
    setData((prev) => {
      const next = { user: result.user ?? prev?.user ?? null, session: result.session ?? prev?.session ?? null };
      writeCache(next);
      return next;
    });
    setNow(Date.now());
  }, []);

  const signOut = useCallback(async (): Promise<void> => {
    try {
      await api.signOut();
    } finally {
      writeCache(null);
      setHasToken(identityUserId() !== null);
      setData({ user: null, session: null });
      // The settings this device read for the signed-out user's organisations (issue 36 item 6).
      await clearSettingsCache().catch(() => undefined);
    }
  }, []);

  useAuthErrorActions(setData, refresh);
  const hasSession = data?.session != null;
  useRefreshOnReturnFromIdle(lastActivity, hasSession, refresh);
  useIdentityMismatchReload(data?.session?.userId ?? null);
  useSessionExtension(data?.session ?? null, lastActivity, adopt, setNow);

  const status = authStatus(hasToken, data === undefined ? undefined : data.session, now);
  const endedSingleOrg = useMemo((): string | null => {
    if (status !== 'expired') return null;
    if (data?.session) return data.session.singleOrg;
    // The server no longer knows the session: the last one this device saw for the same user.
    return cachedOfIdentity()?.session?.singleOrg ?? null;
  }, [status, data]);

  const value = useMemo<SessionState>(
    () => ({
      status,
      endedSingleOrg,
      user: data?.user ?? null,
      session: data?.session ?? null,
      refresh,
      adopt,
      signOut,
    }),
    // Not `now`: the clock ticks every second, and every consumer (the whole case screen among
    // them) re-rendering each second made charting lag on a tablet. `status` reads the clock, so
    // consumers still learn at once when the session or its multi-factor runs out; a countdown
    // keeps its own clock (SudoProvider).
    [status, endedSingleOrg, data, refresh, adopt, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession needs a SessionProvider');
  return value;
}
