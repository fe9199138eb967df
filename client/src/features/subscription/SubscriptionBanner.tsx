import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { subscriptionPath } from '@vigil/shared';
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useMayAdminister } from '../../data/orgAccess.js';
import { subscriptionBanner } from './banner.js';
import { useOrgSubscriptionStatus } from './hooks.js';

/**
 * The organisation app's subscription banner (issue 37): when the subscription is not ok, what
 * the office keeps and loses, for every member; in a trial's last 3 days, a reminder for
 * administrators. Both link to the Subscription page. Reads the organisation's status as cached on
 * the device, so it shows offline too.
 */
export function SubscriptionBanner({ orgId }: { orgId: string }): ReactNode {
  const isAdmin = useMayAdminister(orgId);
  const status = useOrgSubscriptionStatus(orgId);
  const { pathname } = useLocation();
  // The time the banner is worked out at; each page opened works it out again (days left).
  const [at, setAt] = useState(() => ({ pathname, now: Date.now() }));
  if (at.pathname !== pathname) setAt({ pathname, now: Date.now() });
  const now = at.now;
  if (!status.data) return null;
  const banner = subscriptionBanner(
    status.data.subscriptionStatus,
    { isAdmin, isOnboarding: status.data.isOnboarding },
    now,
  );
  if (!banner) return null;
  const onPage = pathname.replace(/\/$/, '') === subscriptionPath(orgId);
  return (
    <Alert
      color={banner.kind === 'warning' ? 'orange' : 'blue'}
      title={banner.title}
      role={banner.kind === 'warning' ? 'alert' : 'status'}
      data-testid="subscription-banner"
      mb="md"
    >
      <Stack gap={4}>
        <Text size="sm">{banner.text}</Text>
        {!onPage && (
          <Anchor component={Link} to={subscriptionPath(orgId)} size="sm" fw={600}>
            Go to the Subscription page
          </Anchor>
        )}
      </Stack>
    </Alert>
  );
}
