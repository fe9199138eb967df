import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { subscriptionPath, TRIAL_ENDED_MESSAGE } from '@vigil/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface SaveRefusalProps {
  orgId: string;
  /** The refusal's text (a form's own words for the server's code). */
  error: string;
}

/**
 * Why a save was refused. After the free trial (rule SUB2, issue 35 item 2) it says so and links
 * the Subscription page (spec 000 §2: /org/{orgId}/subscription).
 */
export function SaveRefusal({ orgId, error }: SaveRefusalProps): ReactNode {
  if (error !== TRIAL_ENDED_MESSAGE) {
    return (
      <Alert color="red" role="alert">
        {error}
      </Alert>
    );
  }
  return (
    <Alert color="orange" role="alert" title="Your free trial has ended">
      <Stack gap="xs">
        <Text size="sm">{error}</Text>
        <Anchor component={Link} to={subscriptionPath(orgId)} size="sm" fw={600}>
          Go to the Subscription page
        </Anchor>
      </Stack>
    </Alert>
  );
}
