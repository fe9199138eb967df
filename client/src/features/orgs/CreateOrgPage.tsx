import { Alert, Anchor, Button, Loader, NativeSelect, Radio, Stack, Text, TextInput } from '@mantine/core';
import {
  CONFIG_FEATURE_TOGGLES,
  normalizeOrgId,
  ORG_ID_TEXTS,
  ORG_FORM_TEXTS,
  ORG_TEXTS,
  ORG_TYPE_CHOICES,
  orgIdAvailabilityText,
  REFERRAL_CHOICES,
  referralAnswers,
  refusalText,
  suggestOrgId,
  type ReferralChoice,
} from '@vigil/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Page } from '../../ui/Page.js';
import { cookieValue, REFERRAL_COOKIE } from '../../session/identity.js';
import { useSession } from '../../session/SessionProvider.js';
import { errorCode } from '../../session/errors.js';
import { NotFound } from '../../ui/NotFound.js';
import { useServerInfo } from '../../session/ServerInfo.js';
import { createOnboardingOrg, createOrg } from './api.js';
import { useOrgIdAvailability } from './hooks.js';
import { storedInvitationId } from './invitation.js';
import { orgHref } from '../../session/sessionOrgs.js';
import { trackEvent } from '../../data/analyticsEvents.js';

/** Follow-up questions of the referral choices that need one (spec 000 §5; wording is ours). */
const FOLLOW_UP_LABEL: Partial<Record<ReferralChoice, string>> = {
  Referral: 'Who referred you?',
  Conference: 'Which conference?',
  Other: 'Please tell us how you heard about us',
};

/** The message for a failed createOrg (the ID texts of spec 000 §5, else spec 000 §8's general one). */
export function createOrgErrorText(code: string, orgId: string): string {
  if (code === 'ORG_ID_TAKEN') return ORG_ID_TEXTS.unavailable(orgId);
  if (code === 'INVALID_ORG_ID') return ORG_ID_TEXTS.invalid;
  return refusalText(code);
}

/**
 * `/create-org` (spec 000 §2, §4, §5): the organisation's name, its ID (normalised as typed,
 * suggested from the name until edited, checked 500 ms after the last keystroke), its type and
 * billing email (spec 001 §2 Organization form) and the referral questions. On success the new session is adopted and the go-live page opens.
 */
