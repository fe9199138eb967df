import { Alert, Button, Stack, Text } from '@mantine/core';
import { AUTH_TEXTS, codeErrorText, formatPhoneForDisplay, isSudoValid } from '@vigil/shared';
import { useState, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Page } from '../../app/Page.js';
import { useReturnUrl } from '../../app/session/guards.js';
import { useSession } from '../../app/session/SessionProvider.js';
import * as api from './api.js';
import { CodeForm } from './CodeForm.js';
import { errorCode } from './errors.js';

/**
 * /sudo?returnUrl= (spec 000 §2, §4): 'Confirm your identity', the signed-in user, the warning,
 * and a code sent to the user's first verified MFA option; a correct code returns to returnUrl.
 */
export function SudoPage(): ReactNode {
  const navigate = useNavigate();
  const { user, session, adopt, refresh } = useSession();
  const returnUrl = useReturnUrl() ?? '/profile';
  const [step, setStep] = useState<'ready' | 'sending' | 'sent'>('ready');
  const [error, setError] = useState<string | null>(null);
  if (!user || !session) return null;
  if (isSudoValid(session, Date.now())) return <Navigate to={returnUrl} replace />;
  const option = user.mfa.find((o) => o.verified);

  const send = (): void => {
    setStep('sending');
    setError(null);
    api.sendMfaVerification(option?.to ?? user.email, option?.channel ?? 'email', true).then(
      () => {
        if (!option) {
          // No verified option: sudo was skipped (spec 000 §6).
          void refresh().then(() => navigate(returnUrl, { replace: true }));
          return;
        }
        setStep('sent');
      },
      (err: unknown) => {
        setError(codeErrorText(errorCode(err)));
        setStep('ready');
      },
    );
  };

  return (
    <Page title={AUTH_TEXTS.sudoTitle}>
      <Stack gap="md" maw={480}>
        <Text>
          Signed in as <strong>{user.name}</strong> ({user.email})
        </Text>
        <Alert color="orange">{AUTH_TEXTS.sudoWarning}</Alert>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {step === 'sent' && option ? (
          <>
            <Text>
              We sent a 6-digit code to{' '}
              <strong>{option.channel === 'sms' ? formatPhoneForDisplay(option.to) : option.to}</strong>.
            </Text>
            <CodeForm
              submitLabel="Confirm"
              onSubmit={async (code) => {
                adopt(await api.verifyMfaCode(option.to, option.channel, code, true));
                void navigate(returnUrl, { replace: true });
              }}
            />
          </>
        ) : (
          <Button onClick={send} loading={step === 'sending'} w="fit-content">
            Send code
          </Button>
        )}
        <Button variant="default" w="fit-content" onClick={() => void navigate(-1)}>
          Cancel
        </Button>
      </Stack>
    </Page>
  );
}
