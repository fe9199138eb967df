import { REFERRAL_COOKIE_LIFETIME_MS } from '@vigil/shared';
import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { REFERRAL_COOKIE } from './identity.js';
import { signOut } from './api.js';
import { recordAction, recordClicks } from './recentActions.js';

/** The value of a `token` hash fragment (`#token=…`), or undefined when there is none. */
export function tokenInHash(hash: string): string | undefined {
  const m = /^#token=(.*)$/.exec(hash);
  if (!m) return undefined;
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return m[1]!;
  }
}

/**
 * Query parameters read on any page (spec 000 §2): `ref_id` is stored as the referral cookie for
 * 10 years and removed from the address; `?clear` clears local storage, the token and the
 * cache, then reloads.
 */
export function StartupEffects(): ReactNode {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();

  // The recent actions log Help / Feedback sends (issue 40): each page visited, each control pressed.
  useEffect(() => recordClicks(), []);
  useEffect(() => recordAction('navigate', pathname), [pathname]);

  useEffect(() => {
    const params = new URLSearchParams(search);
    if (params.has('clear')) {
      void signOut()
        .catch(() => undefined)
        .finally(() => {
          try {
            localStorage.clear();
            sessionStorage.clear();
          } catch {
            /* nothing stored */
          }
          void caches?.keys().then((keys) => Promise.all(keys.map((k) => caches.delete(k))));
          params.delete('clear');
          const rest = params.toString();
          window.location.replace(`${pathname}${rest ? `?${rest}` : ''}${hash}`);
        });
      return;
    }
    // spec 000 §4: a token in the hash fragment named token; an empty value or the text null clears
    // it and goes to the root. Our token lives only in an HttpOnly cookie, so a token handed over in
    // the address is never adopted (anyone could plant their own session that way); EMR launches
    // use /api/emr/launch instead. It is removed from the address so it does not linger.
    const token = tokenInHash(hash);
    if (token !== undefined) {
      if (token === '' || token === 'null') {
        void signOut()
          .catch(() => undefined)
          .finally(() => window.location.replace('/'));
      } else {
        void navigate(`${pathname}${search}`, { replace: true });
      }
      return;
    }
    const ref = params.get('ref_id');
    if (ref !== null) {
      const maxAge = Math.floor(REFERRAL_COOKIE_LIFETIME_MS / 1000);
      document.cookie = `${REFERRAL_COOKIE}=${encodeURIComponent(ref.slice(0, 200))}; Path=/; Max-Age=${maxAge}; SameSite=Lax`;
      params.delete('ref_id');
      const rest = params.toString();
      void navigate(`${pathname}${rest ? `?${rest}` : ''}${hash}`, { replace: true });
    }
  }, [pathname, search, hash, navigate]);

  return null;
}
