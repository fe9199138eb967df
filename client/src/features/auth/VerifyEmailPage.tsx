import { Alert, Button, Stack, Text } from '@mantine/core';
import { AUTH_TEXTS, VERIFIED_EMAIL_REDIRECT_MS } from '@vigil/shared';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { NotFound } from '../../ui/NotFound.js';
import { Page } from '../../ui/Page.js';
import { useReturnUrl } from '../../session/guards.js';
import { withReturnUrl } from '../../session/identity.js';
import { useSession } from '../../session/SessionProvider.js';
import * as api from '../../session/api.js';
import { CodeForm } from '../../session/CodeForm.js';
import { errorCode } from '../../session/errors.js';

/**
 * 'Email Verified' and the redirect to / after 2.5 seconds (spec 000 §2, §9). An accepted
 * returnUrl (spec 000 §5) goes along, so / sends the user on to /mfa and then back there.
 */
function EmailVerified(): ReactNode {
  const navigate = useNavigate();
  const next = withReturnUrl('/', useReturnUrl());
  useEffect(() => {
    const timer = window.setTimeout(() => void navigate(next, { replace: true }), VERIFIED_EMAIL_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, next]);
  return (
    <Page title={AUTH_TEXTS.emailVerifiedTitle}>
      <Text>{AUTH_TEXTS.emailVerifiedSuccess}</Text>
      <Text>{AUTH_TEXTS.emailVerifiedRedirecting}</Text>
      <Button component={Link} to={next} replace w="fit-content">
        Continue
      </Button>
    </Page>
  );
}

/**
 * /verify-email (spec 000 §2): sends a code to the user's email when opened (a refresh resends),
 * code entry, 'Didn't get the email?' help; once verified, the success page. No user: not found.
 */
export function VerifyEmailPage(): ReactNode {
  const { status, user, adopt } = useSession();
  const [sendError, setSendError] = useState<string | null>(null);
  const sent = useRef(false);
  const needsCode = user !== null && !user.emailVerified && (status === 'partial' || status === 'full');

  useEffect(() => {
    if (!needsCode || sent.current) return;
    sent.current = true;
    api.sendEmailVerification().catch((err: unknown) => setSendError(errorCode(err)));
  }, [needsCode]);

  if (status === 'undetermined') return null;
  if (!user || status === 'none' || status === 'expired') return <NotFound />;
  if (user.emailVerified) return <EmailVerified />;

  return (
    <Page title="Verify your email">
      <Stack gap="md" maw={480}>
        <Text>
          We sent a 6-digit code to <strong>{user.email}</strong>. Enter it below to verify your email address.
        </Text>
        {sendError && (
          <Alert color="red" role="alert">
            {sendError === 'TOO_MANY_REQUESTS' ? AUTH_TEXTS.tooManyRequests : AUTH_TEXTS.unknownError}
          </Alert>
        )}
        <CodeForm
          onSubmit={async (code) => {
            adopt({ user: await api.verifyEmailCode(code) });
          }}
        />
        <Stack gap={4}>
          <Text fw={600}>Didn&apos;t get the email?</Text>
          <Text size="sm">
            Check that {user.email} is right and look in your spam folder. If the address is wrong, update it on your{' '}
            <Link to="/profile">profile page</Link>. Refresh this page to send a new code.
          </Text>
        </Stack>
      </Stack>
    </Page>
  );
}

/** /verify-email-code?verifyCode= (spec 000 §2): verifies the code from an emailed link. */
export function VerifyEmailCodePage(): ReactNode {
  const { status, user, adopt } = useSession();
  const [params] = useSearchParams();
  const code = params.get('verifyCode') ?? '';
  const [state, setState] = useState<'verifying' | 'failed'>('verifying');
  const tried = useRef(false);
  const signedIn = status === 'partial' || status === 'full';

  useEffect(() => {
    if (!signedIn || tried.current || user?.emailVerified) return;
    tried.current = true;
    api.verifyEmailCode(code).then(
      (u) => adopt({ user: u }),
      () => setState('failed'),
    );
  }, [signedIn, code, adopt, user?.emailVerified]);

  if (status === 'undetermined') return null;
  if (!signedIn || !user) return <NotFound />;
  if (user.emailVerified) return <EmailVerified />;
  return (
    <Page title="Verify your email">
      {state === 'verifying' ? (
        <Text>Verifying…</Text>
      ) : (
        <Alert color="red" role="alert">
          {AUTH_TEXTS.codeMismatch} <Link to="/verify-email">Get a new code</Link>
        </Alert>
      )}
    </Page>
  );
}
