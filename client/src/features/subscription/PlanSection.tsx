import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatMoney, type PlanInterval, type PlanView, type SubscriptionView } from '@vigil/shared';
import { useState, type ReactNode } from 'react';
import { errorCode } from '../../data/graphql.js';
import { changePlan, subscribe } from './api.js';
import { useInvoicePreview, usePlans } from './hooks.js';
import { officeAmountText, planName } from './pricing.js';
import { PricingTable } from './PricingTable.js';
import { billingErrorText } from './texts.js';

export interface PlanSectionProps {
  orgId: string;
  sub: SubscriptionView;
  /** Changes every time the subscription changed (reloads previews). */
  version: number;
  onChanged: (sub: SubscriptionView) => void;
}

/** Whether the organisation has a subscription at the provider that a change of plan applies to. */
export const hasLiveSubscription = (sub: SubscriptionView): boolean =>
  sub.subscription !== null && sub.status !== 'canceled' && sub.status !== 'none';

function ChangePreview({ orgId, plan, version }: { orgId: string; plan: PlanView; version: number }): ReactNode {
  const preview = useInvoicePreview(orgId, true, { priceId: plan.id }, version);
  if (preview.loading) return <Text size="sm">Working out the next invoice…</Text>;
  if (preview.error) return <Text size="sm">{billingErrorText(preview.error)}</Text>;
  if (!preview.data) return null;
  return (
    <Text size="sm" data-testid="change-preview">
      Next invoice with {planName(plan)}: <strong>{formatMoney(preview.data.total, preview.data.currency)}</strong>
      {preview.data.lines.some((l) => l.proration) ? ' (including the prorated change of the current period)' : ''}.
    </Text>
  );
}

/**
 * The plan and its interval (issue 37): the current one, and the pricing table to subscribe or to
 * change it; before a change is confirmed, the next invoice it makes (previewInvoice), and before
 * subscribing, what the office will pay for its providers.
 */
export function PlanSection({ orgId, sub, version, onChanged }: PlanSectionProps): ReactNode {
  const plans = usePlans();
  const live = hasLiveSubscription(sub);
  const [choosing, setChoosing] = useState(!live);
  const [interval, setInterval] = useState<PlanInterval>(sub.plan?.interval === 'year' ? 'year' : 'month');
  const [chosen, setChosen] = useState<PlanView | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async (): Promise<void> => {
    if (!chosen) return;
    setBusy(true);
    setError(null);
    try {
      onChanged(live ? await changePlan(orgId, chosen.id) : await subscribe(orgId, chosen.id));
      setChosen(null);
      setChoosing(false);
    } catch (err) {
      setError(billingErrorText(errorCode(err)));
    } finally {
      setBusy(false);
    }
  };
  const noCard = sub.cards.length === 0;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="sub-plan">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="sub-plan">
            Plan
          </Title>
          {live && !choosing && (
            <Button variant="default" mih={44} onClick={() => setChoosing(true)}>
              Change plan
            </Button>
          )}
        </Group>
        {sub.plan ? (
          <Text data-testid="current-plan">
            {planName(sub.plan)}: {officeAmountText(sub.plan, sub.providers)}
          </Text>
        ) : (
          <Text>No plan chosen yet.</Text>
        )}
        {choosing && plans.error && <Alert color="red">{billingErrorText(plans.error)}</Alert>}
        {choosing && plans.data && (
          <PricingTable
            plans={plans.data}
            interval={interval}
            onIntervalChange={(i) => {
              setInterval(i);
              setChosen(null);
            }}
            currentPriceId={live ? (sub.plan?.id ?? null) : null}
            selectedPriceId={chosen?.id ?? null}
            onSelect={setChosen}
          />
        )}
        {chosen && (
          <Stack gap="xs" data-testid="plan-choice">
            <Text size="sm">
              {planName(chosen)}: {officeAmountText(chosen, sub.providers)}.
            </Text>
            {live && <ChangePreview orgId={orgId} plan={chosen} version={version} />}
            {!live && noCard && <Text size="sm">Add a card below to subscribe.</Text>}
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" mih={44} onClick={() => setChosen(null)} disabled={busy}>
                Cancel
              </Button>
              <Button mih={44} loading={busy} disabled={!live && noCard} onClick={() => void confirm()}>
                {live ? 'Confirm change' : 'Subscribe'}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
