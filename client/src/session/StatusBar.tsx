import { Anchor, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { withReturnUrl } from './identity.js';
import { useSession } from './SessionProvider.js';

/** The verify-email prompt's words (spec 000 §2 names the prompt, not its text). */
export const VERIFY_EMAIL_PROMPT = 'Your email address is not verified yet.';
export const VERIFY_EMAIL_ACTION = 'Verify email';

export interface StatusBarViewProps {
  email: string;
  /** Where the prompt's link leads: /verify-email, back here once verified. */
  verifyHref: string;
}

/**
 * The sticky status bar (spec 000 §1, §2) with the verify-email prompt: it stays under the header
 * as the page scrolls. Its link opens /verify-email, which sends a new code as it opens (the
 * existing verification flow) and comes back here once the email is verified.
 */
export function StatusBarView({ email, verifyHref }: StatusBarViewProps): ReactNode {
  return (
    <Group
      role="status"
      data-testid="status-bar"
      justify="space-between"
      wrap="wrap"
      gap="xs"
      px="md"
      py={6}
      mx="calc(var(--mantine-spacing-md) * -1)"
      mt="calc(var(--mantine-spacing-md) * -1)"
      mb="sm"
      bg="yellow.0"
      style={{
        position: 'sticky',
        top: 'var(--app-shell-header-height, 56px)',
        zIndex: 90,
        borderBottom: '1px solid var(--mantine-color-yellow-6)',
      }}
    >
      <Text size="sm" c="dark.7">
        {VERIFY_EMAIL_PROMPT} We send the code to <strong>{email}</strong>.
      </Text>
      <Anchor component={Link} to={verifyHref} size="sm" fw={600} c="dark.7" underline="always">
        {VERIFY_EMAIL_ACTION}
      </Anchor>
    </Group>
  );
}

/** The status bar of the application chrome: shown while the signed-in user's email is unverified, gone once verified. */
export function StatusBar(): ReactNode {
  const { user } = useSession();
  const { pathname, search } = useLocation();
  if (!user || user.emailVerified) return null;
  return <StatusBarView email={user.email} verifyHref={withReturnUrl('/verify-email', `${pathname}${search}`)} />;
}
