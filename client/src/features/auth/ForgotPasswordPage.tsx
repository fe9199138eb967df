import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { AUTH_TEXTS } from '@vigil/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Page } from '../../ui/Page.js';
import * as api from '../../session/api.js';
import { errorCode } from '../../session/errors.js';

/** /forgot-password (spec 000 §2, §5): email required; an unknown user gets 'No user found for that email address.' */
export function ForgotPasswordPage(): ReactNode {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (e: FormEvent): void => {
    e.preventDefault();
    if (email.trim() === '') {
      setError(AUTH_TEXTS.missingEmail);
      return;
    }
    setState('sending');
    setError(null);
    api.sendPasswordReset(email.trim()).then(
      () => setState('sent'),
      (err: unknown) => {
        const code = errorCode(err);
        setError(
          code === 'USER_NOT_FOUND'
            ? AUTH_TEXTS.noUserForEmail
            : code === 'TOO_MANY_REQUESTS'
              ? AUTH_TEXTS.tooManyRequests
              : code === 'INVALID_EMAIL'
                ? AUTH_TEXTS.invalidEmail
                : AUTH_TEXTS.unknownError,
        );
        setState('idle');
      },
    );
  };

  return (
    <Page title="Forgot Password">
      <Stack gap="md" maw={420}>
        {state === 'sent' ? (
          <Alert color="green" role="status">
            We sent a link to reset your password to {email.trim()}. It works once, for one hour.
          </Alert>
        ) : (
          <form onSubmit={onSubmit}>
            <Stack gap="sm">
              <Text>Enter your email address and we will send you a link to choose a new password.</Text>
              <TextInput
                label="Email Address"
                type="email"
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
                autoComplete="email"
              />
              {error && (
                <Alert color="red" role="alert">
                  {error}
                </Alert>
              )}
              <Button type="submit" loading={state === 'sending'} w="fit-content">
                Send reset link
              </Button>
            </Stack>
          </form>
        )}
        <Anchor component={Link} to="/signin">
          Back to sign in
        </Anchor>
      </Stack>
    </Page>
  );
}
