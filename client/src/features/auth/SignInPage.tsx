import { Alert, Anchor, Button, Card, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { AUTH_TEXTS, canSubmitSignIn, isMultiFactorValid, signInErrorText } from '@vigil/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { cookieValue } from '../../session/identity.js';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { ClockGate } from '../../session/ClockGate.js';
import { Page } from '../../ui/Page.js';
import { usePostSignInPath, useReturnUrl } from '../../session/guards.js';
import { postSignInTarget } from '../../session/navigation.js';
import { withReturnUrl } from '../../session/identity.js';
import { useSession } from '../../session/SessionProvider.js';
import * as api from '../../session/api.js';
import { BotCheckError, runBotCheck } from './botCheck.js';
import { errorCode } from '../../session/errors.js';
import { trackEvent } from '../../data/analyticsEvents.js';

/** The recover-password link keeps an /iframe prefix (spec 000 §2). */
export function forgotPasswordHref(pathname: string): string {
  return pathname.startsWith('/iframe') ? '/iframe/forgot-password' : '/forgot-password';
}

/** The cookie an EMR launch leaves with the EMR's own address (server: EMR_LAUNCH.returnCookie). */
export const EMR_RETURN_COOKIE = 'vigil-emr-return';

/** The EMR address 'Return to EMR' goes back to (spec 000 §2), only https or http on localhost. */
export function emrReturnUrl(cookies: string): string | null {
  const url = cookieValue(cookies, EMR_RETURN_COOKIE);
  if (!url) return null;
  try {
    const u = new URL(url);
    const local = u.protocol === 'http:' && ['localhost', '127.0.0.1'].includes(u.hostname);
    return u.protocol === 'https:' || local ? u.href : null;
  } catch {
    return null;
  }
}

/**
 * The 'Signed Out' card of an EMR single-organisation session (spec 000 §2): the inactivity
 * text, 'Return to EMR' when the launch left a return address, and a direct-login link.
 */
function EmrSignedOutCard({ onDirectLogin }: { onDirectLogin: () => void }): ReactNode {
  const returnUrl = emrReturnUrl(document.cookie);
  return (
    <Card withBorder padding="lg" maw={420} data-testid="emr-signed-out">
      <Stack gap="sm">
        <Title order={2}>{AUTH_TEXTS.signedOutTitle}</Title>
        <Text>{AUTH_TEXTS.signedOutInactivity}</Text>
        <Text>{AUTH_TEXTS.signedOutEmr}</Text>
        {returnUrl && (
          <Button component="a" href={returnUrl} mih={44} w="fit-content">
            {AUTH_TEXTS.returnToEmr}
          </Button>
        )}
        <Anchor component="button" type="button" onClick={onDirectLogin} mih={44} ta="left">
          {AUTH_TEXTS.directLogin}
        </Anchor>
      </Stack>
    </Card>
  );
}

/** Codes after which the page offers a reload (spec 000 §8: the abuse check "suggests reload"). */
const RELOAD_CODES = new Set(['RECAPTCHA_FAILED']);

/**
 * /signin (spec 000 §2, §4): email (trimmed) and password; a known user's email read-only with
 * 'Sign in as different user'; 'Signing you in...' while submitting; the password is cleared when
 * an attempt ends; errors in the spec's texts; hidden behind the clock check.
 */
export function SignInPage(): ReactNode {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { status, user, adopt, endedSingleOrg } = useSession();
  const [directLogin, setDirectLogin] = useState(false);
  const returnUrl = useReturnUrl();
  const postSignIn = usePostSignInPath();
  const knownEmail = status === 'expired' || status === 'undetermined' ? (user?.email ?? null) : null;
  const [differentUser, setDifferentUser] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<{ text: string; reload: boolean } | null>(null);

  // Valid MFA on a sign-in page: the post-sign-in redirect (spec 000 §4).
  if (status === 'full') return <Navigate to={postSignIn} replace />;

  const effectiveEmail = knownEmail && !differentUser ? knownEmail : email.trim();

  const onSubmit = (e: FormEvent): void => {
    e.preventDefault();
    if (!canSubmitSignIn(effectiveEmail, password) || submitting) return;
    setSubmitting(true);
    setError(null);
    runBotCheck()
      .then((botToken) => api.signIn(effectiveEmail, password, botToken))
      .then(
        (result) => {
          setPassword('');
          setSubmitting(false);
          adopt(result);
          trackEvent('Signed In');
          // Where to go follows the session just signed in to (its organisations), not the one before.
          const next = isMultiFactorValid(result.session, Date.now())
            ? postSignInTarget(returnUrl, result.session)
            : withReturnUrl('/mfa', returnUrl);
          void navigate(next, { replace: true });
        },
        (err: unknown) => {
          setPassword('');
          setSubmitting(false);
          trackEvent('Sign In Failed');
          if (err instanceof BotCheckError) return setError({ text: err.text, reload: true });
          const code = errorCode(err);
          setError({ text: signInErrorText(code), reload: RELOAD_CODES.has(code) });
        },
      );
  };

  if (endedSingleOrg && !directLogin) {
    return (
      <Page title="Sign In">
        <EmrSignedOutCard onDirectLogin={() => setDirectLogin(true)} />
      </Page>
    );
  }

  return (
    <Page title="Sign In">
      <ClockGate>
        <Stack gap="md" data-testid="signin-form" maw={420}>
          <Text>
            No account?{' '}
            <Anchor component={Link} to={withReturnUrl('/signup', returnUrl)}>
              Sign up instead
            </Anchor>
          </Text>
          <form onSubmit={onSubmit}>
            <Stack gap="sm">
              {knownEmail && !differentUser ? (
                <Card withBorder padding="sm">
                  <TextInput label="Email Address" value={knownEmail} readOnly />
                  <Text size="sm" mt="xs">
                    {AUTH_TEXTS.reenterPassword}
                  </Text>
                  <Button variant="subtle" size="xs" mt="xs" w="fit-content" onClick={() => setDifferentUser(true)}>
                    Sign in as different user
                  </Button>
                </Card>
              ) : (
                <TextInput
                  label="Email Address"
                  type="email"
                  autoComplete="username"
                  value={email}
                  onChange={(e) => setEmail(e.currentTarget.value)}
                />
              )}
              <PasswordInput
                label="Password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
              />
              {error && (
                <Alert color="red" role="alert">
                  <Stack gap="xs">
                    <Text size="sm">{error.text}</Text>
                    {error.reload && (
                      <Button size="xs" w="fit-content" onClick={() => window.location.reload()}>
                        Reload page
                      </Button>
                    )}
                  </Stack>
                </Alert>
              )}
              <Group>
                <Button type="submit" loading={submitting} disabled={!canSubmitSignIn(effectiveEmail, password)}>
                  Sign In
                </Button>
                {submitting && <Text>{AUTH_TEXTS.signingIn}</Text>}
              </Group>
            </Stack>
          </form>
          <Text>
            Forgot your password?{' '}
            <Anchor component={Link} to={forgotPasswordHref(pathname)}>
              Recover Password
            </Anchor>
          </Text>
        </Stack>
      </ClockGate>
    </Page>
  );
}
