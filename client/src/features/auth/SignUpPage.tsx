import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { AUTH_TEXTS, currentLegalAcceptances, signUpErrorText, validateSignUp } from '@vigil/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { LEGAL_LINKS } from '../../ui/legal.js';
import { Page } from '../../ui/Page.js';
import { cookieValue, REFERRAL_COOKIE, withReturnUrl } from '../../session/identity.js';
import { usePostSignInPath, useReturnUrl } from '../../session/guards.js';
import { useSession } from '../../session/SessionProvider.js';
import * as api from '../../session/api.js';
import { BotCheckError, runBotCheck } from './botCheck.js';
import { errorCode } from '../../session/errors.js';
import { trackEvent } from '../../data/analyticsEvents.js';

/**
 * /signup (spec 000 §2, §5): name, email, password, terms; the validation texts and banner of
 * spec 000 §5; 'Register' disabled while incomplete; 'Creating your account...' while submitting.
 * A new account goes on to verify its email.
 */
export function SignUpPage(): ReactNode {
  const navigate = useNavigate();
  const { status, adopt } = useSession();
  const returnUrl = useReturnUrl();
  const postSignIn = usePostSignInPath();
  const [form, setForm] = useState({ name: '', email: '', password: '', agreed: false });
  const [touched, setTouched] = useState({ name: false, email: false, password: false, terms: false });
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const validation = validateSignUp(form);

  if (status === 'full') return <Navigate to={postSignIn} replace />;

  const onSubmit = (e: FormEvent): void => {
    e.preventDefault();
    if (!validation.complete || submitting) return;
    setSubmitting(true);
    setError(null);
    runBotCheck()
      .then((botToken) =>
        api.signUp({
          name: form.name.trim(),
          email: form.email.trim(),
          password: form.password,
          referredBy: cookieValue(document.cookie, REFERRAL_COOKIE),
          botToken,
          // The terms and privacy policy at the versions this build shows (spec 000 §7).
          legal: currentLegalAcceptances(),
        }),
      )
      .then(
        (result) => {
          adopt(result);
          trackEvent('User Created');
          void navigate(withReturnUrl('/verify-email', returnUrl), { replace: true });
        },
        (err: unknown) => {
          setSubmitting(false);
          trackEvent('User Create Failed');
          setError(err instanceof BotCheckError ? err.text : signUpErrorText(errorCode(err)));
        },
      );
  };

  return (
    <Page title="Sign Up">
      <Stack gap="md" maw={480}>
        <Text>
          Have an account?{' '}
          <Anchor component={Link} to={withReturnUrl('/signin', returnUrl)}>
            Sign in instead
          </Anchor>
        </Text>
        <Text size="sm" c="dimmed">
          Your login is personal: use it for every organization you work with. You will enter your new
          organization&apos;s details after you log in.
        </Text>
        <form onSubmit={onSubmit}>
          <Stack gap="sm">
            <TextInput
              label="Your Full Name"
              description="Include your titles, e.g. Dr. Jane Smith, DDS"
              value={form.name}
              onChange={(e) => setForm({ ...form, name: e.currentTarget.value })}
              onBlur={() => setTouched({ ...touched, name: true })}
              error={touched.name ? validation.errors.name : undefined}
              autoComplete="name"
            />
            <TextInput
              label="Email Address"
              type="email"
              value={form.email}
              onChange={(e) => setForm({ ...form, email: e.currentTarget.value })}
              onBlur={() => setTouched({ ...touched, email: true })}
              error={touched.email ? validation.errors.email : undefined}
              autoComplete="email"
            />
            <PasswordInput
              label="Password"
              description="Minimum of 8 characters"
              value={form.password}
              onChange={(e) => setForm({ ...form, password: e.currentTarget.value })}
              onBlur={() => setTouched({ ...touched, password: true })}
              error={touched.password ? validation.errors.password : undefined}
              autoComplete="new-password"
            />
            <Checkbox
              checked={form.agreed}
              onChange={(e) => {
                setForm({ ...form, agreed: e.currentTarget.checked });
                setTouched({ ...touched, terms: true });
              }}
              error={touched.terms ? validation.errors.terms : undefined}
              label={
                <>
                  I agree to the{' '}
                  <Anchor href={LEGAL_LINKS.terms} target="_blank" rel="noreferrer">
                    terms
                  </Anchor>{' '}
                  and{' '}
                  <Anchor href={LEGAL_LINKS.privacy} target="_blank" rel="noreferrer">
                    privacy policy
                  </Anchor>
                </>
              }
            />
            <Alert color={validation.complete ? 'green' : 'yellow'} data-testid="signup-banner">
              {validation.banner}
            </Alert>
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <Group>
              <Button type="submit" disabled={!validation.complete} loading={submitting}>
                Register
              </Button>
              {submitting && <Text>{AUTH_TEXTS.creatingAccount}</Text>}
            </Group>
          </Stack>
        </form>
      </Stack>
    </Page>
  );
}
