import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { AUTH_TEXTS, codeErrorText, signUpErrorText, toE164Guess } from '@vigil/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../session/SessionProvider.js';
import { ERROR_SUDO_CANCELLED, useSudo } from '../../session/SudoProvider.js';
import * as api from '../../session/api.js';
import { CodeForm } from '../../session/CodeForm.js';
import { errorCode } from '../../session/errors.js';

function cancelled(err: unknown): boolean {
  return err instanceof Error && err.message === ERROR_SUDO_CANCELLED;
}

/** Change the account email: a sensitive change, so sudo first (spec 000 §6); the new address is then verified. */
export function ChangeEmailForm(): ReactNode {
  const { adopt } = useSession();
  const { ensureSudo } = useSudo();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const onSubmit = (e: FormEvent): void => {
    e.preventDefault();
    if (email.trim() === '') return setError(AUTH_TEXTS.missingEmail);
    setError(null);
    setSaving(true);
    ensureSudo()
      .then(() => api.changeEmail(email.trim()))
      .then(
        (user) => {
          adopt({ user });
          void navigate('/verify-email');
        },
        (err: unknown) => {
          setSaving(false);
          if (!cancelled(err)) setError(signUpErrorText(errorCode(err)));
        },
      );
  };

  return (
    <form onSubmit={onSubmit}>
      <Stack gap="xs">
        <TextInput
          label="New email address"
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
        <Button type="submit" variant="default" loading={saving} w="fit-content">
          Change email
        </Button>
      </Stack>
    </form>
  );
}

/** The text the remove button shows for a server error (our codes; spec 000 is silent). */
function removeErrorText(code: string): string {
  return code === 'LAST_MFA_OPTION' ? 'Keep at least one way to verify your account.' : codeErrorText(code);
}

/** Removes one verification option, under sudo (spec 000 §6); the server keeps the last one. */
export function RemoveMfaOptionButton({
  channel,
  to,
  label,
}: {
  channel: 'sms' | 'email';
  to: string;
  label: string;
}): ReactNode {
  const { adopt } = useSession();
  const { ensureSudo } = useSudo();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = (): void => {
    setBusy(true);
    setError(null);
    ensureSudo()
      .then(() => api.removeMfaOption(to, channel))
      .then(
        (user) => {
          setBusy(false);
          adopt({ user });
        },
        (err: unknown) => {
          setBusy(false);
          if (!cancelled(err)) setError(removeErrorText(errorCode(err)));
        },
      );
  };
  return (
    <>
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        mih={44}
        loading={busy}
        onClick={remove}
        aria-label={`Remove ${label}`}
      >
        Remove
      </Button>
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
    </>
  );
}

/** Adds an SMS verification option (spec 000 §3, §5: CAN, USA, GBR, AUS), under sudo when another option exists. */
export function AddSmsOption(): ReactNode {
  const { adopt } = useSession();
  const { ensureSudo } = useSudo();
  const [phone, setPhone] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const send = (e: FormEvent): void => {
    e.preventDefault();
    setError(null);
    const to = toE164Guess(phone);
    ensureSudo()
      .then(() => api.sendMfaVerification(to, 'sms', false))
      .then(
        () => setSentTo(to),
        (err: unknown) => {
          if (!cancelled(err)) setError(codeErrorText(errorCode(err)));
        },
      );
  };

  if (done) return <Text c="green">Text message verification added.</Text>;
  if (sentTo)
    return (
      <CodeForm
        onSubmit={async (code) => {
          adopt(await api.verifyMfaCode(sentTo, 'sms', code, false));
          setDone(true);
        }}
      />
    );
  return (
    <form onSubmit={send}>
      <Stack gap="xs">
        <Group align="end">
          <TextInput
            label="Add a mobile number for text-message codes"
            description="CAN, USA, GBR or AUS"
            type="tel"
            value={phone}
            onChange={(e) => setPhone(e.currentTarget.value)}
            autoComplete="tel"
          />
          <Button type="submit" variant="default" disabled={phone.trim() === ''}>
            Send code
          </Button>
        </Group>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
      </Stack>
    </form>
  );
}
