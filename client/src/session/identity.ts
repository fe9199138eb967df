/** The identity cookie the server sets beside the HttpOnly token: the page's "a token exists" signal (spec 000 §4). */
export const IDENTITY_COOKIE = 'vigil-uid';

/** The referral cookie set from ?ref_id (spec 000 §2). */
export const REFERRAL_COOKIE = 'vigil-ref';

/** Reads a cookie by name from a `document.cookie` string. */
export function cookieValue(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq >= 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

export function identityUserId(): string | null {
  return cookieValue(document.cookie, IDENTITY_COOKIE) || null;
}

/** Builds the query string of a guard redirect, keeping where the user was going (spec 000 §4). */
export function withReturnUrl(path: string, returnUrl: string | null): string {
  if (!returnUrl || returnUrl === '/') return path;
  return `${path}?${new URLSearchParams({ returnUrl }).toString()}`;
}
