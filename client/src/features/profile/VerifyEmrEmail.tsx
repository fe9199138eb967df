import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { codeErrorText } from '@vigil/shared';
import { useState, type ReactNode } from 'react';
import * as api from '../../session/api.js';
import { CodeForm } from '../../session/CodeForm.js';
import { errorCode } from '../../session/errors.js';
import { ACCOUNT_MODALS, hashModalHref } from '../../session/hashModal.js';
import { useSession } from '../../session/SessionProvider.js';
import { canVerifyEmrEmail, emrEmailChangesSignIn } from './emrEmail.js';

export interface VerifyEmrEmailProps {
  onClose: () => void;
  /** The server asked for sudo again (it lapsed meanwhile): the host confirms identity anew. */
  onSudoRequired: () => void;
}

/** Our texts (spec 000 gives the modal's name only). */
export const EMR_EMAIL_TEXTS = {
  emailTaken: 'Another Vigil account signs in with this email address.',
  noEmrEmail: 'There is no EMR email to verify on this account.',
} as const;

/**
 * The text of a refused send or check: the address taken by another account, no EMR email on the
 * account (the server's NOT_FOUND: the one shown before too), else the code texts (spec 000 §5).
 */
export function emrEmailErrorText(code: string): string {
  if (code === 'EMAIL_TAKEN') return EMR_EMAIL_TEXTS.emailTaken;
  if (code === 'NOT_FOUND') return EMR_EMAIL_TEXTS.noEmrEmail;
  return codeErrorText(code);
}

/**
 * `#verifyEmrEmail` (spec 000 §2, §6): a code to the address the EMR named the user by, then that
 * address is the verified sign-in email, for signing in directly (with a password, added here
 * when the account has none, or a reset link).
 */
export function VerifyEmrEmail({ onClose, onSudoRequired }: VerifyEmrEmailProps): ReactNode {
  const { user, adopt } = useSession();
  const [sent, setSent] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!user) return null;
  const emrEmail = user.emrEmail;

  if (done)
    return (
      <Stack gap="sm">
        <Text role="status">You can now sign in to Vigil directly with {done}.</Text>
        <Group>
          {!user.hasPw && (
            <Anchor href={hashModalHref(ACCOUNT_MODALS.updatePassword)} mih={44}>
              Add a password
            </Anchor>
          )}
          <Button onClick={onClose} w="fit-content" mih={44}>
            Done
          </Button>
        </Group>
      </Stack>
    );
  if (!emrEmail || !canVerifyEmrEmail(user))
    return (
      <Stack gap="sm">
        <Text>{EMR_EMAIL_TEXTS.noEmrEmail}</Text>
        <Button onClick={onClose} w="fit-content" mih={44}>
          Close
        </Button>
      </Stack>
    );

  const send = (): void => {
    setError(null);
    setBusy(true);
    api.sendEmrEmailVerification().then(
      () => {
        setBusy(false);
        setSent(true);
      },
      (err: unknown) => {
        setBusy(false);
        if (errorCode(err) === 'SUDO_REQUIRED') onSudoRequired();
        else setError(emrEmailErrorText(errorCode(err)));
      },
    );
  };

  return (
    <Stack gap="sm">
      <Text>
        Your EMR signs you in to Vigil as {emrEmail}. Verify this address to sign in to Vigil directly as well.
      </Text>
      {emrEmailChangesSignIn(user) && <Text>It will replace {user.email} as your sign-in email.</Text>}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {sent ? (
        <>
          <Text>We sent a 6-digit code to {emrEmail}.</Text>
          <CodeForm
            errorText={emrEmailErrorText}
            onSubmit={async (code) => {
              const verified = await api.verifyEmrEmailCode(code);
              adopt({ user: verified });
              setDone(verified.email);
            }}
          />
          <Anchor component="button" type="button" onClick={send} w="fit-content" mih={44}>
            Send a new code
          </Anchor>
        </>
      ) : (
        <Group>
          <Button onClick={send} loading={busy} mih={44}>
            Send code
          </Button>
          <Button variant="default" onClick={onClose} mih={44}>
            Cancel
          </Button>
        </Group>
      )}
    </Stack>
  );
}
