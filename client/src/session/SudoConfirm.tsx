import { Alert, Button, Stack, Text } from '@mantine/core';
import { AUTH_TEXTS, codeErrorText, formatPhoneForDisplay } from '@vigil/shared';
import { useState, type ReactNode } from 'react';
import { useSession } from './SessionProvider.js';
import * as api from './api.js';
import { CodeForm } from './CodeForm.js';
import { errorCode } from './errors.js';

export interface SudoConfirmProps {
  /** Sudo is now valid (a correct code, or skipped for a user with no verified MFA option). */
  onConfirmed: () => void;
  onCancel: () => void;
}

/**
 * Confirming identity for a sensitive action (spec 000 §2, §4, §6): the signed-in user, the
 * warning, a code sent to the user's first verified MFA option, and Cancel. Used by the /sudo
 * page and the sudoMfa modal.
 */
export function SudoConfirm({ onConfirmed, onCancel }: SudoConfirmProps): ReactNode {
  const { user, adopt, refresh } = useSession();
  const [step, setStep] = useState<'ready' | 'sending' | 'sent'>('ready');
  const [error, setError] = useState<string | null>(null);
  if (!user) return null;
  const option = user.mfa.find((o) => o.verified) ?? null;

  const send = (): void => {
    setStep('sending');
    setError(null);
    api.sendMfaVerification(option?.to ?? user.email, option?.channel ?? 'email', true).then(
      () => {
        if (!option) {
          // No verified option: sudo was skipped (spec 000 §6).
          void refresh().then(onConfirmed);
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
              onConfirmed();
            }}
          />
        </>
      ) : (
        <Button onClick={send} loading={step === 'sending'} w="fit-content">
          Send code
        </Button>
      )}
      <Button variant="default" w="fit-content" onClick={onCancel}>
        Cancel
      </Button>
    </Stack>
  );
}
