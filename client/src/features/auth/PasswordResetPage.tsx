import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { AUTH_TEXTS, MIN_PASSWORD_LENGTH } from '@vigil/shared';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Page } from '../../ui/Page.js';
import * as api from '../../session/api.js';
import { errorCode } from '../../session/errors.js';

type State = 'verifying' | 'verified' | 'failed' | 'resetting' | 'complete' | 'resetFailed';

/**
 * /password-reset?code= (spec 000 §4): code received → verified (email shown) or failed →
 * resetting → complete or failed, with 'Could not verify password reset code' and
 * 'Failed to reset password'.
 */
export function PasswordResetPage(): ReactNode {
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const [state, setState] = useState<State>('verifying');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [hint, setHint] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    api.verifyPasswordResetCode(code).then(
      (address) => {
        if (cancelled) return;
        setEmail(address);
        setState('verified');
      },
      () => {
        if (!cancelled) setState('failed');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [code]);

  const onSubmit = (e: FormEvent): void => {
    e.preventDefault();
    if (password.length < MIN_PASSWORD_LENGTH) {
      setHint(AUTH_TEXTS.passwordTooShort);
      return;
    }
    setHint(null);
    setState('resetting');
    api.confirmPasswordReset(code, password).then(
      () => setState('complete'),
      (err: unknown) => {
        if (errorCode(err) === 'WEAK_PASSWORD') {
          setHint('This password is too common. Please choose another.');
          setState('verified');
        } else setState('resetFailed');
      },
    );
  };

  return (
    <Page title="Reset Password">
      <Stack gap="md" maw={420}>
        {state === 'verifying' && <Text>Checking your link…</Text>}
        {state === 'failed' && (
          <Alert color="red" role="alert">
            {AUTH_TEXTS.resetCodeFailed}
          </Alert>
        )}
        {state === 'resetFailed' && (
          <Alert color="red" role="alert">
            {AUTH_TEXTS.resetFailed}
          </Alert>
        )}
        {state === 'complete' && (
          <Alert color="green" role="status">
            Your password has been reset. <Link to="/signin">Sign in</Link> with your new password.
          </Alert>
        )}
        {(state === 'verified' || state === 'resetting') && (
          <form onSubmit={onSubmit}>
            <Stack gap="sm">
              <Text>
                Choose a new password for <strong>{email}</strong>.
              </Text>
              <PasswordInput
                label="New Password"
                description="Minimum of 8 characters"
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                autoComplete="new-password"
                error={hint ?? undefined}
              />
              <Button type="submit" loading={state === 'resetting'} w="fit-content">
                Reset password
              </Button>
            </Stack>
          </form>
        )}
        {(state === 'failed' || state === 'resetFailed') && (
          <Anchor component={Link} to="/forgot-password">
            Send a new link
          </Anchor>
        )}
      </Stack>
    </Page>
  );
}
