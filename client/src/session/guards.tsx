import { Center, Loader } from '@mantine/core';
import { cleanReturnUrl, isAcceptableReturnUrl } from '@vigil/shared';
import type { ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { withReturnUrl } from './identity.js';
import { homeTarget, postSignInTarget } from './navigation.js';
import { useSession } from './SessionProvider.js';

function Loading(): ReactNode {
  return (
    <Center h={200}>
      <Loader aria-label="Loading" />
    </Center>
  );
}

/** The page's own address, to come back to after signing in. */
function useHere(): string {
  const { pathname, search, hash } = useLocation();
  return `${pathname}${search}${hash}`;
}

/** The accepted returnUrl of the current address (spec 000 §5), or null. */
export function useReturnUrl(): string | null {
  const [params] = useSearchParams();
  const url = params.get('returnUrl');
  return isAcceptableReturnUrl(url) ? cleanReturnUrl(url!) : null;
}

export interface RequireAuthProps {
  children: ReactNode;
  /** 'session': a partial session will do (MFA and email-verification pages); 'full': valid MFA needed. */
  level?: 'session' | 'full';
}

/**
 * Navigation rules of spec 000 §4: not signed in → /signin if a token exists, else /signup,
 * keeping returnUrl; signed in without valid MFA → /mfa.
 */
export function RequireAuth({ children, level = 'full' }: RequireAuthProps): ReactNode {
  const { status } = useSession();
  const here = useHere();
  switch (status) {
    case 'undetermined':
      return <Loading />;
    case 'none':
      return <Navigate to={withReturnUrl('/signup', here)} replace />;
    case 'expired':
      return <Navigate to={withReturnUrl('/signin', here)} replace />;
    case 'partial':
      return level === 'full' ? <Navigate to={withReturnUrl('/mfa', here)} replace /> : children;
    case 'full':
      return children;
  }
}

/** /create-org without a verified email goes to /verify-email (spec 000 §4). */
export function RequireVerifiedEmail({ children }: { children: ReactNode }): ReactNode {
  const { user } = useSession();
  const here = useHere();
  if (user && !user.emailVerified) return <Navigate to={withReturnUrl('/verify-email', here)} replace />;
  return children;
}

/**
 * At / (spec 000 §4): signed in with one organisation → go to it; with none → /create-org when
 * the email is verified, else /verify-email. Otherwise the welcome page. An accepted returnUrl
 * wins once fully signed in (post-sign-in redirect), and goes along to /mfa.
 */
export function HomeRedirect({ children }: { children: ReactNode }): ReactNode {
  const { status, user, session } = useSession();
  // A returnUrl brought along from sign-up and email verification (spec 000 §5) survives the next steps.
  const returnUrl = useReturnUrl();
  if (status === 'undetermined') return <Loading />;
  if (status === 'partial') return <Navigate to={withReturnUrl('/mfa', returnUrl)} replace />;
  if (status !== 'full' || !user || !session) return children;
  const target = homeTarget(returnUrl, session, user.emailVerified);
  return target === null ? children : <Navigate to={target} replace />;
}

/** Where to go once fully signed in (spec 000 §4 post-sign-in redirect). */
export function usePostSignInPath(): string {
  const { session } = useSession();
  const returnUrl = useReturnUrl();
  return postSignInTarget(returnUrl, session);
}
