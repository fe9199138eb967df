import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { PLAN_TIER_LABELS, subscriptionPath, tierIncluding, type PlanEntitlement } from '@vigil/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { deeperLevelsText, sedationEntitlement } from './levels.js';
import { ENTITLEMENT_LABELS } from './pricing.js';

export interface PlanRequiredProps {
  orgId: string;
  /** What the plan lacks. */
  entitlement: PlanEntitlement;
  /** The server's refusal, when there was one (its text is shown as it is). */
  message?: string;
}

/**
 * What a screen the organisation's plan does not include says (issue 37; spec 002 §6): which plan
 * does, with a link to the Subscription page (where an administrator changes the plan).
 */
export function PlanRequired({ orgId, entitlement, message }: PlanRequiredProps): ReactNode {
  const tier = PLAN_TIER_LABELS[tierIncluding(entitlement)];
  return (
    <Alert color="orange" role="alert" title="Not included in your plan" data-testid="plan-required">
      <Stack gap="xs">
        {message && <Text size="sm">{message}</Text>}
        <Text size="sm">
          {ENTITLEMENT_LABELS[entitlement]}: included from the {tier} plan. An administrator can change the plan on the
          Subscription page.
        </Text>
        <Anchor component={Link} to={subscriptionPath(orgId)} size="sm" fw={600}>
          Go to the Subscription page
        </Anchor>
      </Stack>
    </Alert>
  );
}

/**
 * What to show for a save the server refused because of the plan (SEDATION_LEVEL_NOT_ALLOWED,
 * PLAN_REQUIRED), or null for any other refusal: the entitlement missing (from the sedation level
 * asked for) and the server's own text.
 */
export function planRefusal(
  serverCode: string,
  messages: readonly string[],
  sedationLevel: string,
): { entitlement: PlanEntitlement; message?: string } | null {
  if (serverCode !== 'SEDATION_LEVEL_NOT_ALLOWED' && serverCode !== 'PLAN_REQUIRED') return null;
  // A message that is only the code again says nothing more.
  const message = messages.filter((m) => m !== serverCode).join('. ');
  return { entitlement: sedationEntitlement(sedationLevel), ...(message ? { message } : {}) };
}

/**
 * Under the new case form's level field (issue 37): the levels the organisation's plan leaves out,
 * the plan that includes each, and a link to the Subscription page; nothing without a plan tier or
 * when the plan allows every level. The server's refusal stays the authority.
 */
export function DeeperLevelsNote({ orgId, planTier }: { orgId: string; planTier: string | null }): ReactNode {
  const text = deeperLevelsText(planTier);
  if (!text) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="deeper-levels">
      {text}{' '}
      <Anchor component={Link} to={subscriptionPath(orgId)} size="sm">
        Change the plan on the Subscription page
      </Anchor>
    </Text>
  );
}
