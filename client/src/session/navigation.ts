import type { Session } from './api.js';
import { sessionOrgLinks } from './sessionOrgs.js';

/**
 * Post-sign-in redirect (spec 000 §4): an accepted return URL, else the only organisation's own
 * app (its `href`: a parent organisation opens its Admin Dashboard at /parent/{id}, the internal
 * organisation /vigil-team; issue 25: a parent's admin landed on an empty Case Manager), else /.
 */
export function postSignInTarget(returnUrl: string | null, session: Session | null): string {
  if (returnUrl) return returnUrl;
  const orgs = sessionOrgLinks(session);
  return orgs.length === 1 ? orgs[0]!.href : '/';
}

/**
 * Where `/` sends a fully signed-in user (spec 000 §2, §4): the accepted return URL; the only
 * organisation; with none, /create-org when the email is verified, else /verify-email. With two
 * or more organisations, null: `/` shows 'Which org do you want to view?' (only a single
 * organisation redirects).
 */
export function homeTarget(returnUrl: string | null, session: Session, emailVerified: boolean): string | null {
  if (returnUrl) return returnUrl;
  const orgs = sessionOrgLinks(session);
  if (orgs.length === 1) return orgs[0]!.href;
  if (orgs.length === 0) return emailVerified ? '/create-org' : '/verify-email';
  return null;
}
