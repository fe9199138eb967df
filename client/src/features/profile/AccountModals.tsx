import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { codeErrorText, formatPhoneForDisplay, isSudoValid, toE164Guess } from '@vigil/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ACCOUNT_MODALS, parseHashModal } from '../../session/hashModal.js';
import { useSession } from '../../session/SessionProvider.js';
import * as api from '../../session/api.js';
import { ChangePasswordForm } from '../auth/index.js';
import { CodeForm } from '../../session/CodeForm.js';
import { errorCode } from '../../session/errors.js';
import { SudoConfirm } from '../../session/SudoConfirm.js';
import { emrEmailChangesSignIn } from './emrEmail.js';
import { VerifyEmrEmail } from './VerifyEmrEmail.js';

type Channel = 'sms' | 'email';

/**
 * Confirms identity in place before a sensitive change (spec 000 §6) when the session has no
 * valid sudo and the user has a verified option to confirm with; then shows the change.
 */
function WithSudo({ children, onCancel }: { children: ReactNode; onCancel: () => void }): ReactNode {
  const { user, session } = useSession();
  const [, confirmed] = useState(0);
  if (!user || !session) return null;
  const needsSudo = user.mfa.some((o) => o.verified) && !isSudoValid(session, Date.now());
  if (needsSudo) return <SudoConfirm onConfirmed={() => confirmed((n) => n + 1)} onCancel={onCancel} />;
  return children;
}

/** `#updatePassword`: confirm identity, then the new-password form (spec 000 §2, §6). */
function UpdatePassword({ onClose }: { onClose: () => void }): ReactNode {
  const [sudoLapsed, setSudoLapsed] = useState(0);
  return (
    <WithSudo key={sudoLapsed} onCancel={onClose}>
      <ChangePasswordForm onSudoRequired={() => setSudoLapsed((n) => n + 1)} />
    </WithSudo>
  );
}

/**
 * `#verifyEmrEmail`: confirm identity first when the EMR email would replace the sign-in email
 * (spec 000 §6 sensitive change), then the code to the EMR email.
 */
function VerifyEmrEmailWithSudo({ onClose }: { onClose: () => void }): ReactNode {
  const { user } = useSession();
  const [sudoLapsed, setSudoLapsed] = useState(0);
  // Decided once: once verified the sign-in email is the EMR email, and the confirmation shown stays.
  const [changesSignIn] = useState(() => user !== null && emrEmailChangesSignIn(user));
  const form = <VerifyEmrEmail onClose={onClose} onSudoRequired={() => setSudoLapsed((n) => n + 1)} />;
  if (!changesSignIn) return form;
  return (
    <WithSudo key={sudoLapsed} onCancel={onClose}>
      {form}
    </WithSudo>
  );
}

function describe(channel: Channel, to: string): string {
  return channel === 'sms' ? `text message to ${formatPhoneForDisplay(to)}` : `email to ${to}`;
}

/**
 * `#updateMfaChannelTo={"channel":"sms"|"email"}`: replaces the account's verification options by
 * one of the given channel. Confirm identity, verify the new option with a code (unless it is
 * already verified), then remove every other option. The server audits each step.
 */
function UpdateMfaChannel({ channel, onClose }: { channel: Channel; onClose: () => void }): ReactNode {
  const { user, adopt } = useSession();
  const [phone, setPhone] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [doneTo, setDoneTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!user) return null;

  /** Keeps only the option (channel, to): removes every other one. */
  const keepOnly = async (to: string, options: api.User['mfa']): Promise<void> => {
    let latest: api.User | null = null;
    for (const o of options) {
      if (o.channel === channel && o.to === to) continue;
      latest = await api.removeMfaOption(o.to, o.channel);
    }
    if (latest) adopt({ user: latest });
    setDoneTo(to);
  };

  const start = (e: FormEvent): void => {
    e.preventDefault();
    setError(null);
    const to = channel === 'sms' ? toE164Guess(phone) : user.email;
    setBusy(true);
    const already = user.mfa.some((o) => o.verified && o.channel === channel && o.to === to);
    const work = already
      ? keepOnly(to, user.mfa)
      : api.sendMfaVerification(to, channel, false).then(() => setSentTo(to));
    work.then(
      () => setBusy(false),
      (err: unknown) => {
        setBusy(false);
        setError(codeErrorText(errorCode(err)));
      },
    );
  };

  if (doneTo)
    return (
      <Stack gap="sm">
        <Text role="status">Verification codes now go by {describe(channel, doneTo)}.</Text>
        <Button onClick={onClose} w="fit-content" mih={44}>
          Done
        </Button>
      </Stack>
    );
  if (sentTo)
    return (
      <Stack gap="sm">
        <Text>We sent a 6-digit code to {channel === 'sms' ? formatPhoneForDisplay(sentTo) : sentTo}.</Text>
        <CodeForm
          onSubmit={async (code) => {
            const result = await api.verifyMfaCode(sentTo, channel, code, false);
            adopt(result);
            await keepOnly(sentTo, result.user.mfa);
          }}
        />
      </Stack>
    );
  return (
    <form onSubmit={start}>
      <Stack gap="sm">
        <Text>
          {channel === 'sms'
            ? 'Verification codes will go by text message to this number instead of your other options.'
            : `Verification codes will go by email to ${user.email} instead of your other options.`}
        </Text>
        {channel === 'sms' && (
          <TextInput
            label="Mobile number"
            description="CAN, USA, GBR or AUS"
            type="tel"
            value={phone}
            onChange={(e) => setPhone(e.currentTarget.value)}
            autoComplete="tel"
            data-autofocus
          />
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={busy} disabled={channel === 'sms' && phone.trim() === ''} mih={44}>
            Continue
          </Button>
          <Button variant="default" onClick={onClose} mih={44}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The account area's modals opened through the URL hash (spec 000 §2): updatePassword,
 * updateMfaChannelTo (props {"channel": "sms" | "email"}) and verifyEmrEmail. Closing removes the hash.
 */
export function AccountHashModals(): ReactNode {
  const { hash, pathname, search } = useLocation();
  const navigate = useNavigate();
  const { status } = useSession();
  const modal = parseHashModal(hash);
  if (!modal || status !== 'full') return null;
  const close = (): void => void navigate(`${pathname}${search}`, { replace: true });
  switch (modal.name) {
    case ACCOUNT_MODALS.updatePassword:
      return (
        <Modal opened onClose={close} title="Change Password" centered>
          <UpdatePassword onClose={close} />
        </Modal>
      );
    case ACCOUNT_MODALS.updateMfaChannelTo: {
      const channel = modal.props.channel;
      if (channel !== 'sms' && channel !== 'email') return null;
      return (
        <Modal
          opened
          onClose={close}
          title={channel === 'sms' ? 'Use text messages for verification' : 'Use email for verification'}
          centered
        >
          <WithSudo onCancel={close}>
            <UpdateMfaChannel channel={channel} onClose={close} />
          </WithSudo>
        </Modal>
      );
    }
    case ACCOUNT_MODALS.verifyEmrEmail:
      return (
        <Modal opened onClose={close} title="Verify EMR email" centered>
          <VerifyEmrEmailWithSudo onClose={close} />
        </Modal>
      );
    default:
      return null;
  }
}
