import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { AUTH_TEXTS, isSudoValid, MIN_PASSWORD_LENGTH } from '@vigil/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Page } from '../../ui/Page.js';
import { withReturnUrl } from '../../session/identity.js';
import { useSession } from '../../session/SessionProvider.js';
import * as api from '../../session/api.js';
import { errorCode } from '../../session/errors.js';

export interface ChangePasswordFormProps {
  /** The password was changed (the session adopted its new token). */
  onChanged?: () => void;
  /** The server asked for sudo (it lapsed meanwhile). */
  onSudoRequired: () => void;
}

/** The new-password form of /change-password and the updatePassword modal (spec 000 §2, §5, §6). */
export function ChangePasswordForm({ onChanged, onSudoRequired }: ChangePasswordFormProps): ReactNode {
  const { adopt } = useSession();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [state, setState] = useState<'editing' | 'saving' | 'done'>('editing');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (e: FormEvent): void => {
    e.preventDefault();
    if (password.length < MIN_PASSWORD_LENGTH) return setError(AUTH_TEXTS.passwordTooShort);
    if (password !== confirm) return setError('The passwords do not match.');
    setError(null);
    setState('saving');
    api.changePassword(password).then(
      (result) => {
        adopt(result);
        setState('done');
        onChanged?.();
      },
      (err: unknown) => {
        const code = errorCode(err);
        setState('editing');
        if (code === 'SUDO_REQUIRED') return onSudoRequired();
        setError(
          code === 'WEAK_PASSWORD' ? 'This password is too common. Please choose another.' : AUTH_TEXTS.unknownError,
        );
      },
    );
  };

  if (state === 'done')
    return (
      <Alert color="green" role="status">
        Your password has been changed. Other devices have been signed out.
      </Alert>
    );
  return (
    <form onSubmit={onSubmit}>
      <Stack gap="sm" maw={420}>
        <PasswordInput
          label="New Password"
          description="Minimum of 8 characters"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          autoComplete="new-password"
        />
        <PasswordInput
          label="Confirm New Password"
          value={confirm}
          onChange={(e) => setConfirm(e.currentTarget.value)}
          autoComplete="new-password"
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" loading={state === 'saving'} w="fit-content" mih={44}>
          Change password
        </Button>
      </Stack>
    </form>
  );
}

/**
 * /change-password (spec 000 §2, §6): a sensitive change, so it needs a fresh sudo first (the
 * /sudo page, returning here). Other sessions end; this one stays signed in.
 */
export function ChangePasswordPage(): ReactNode {
  const navigate = useNavigate();
  const { user, session } = useSession();
  const [changed, setChanged] = useState(false);
  const needsSudo = !!user && user.mfa.some((o) => o.verified) && !!session && !isSudoValid(session, Date.now());

  if (needsSudo && !changed) return <Navigate to={withReturnUrl('/sudo', '/change-password')} replace />;

  return (
    <Page title="Change Password">
      <ChangePasswordForm
        onChanged={() => setChanged(true)}
        onSudoRequired={() => void navigate(withReturnUrl('/sudo', '/change-password'), { replace: true })}
      />
    </Page>
  );
}