export function CreateOrgPage({ onboarding = false }: { onboarding?: boolean }): ReactNode {
  const { user, adopt } = useSession();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [typedId, setTypedId] = useState<string | null>(null);
  const [email, setEmail] = useState(user?.email ?? '');
  const [orgType, setOrgType] = useState<'regular' | 'parent'>('regular');
  const [choice, setChoice] = useState<ReferralChoice | null>(null);
  const [followUp, setFollowUp] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [referralCookie] = useState(() => cookieValue(document.cookie, REFERRAL_COOKIE));
  const [pendingInvitation] = useState(() => storedInvitationId() !== null);

  const orgId = typedId ?? suggestOrgId(name);
  // New-onboarding mode: the server makes the ID from the name (numbered when taken).
  const availability = useOrgIdAvailability(onboarding ? '' : orgId);
  const referral = referralAnswers({ choice, followUp, referralCookie });
  const followUpLabel = choice ? FOLLOW_UP_LABEL[choice] : undefined;
  const complete = name.trim() !== '' && (onboarding || availability === 'available') && referral.complete;

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    if (!complete || submitting) return;
    setSubmitting(true);
    setError(null);
    try {
      const input = {
        orgName: name.trim(),
        orgType,
        orgEmail: email.trim() || null,
        referredBy: referral.referredBy,
        referralType: referral.referralType,
      };
      const created = onboarding ? await createOnboardingOrg(input) : await createOrg({ orgId, ...input });
      adopt({ session: created.session });
      trackEvent('Org Created', created.orgId);
      // A parent organisation opens its Admin Dashboard; a practice goes live first.
      void navigate(
        orgType === 'parent' ? orgHref('parent', created.orgId) : `/org/${encodeURIComponent(created.orgId)}/go-live`,
      );
    } catch (err) {
      setError(createOrgErrorText(errorCode(err), orgId));
      setSubmitting(false);
    }
  };

  return (
    <Page title={ORG_TEXTS.createOrgTitle}>
      {pendingInvitation && (
        <Alert color="blue" title="You have an invitation">
          You were invited to join an organization.{' '}
          <Anchor component={Link} to="/invitation">
            Open your invitation
          </Anchor>{' '}
          instead of setting up a new one.
        </Alert>
      )}
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <TextInput
            label={ORG_FORM_TEXTS.name}
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            autoComplete="organization"
          />
          {!onboarding && (
            <TextInput
              label="Organization ID"
              description="Used in your organization's web address. Lowercase letters, numbers, - and _ only."
              required
              value={orgId}
              onChange={(e) => setTypedId(normalizeOrgId(e.currentTarget.value))}
              autoCapitalize="none"
              spellCheck={false}
              error={
                availability === 'invalid' || availability === 'unavailable'
                  ? orgIdAvailabilityText(availability, orgId)
                  : undefined
              }
            />
          )}
          {!onboarding && availability && availability !== 'invalid' && availability !== 'unavailable' && (
            <Text size="sm" c={availability === 'available' ? 'green.8' : 'dimmed'} role="status">
              {orgIdAvailabilityText(availability, orgId)}
            </Text>
          )}
          {onboarding && (
            <Text size="sm" c="dimmed">
              Your organization starts in onboarding: patients you add are test patients until you go live.
            </Text>
          )}
          <NativeSelect
            label={ORG_FORM_TEXTS.type}
            required
            value={orgType}
            onChange={(e) => setOrgType(e.currentTarget.value === 'parent' ? 'parent' : 'regular')}
            data={ORG_TYPE_CHOICES.map((c) => ({ value: c.value, label: c.label }))}
            styles={{ input: { minHeight: 44 } }}
          />
          <TextInput
            label={ORG_FORM_TEXTS.billingEmail}
            description={ORG_FORM_TEXTS.billingEmailSublabel}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            autoComplete="email"
          />
          {referral.showQuestion && (
            <Radio.Group
              label="How did you hear about Vigil?"
              required
              value={choice ?? ''}
              onChange={(v) => setChoice(v as ReferralChoice)}
            >
              <Stack gap={4} mt="xs">
                {REFERRAL_CHOICES.map((c) => (
                  <Radio
                    key={c.value}
                    value={c.value}
                    label={c.label}
                    styles={{ body: { minHeight: 44, alignItems: 'center' } }}
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}
          {referral.showQuestion && followUpLabel && (
            <TextInput
              label={followUpLabel}
              required
              value={followUp}
              onChange={(e) => setFollowUp(e.currentTarget.value)}
            />
          )}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Button type="submit" disabled={!complete} loading={submitting} mih={44}>
            Create Organization
          </Button>
        </Stack>
      </form>
    </Page>
  );
}

/** Whether the new-onboarding flow is on (spec 000 §9: on in development, off in production). */
export function newOnboardingFlowOn(environment: string | null): boolean {
  return (
    environment !== null &&
    CONFIG_FEATURE_TOGGLES.newOnboardingFlow[environment === 'production' ? 'production' : 'development']
  );
}

/** `/create-org-alt` (spec 000 §2): the same form in new-onboarding mode, present only while that flag is on. */
export function CreateOrgAltPage(): ReactNode {
  const { environment, clock } = useServerInfo();
  if (environment === null && clock === 'checking') return <Loader aria-label="Loading" />;
  if (!newOnboardingFlowOn(environment)) return <NotFound />;
  return <CreateOrgPage onboarding />;
}
