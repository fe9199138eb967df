import { Alert, Anchor, Badge, Button, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { AUTH_TEXTS, formatPhoneForDisplay } from '@vigil/shared';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Page } from '../../ui/Page.js';
import { useSession } from '../../session/SessionProvider.js';
import * as api from '../../session/api.js';
import { ACCOUNT_MODALS, hashModalHref } from '../../session/hashModal.js';
import { canVerifyEmrEmail } from './emrEmail.js';
import { AddSmsOption, ChangeEmailForm, RemoveMfaOptionButton } from './AccountChanges.js';
import { SignaturePad } from '../../ui/SignaturePad.js';

/** The saved signature (spec 000 §3, §6; fully authenticated users only): shown, drawn or changed with the pad, deleted. */
function SavedSignature(): ReactNode {
  const [state, setState] = useState<'loading' | 'loaded' | 'error'>('loading');
  const [signature, setSignature] = useState<{ path: string } | null>(null);
  const [editing, setEditing] = useState(false);
  const [saveError, setSaveError] = useState(false);
  const [deleteError, setDeleteError] = useState(false);

  useEffect(() => {
    let cancelled = false;
    api.fetchSignature().then(
      (s) => {
        if (cancelled) return;
        setSignature(s);
        setState('loaded');
      },
      () => {
        if (!cancelled) setState('error');
      },
    );
    return () => {
      cancelled = true;
    };
  }, []);

  if (state === 'loading') return <Text c="dimmed">Loading…</Text>;
  if (state === 'error')
    return (
      <Alert color="red" role="alert">
        {AUTH_TEXTS.signatureLoadFailed}
      </Alert>
    );
  return (
    <Stack gap="xs">
      {signature ? (
        <svg
          viewBox="0 0 660 300"
          width={330}
          height={150}
          role="img"
          aria-label="Saved signature"
          style={{ border: '1px solid #ddd' }}
        >
          <path d={signature.path} fill="none" stroke="black" strokeWidth={2} />
        </svg>
      ) : (
        <Text c="dimmed">No saved signature.</Text>
      )}
      {(saveError || deleteError) && (
        <Alert color="red" role="alert">
          {saveError ? AUTH_TEXTS.signatureSaveFailed : AUTH_TEXTS.signatureDeleteFailed}
        </Alert>
      )}
      <Group>
        <Button variant="default" w="fit-content" onClick={() => setEditing(true)}>
          {signature ? 'Change' : 'Add Signature'}
        </Button>
        {signature && (
          <Button
            variant="default"
            w="fit-content"
            onClick={() => {
              setDeleteError(false);
              api.deleteSignature().then(
                (ok) => (ok ? setSignature(null) : setDeleteError(true)),
                () => setDeleteError(true),
              );
            }}
          >
            Delete signature
          </Button>
        )}
      </Group>
      {editing && (
        <SignaturePad
          opened
          initialPath={signature?.path ?? null}
          offerSave
          defaultSave
          onClose={() => setEditing(false)}
          onSign={(path, save) => {
            setEditing(false);
            if (!save) return;
            setSaveError(false);
            api.updateSignature(path).then(
              () => setSignature({ path }),
              () => setSaveError(true),
            );
          }}
        />
      )}
    </Stack>
  );
}

/**
 * /profile and /password (spec 000 §2, §5): 'Your Profile' with the name (required; not editable
 * for a single-EMR-organisation session), the saved signature and the security section.
 */
export function ProfilePage(): ReactNode {
  const { user, session, adopt, signOut } = useSession();
  const [name, setName] = useState(user?.name ?? '');
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'error'>('idle');
  const [nameError, setNameError] = useState<string | null>(null);
  if (!user || !session) return null;
  const editable = session.singleOrg === null;
  const verifiedCount = user.mfa.filter((o) => o.verified).length;
  const hasSms = user.mfa.some((o) => o.channel === 'sms' && o.verified);
  const hasEmail = user.mfa.some((o) => o.channel === 'email' && o.verified);

  const onSubmit = (e: FormEvent): void => {
    e.preventDefault();
    if (name.trim() === '') {
      setNameError(AUTH_TEXTS.profileNameRequired);
      return;
    }
    setNameError(null);
    setState('saving');
    api.updateUserName(name.trim()).then(
      (u) => {
        adopt({ user: u });
        setState('saved');
      },
      () => setState('error'),
    );
  };

  return (
    <Page title="Your Profile">
      <Stack gap="xl" maw={560}>
        <form onSubmit={onSubmit}>
          <Stack gap="sm">
            <TextInput
              label="Name"
              value={name}
              onChange={(e) => {
                setName(e.currentTarget.value);
                setState('idle');
              }}
              disabled={!editable}
              error={nameError ?? undefined}
            />
            {state === 'error' && (
              <Alert color="red" role="alert">
                {AUTH_TEXTS.profileUpdateFailed}
              </Alert>
            )}
            <Group>
              <Button type="submit" loading={state === 'saving'} disabled={!editable}>
                Save
              </Button>
              {state === 'saved' && <Text c="green">Saved</Text>}
            </Group>
          </Stack>
        </form>
        <Stack gap="sm">
          <Title order={2} size="h4">
            Saved signature
          </Title>
          <SavedSignature />
        </Stack>
        <Stack gap="sm">
          <Title order={2} size="h4">
            Security
          </Title>
          <Group gap="xs">
            <Text>Email: {user.email}</Text>
            {user.emailVerified ? (
              // A darker green than the theme's: white text on it reads at 5.3:1 (WCAG AA).
              <Badge color="#2b7a3b">Verified</Badge>
            ) : (
              <Anchor component={Link} to="/verify-email">
                Verify email
              </Anchor>
            )}
          </Group>
          {canVerifyEmrEmail(user) && (
            <Group gap="xs">
              <Text>EMR email: {user.emrEmail}</Text>
              <Anchor href={hashModalHref(ACCOUNT_MODALS.verifyEmrEmail)} mih={44}>
                Verify EMR email
              </Anchor>
            </Group>
          )}
          <Text fw={600}>Account verification</Text>
          <List>
            {user.mfa.map((o) => {
              const label = o.channel === 'sms' ? `Text message to ${formatPhoneForDisplay(o.to)}` : `Email to ${o.to}`;
              return (
                <List.Item key={`${o.channel}:${o.to}`}>
                  <Group gap="xs">
                    <span>
                      {label}
                      {o.verified ? '' : ' (not verified)'}
                    </span>
                    {verifiedCount > 1 && <RemoveMfaOptionButton channel={o.channel} to={o.to} label={label} />}
                  </Group>
                </List.Item>
              );
            })}
          </List>
          <Group gap="md">
            <Anchor href={hashModalHref(ACCOUNT_MODALS.updateMfaChannelTo, { channel: 'sms' })} mih={44}>
              {hasSms ? 'Use a different mobile number only' : 'Use text messages only'}
            </Anchor>
            {(hasSms || !hasEmail) && (
              <Anchor href={hashModalHref(ACCOUNT_MODALS.updateMfaChannelTo, { channel: 'email' })} mih={44}>
                Use email only
              </Anchor>
            )}
          </Group>
          {!hasSms && <AddSmsOption />}
          <ChangeEmailForm />
          <Anchor href={hashModalHref(ACCOUNT_MODALS.updatePassword)} mih={44}>
            {user.hasPw ? 'Change password' : 'Add a password'}
          </Anchor>
          <Button
            variant="default"
            w="fit-content"
            onClick={() => void signOut().finally(() => window.location.assign('/signin'))}
          >
            Sign Out
          </Button>
        </Stack>
      </Stack>
    </Page>
  );
}
