import { Badge, Button, Card, Group, List, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatMoney, MOST_POPULAR_TIER, PRICING_TEXTS, type PlanInterval, type PlanView } from '@vigil/shared';
import type { ReactNode } from 'react';
import { ENTITLEMENT_LABELS, pricingTiers, type PricingTier } from './pricing.js';

export interface PricingTableProps {
  plans: readonly PlanView[];
  interval: PlanInterval;
  onIntervalChange: (interval: PlanInterval) => void;
  /** The price in use now (its card says "Current plan"). */
  currentPriceId?: string | null;
  /** The price picked here (highlighted). */
  selectedPriceId?: string | null;
  /** Picking a plan; without it the table only shows the plans. */
  onSelect?: (plan: PlanView) => void;
}

function TierCard({
  tier,
  interval,
  currentPriceId,
  selectedPriceId,
  onSelect,
  before,
}: { tier: PricingTier; interval: PlanInterval; before: string | null } & Pick<
  PricingTableProps,
  'currentPriceId' | 'selectedPriceId' | 'onSelect'
>): ReactNode {
  const plan = interval === 'year' ? tier.yearly : tier.monthly;
  const popular = tier.tier === MOST_POPULAR_TIER;
  const current = plan !== null && plan.id === currentPriceId;
  const selected = plan !== null && plan.id === selectedPriceId;
  const headingId = `plan-${tier.tier}`;
  return (
    <Card
      withBorder
      padding="md"
      component="section"
      aria-labelledby={headingId}
      data-testid={`plan-${tier.tier}`}
      style={selected ? { outline: '3px solid var(--mantine-color-blue-7)' } : undefined}
    >
      <Stack gap="xs" h="100%">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={3} size="h4" id={headingId}>
            {tier.label}
          </Title>
          {popular && (
            <Badge color="blue.8" style={{ flexShrink: 0, overflow: 'visible' }}>
              {PRICING_TEXTS.mostPopular}
            </Badge>
          )}
        </Group>
        {plan ? (
          <div>
            <Text size="xl" fw={700} component="span">
              {formatMoney(plan.amount)}
            </Text>
            <Text size="sm" component="span">
              {' '}
              / {interval === 'year' ? 'year' : 'month'} {PRICING_TEXTS.perProvider}
            </Text>
          </div>
        ) : (
          <Text size="sm">Not offered {interval === 'year' ? 'yearly' : 'monthly'}</Text>
        )}
        {interval === 'year' && tier.savingPercent !== null && (
          <Text size="sm" c="green.9" fw={600}>
            Save {tier.savingPercent}% against 12 months
          </Text>
        )}
        <Text size="sm" fw={600}>
          {before ? `Everything in ${before}, and:` : 'Includes:'}
        </Text>
        <List size="sm" spacing={2}>
          {tier.adds.map((e) => (
            <List.Item key={e}>{ENTITLEMENT_LABELS[e]}</List.Item>
          ))}
        </List>
        {onSelect && plan && (
          <Button
            mt="auto"
            mih={44}
            variant={selected ? 'filled' : 'default'}
            disabled={current}
            onClick={() => onSelect(plan)}
            aria-pressed={selected}
          >
            {current ? 'Current plan' : selected ? `${tier.label} chosen` : `Choose ${tier.label}`}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/**
 * The pricing table (spec 002 §2 "Pricing table", §9 "Pricing"): a card per tier with its price per
 * provider for the interval chosen, the yearly saving against 12 months, Advanced marked Most
 * Popular, what each tier adds, and the trial note.
 */
export function PricingTable(props: PricingTableProps): ReactNode {
  const tiers = pricingTiers(props.plans);
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <SegmentedControl
          aria-label="Billing interval"
          value={props.interval}
          onChange={(v) => props.onIntervalChange(v === 'year' ? 'year' : 'month')}
          data={[
            { value: 'month', label: 'Monthly' },
            { value: 'year', label: 'Yearly' },
          ]}
        />
        <Text size="sm">
          {PRICING_TEXTS.trialNote}. {PRICING_TEXTS.supportStaffFree}.
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, md: Math.min(4, Math.max(1, tiers.length)) }}>
        {tiers.map((t, i) => (
          <TierCard
            key={t.tier}
            tier={t}
            before={tiers[i - 1]?.label ?? null}
            interval={props.interval}
            currentPriceId={props.currentPriceId ?? null}
            selectedPriceId={props.selectedPriceId ?? null}
            {...(props.onSelect ? { onSelect: props.onSelect } : {})}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
