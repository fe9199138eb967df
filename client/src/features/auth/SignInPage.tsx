import { Anchor, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { ClockGate } from '../../app/ClockGate.js';
import { Page } from '../../app/Page.js';

/** The recover-password link keeps an /iframe prefix (spec 000 §2). */
export function forgotPasswordHref(pathname: string): string {
  return pathname.startsWith('/iframe') ? '/iframe/forgot-password' : '/forgot-password';
}

/**
 * /signin (spec 000 §2). The form is hidden unless the device clock is acceptable; the
 * credential form itself arrives with accounts and sessions.
 */
export function SignInPage(): ReactNode {
  const { pathname } = useLocation();
  return (
    <Page title="Sign In">
      <ClockGate>
        <Stack gap="xs" data-testid="signin-form">
          <Text>
            No account?{' '}
            <Anchor component={Link} to="/signup">
              Sign up instead
            </Anchor>
          </Text>
          <Text>
            Forgot your password?{' '}
            <Anchor component={Link} to={forgotPasswordHref(pathname)}>
              Recover Password
            </Anchor>
          </Text>
        </Stack>
      </ClockGate>
    </Page>
  );
}
