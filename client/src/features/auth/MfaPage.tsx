import { Alert, Anchor, Button, Group, Loader, Radio, Stack, Text, TextInput } from '@mantine/core';
import { AUTH_TEXTS, codeErrorText, formatPhoneForDisplay, toE164Guess } from '@vigil/shared';
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { LEGAL_LINKS } from '../../ui/legal.js';
import { Page } from '../../ui/Page.js';
import { usePostSignInPath, useReturnUrl } from '../../session/guards.js';
import { postSignInTarget } from '../../session/navigation.js';
import { useSession } from '../../session/SessionProvider.js';
import * as api from '../../session/api.js';
import { CodeForm } from '../../session/CodeForm.js';
import { errorCode } from '../../session/errors.js';
import { forgetSentCode, rememberSentCode, stillValidSentCode, type SentCode } from './sentCode.js';

type Step = 'ready' | 'sending' | 'sent';

/**
 * /mfa (spec 000 §2, §4): 'Verify Account' when an MFA option is set up (a code to it), else
 * 'Set up Account Verification' (email or SMS). Flow: ready, sending, sent, verified; a send
 * failure returns to ready with an error. Sign Out goes to /signin.
 */
export function MfaPage(): ReactNode {
  const navigate = useNavigate();
  const { status, user, session, adopt, signOut } = useSession();
  const postSignIn = usePostSignInPath();
  const returnUrl = useReturnUrl();
  const verified = user?.mfa.filter((o) => o.verified) ?? [];
  const setUp = verified.length > 0;
  const [channel, setChannel] = useState<'email' | 'sms'>('email');
  const [phone, setPhone] = useState('');
  // This session's code for this user, sent less than 10 minutes ago (in another tab, or before a
  // reload): the code entry, not 'Send code' again (issue 25).
  const who = user && session ? { userId: user.id, session: session.sessionRenewedAt } : null;
  const [sentTo, setSentTo] = useState<SentCode | null>(() =>
    who ? stillValidSentCode(localStorage, who, Date.now()) : null,
  );
  const [step, setStep] = useState<Step>(() => (sentTo ? 'sent' : 'ready'));
  // The session arrived after the first render (it was still being read): look again once.
  const whoKey = who ? `${who.userId}|${who.session}` : null;
  useEffect(() => {
    if (whoKey === null) return;
    const [userId = '', renewed = ''] = whoKey.split('|');
    const remembered = stillValidSentCode(localStorage, { userId, session: Number(renewed) }, Date.now());
    if (!remembered) return;
    setSentTo((current) => current ?? remembered);
    setStep((current) => (current === 'ready' ? 'sent' : current));
  }, [whoKey]);
  const [error, setError] = useState<string | null>(null);

  if (status === 'full') return <Navigate to={postSignIn} replace />;
  if (status === 'undetermined') return <Loader aria-label="Loading" m="xl" />;
  if (status !== 'partial' || !user) return <Navigate to="/signin" replace />;

  const target: { to: string; channel: 'email' | 'sms' } = setUp
    ? { to: verified[0]!.to, channel: verified[0]!.channel }
    : channel === 'email'
      ? { to: user.email, channel: 'email' }
      : { to: toE164Guess(phone), channel: 'sms' };

  const send = (): void => {
    setStep('sending');
    setError(null);
    api.sendMfaVerification(target.to, target.channel, false).then(
      () => {
        if (who) rememberSentCode(localStorage, who, target, Date.now());
        setSentTo(target);
        setStep('sent');
      },
      (err: unknown) => {
        setError(codeErrorText(errorCode(err)));
        setStep('ready');
      },
    );
  };

  const verify = async (code: string): Promise<void> => {
    const result = await api.verifyMfaCode(sentTo!.to, sentTo!.channel, code, false);
    forgetSentCode(localStorage);
    adopt(result);
    // The verified session's organisations decide where to go (spec 000 §4 post-sign-in redirect).
    void navigate(postSignInTarget(returnUrl, result.session), { replace: true });
  };

  const shown = (t: { to: string; channel: 'email' | 'sms' }): string =>
    t.channel === 'sms' ? formatPhoneForDisplay(t.to) : t.to;

  return (
    <Page title={setUp ? AUTH_TEXTS.mfaVerifyTitle : AUTH_TEXTS.mfaSetupTitle}>
      <Stack gap="md" maw={480}>
        {setUp ? (
          <Text>{AUTH_TEXTS.mfaVerifyText}</Text>
        ) : (
          <Text>
            Vigil holds patient health information, so HIPAA requires us to verify it is really you when you log in.
            Choose where we send your verification codes.{' '}
            <Anchor href={LEGAL_LINKS.trust} target="_blank" rel="noreferrer">
              Trust dashboard
            </Anchor>
          </Text>
        )}
        {step !== 'sent' ? (
          <Stack gap="sm">
            {setUp ? (
              <Text>
                We will send a code to <strong>{shown(target)}</strong>.
              </Text>
            ) : (
              <>
                <Radio.Group
                  label="Send codes by"
                  value={channel}
                  onChange={(v) => setChannel(v === 'sms' ? 'sms' : 'email')}
                >
                  <Group mt="xs">
                    <Radio value="email" label={`Email (${user.email})`} />
                    <Radio value="sms" label="Text message (SMS)" />
                  </Group>
                </Radio.Group>
                {channel === 'sms' && (
                  <TextInput
                    label="Mobile phone number"
                    description="CAN, USA, GBR or AUS"
                    type="tel"
                    value={phone}
                    onChange={(e) => setPhone(e.currentTarget.value)}
                    autoComplete="tel"
                  />
                )}
              </>
            )}
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <Button
              onClick={send}
              loading={step === 'sending'}
              disabled={!setUp && channel === 'sms' && phone.trim() === ''}
              w="fit-content"
            >
              Send code
            </Button>
          </Stack>
        ) : (
          <Stack gap="sm">
            <Text>
              We sent a 6-digit code to <strong>{shown(sentTo!)}</strong>.
            </Text>
            <CodeForm onSubmit={verify} />
            <Anchor component="button" type="button" onClick={send} w="fit-content">
              Send a new code
            </Anchor>
          </Stack>
        )}
        <Button
          variant="default"
          w="fit-content"
          onClick={() => {
            forgetSentCode(localStorage);
            void signOut().finally(() => window.location.assign('/signin'));
          }}
        >
          Sign Out
        </Button>
      </Stack>
    </Page>
  );
}
