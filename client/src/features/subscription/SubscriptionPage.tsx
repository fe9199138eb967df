import { Alert, Badge, Button, Card, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import type { OrgSubscriptionStatusView, SubscriptionView } from '@vigil/shared';
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { errorCode } from '../../data/graphql.js';
import { useMayAdminister } from '../../data/orgAccess.js';
import { Page } from '../../ui/Page.js';
import { OrgDetailsForm, useOrg } from '../orgs/index.js';
import { cancelSubscription, payOpenInvoices, resumeSubscription } from './api.js';
import { CardsSection } from './CardsSection.js';
import { notifySubscriptionChanged, useOrgSubscriptionStatus, useSubscription } from './hooks.js';
import { PastInvoices, UpcomingInvoice } from './InvoicesSection.js';
import { hasLiveSubscription, PlanSection } from './PlanSection.js';
import { billingDate, statusLabel, statusSentence } from './status.js';
import { billingErrorText } from './texts.js';

const STATUS_COLOURS: Readonly<Record<string, string>> = {
  trialing: 'blue.8',
  active: 'green.9',
  past_due: 'red.9',
  unpaid: 'red.9',
  canceled: 'gray.8',
};

function StatusBadge({ status }: { status: OrgSubscriptionStatusView }): ReactNode {
  return (
    <Badge color={status.ok ? (STATUS_COLOURS[status.status] ?? 'gray.8') : 'red.9'} size="lg" data-testid="sub-status">
      {status.ok || status.status !== 'trialing' ? statusLabel(status.status) : 'Trial ended'}
    </Badge>
  );
}

type Action = 'cancel' | 'resume' | 'pay';

/** The status with what an administrator can do about it: pay now, cancel (confirmed) or resume. */
function StatusSection({
  orgId,
  sub,
  onChanged,
}: {
  orgId: string;
  sub: SubscriptionView;
  onChanged: (s: SubscriptionView) => void;
}): ReactNode {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<Action | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: Action): Promise<void> => {
    setBusy(action);
    setError(null);
    try {
      const call =
        action === 'cancel' ? cancelSubscription : action === 'resume' ? resumeSubscription : payOpenInvoices;
      onChanged(await call(orgId));
      setConfirming(false);
    } catch (err) {
      setError(billingErrorText(errorCode(err)));
    } finally {
      setBusy(null);
    }
  };
  const live = hasLiveSubscription(sub);
  const cancelling = sub.subscription?.cancelAtPeriodEnd === true;
  const owing = sub.status === 'past_due' || sub.status === 'unpaid';
  const periodEnd = sub.subscription?.currentPeriodEnd ?? sub.subscription?.trialEnd ?? null;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="sub-status-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="sub-status-title">
            Status
          </Title>
          <StatusBadge status={sub} />
        </Group>
        <Text data-testid="sub-status-text">{statusSentence(sub, sub)}</Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          {owing && (
            <Button mih={44} loading={busy === 'pay'} onClick={() => void run('pay')}>
              Pay now
            </Button>
          )}
          {live && cancelling && (
            <Button mih={44} loading={busy === 'resume'} onClick={() => void run('resume')}>
              Resume subscription
            </Button>
          )}
          {live && !cancelling && !owing && (
            <Button variant="default" color="red.9" mih={44} onClick={() => setConfirming(true)}>
              Cancel subscription
            </Button>
          )}
        </Group>
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Cancel the subscription?">
        <Stack gap="sm">
          <Text size="sm">
            {periodEnd !== null
              ? `The subscription stays active until ${billingDate(periodEnd)}, the end of the period already paid.`
              : 'The subscription stays active until the end of the period already paid.'}{' '}
            After that, records stay readable and cases already booked can be charted and signed, but new patients and
            cases cannot be added. You can resume it until then.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" mih={44} onClick={() => setConfirming(false)}>
              Keep subscription
            </Button>
            <Button color="red.9" mih={44} loading={busy === 'cancel'} onClick={() => void run('cancel')}>
              Cancel at period end
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

function BillingAddress({ orgId }: { orgId: string }): ReactNode {
  const org = useOrg(orgId);
  if (!org.data) return null;
  return <OrgDetailsForm org={org.data} onSaved={org.set} />;
}

/** The administrator's subscription page: status, plan, providers and next invoice, card, address, invoices. */
function ManageSubscription({ orgId }: { orgId: string }): ReactNode {
  const sub = useSubscription(orgId, true);
  const [version, setVersion] = useState(0);
  // The plan section starts again (table closed) only after the plan or status changed, not after a card was added.
  const [planRound, setPlanRound] = useState(0);
  const changed = (next: SubscriptionView): void => {
    sub.set(next);
    setVersion((v) => v + 1);
    setPlanRound((v) => v + 1);
    notifySubscriptionChanged(orgId);
  };
  const reload = (): void => {
    sub.reload();
    setVersion((v) => v + 1);
  };
  if (sub.error) return <Alert color="red">{billingErrorText(sub.error)}</Alert>;
  if (!sub.data) return <Loader aria-label="Loading the subscription" />;
  return (
    <Stack gap="md">
      <StatusSection orgId={orgId} sub={sub.data} onChanged={changed} />
      <PlanSection key={planRound} orgId={orgId} sub={sub.data} version={version} onChanged={changed} />
      <UpcomingInvoice orgId={orgId} providers={sub.data.providers} version={version} />
      <CardsSection orgId={orgId} cards={sub.data.cards} defaultCardId={sub.data.defaultCardId} onChanged={reload} />
      <BillingAddress orgId={orgId} />
      <PastInvoices orgId={orgId} version={version} />
    </Stack>
  );
}

/** What a member who does not administer the organisation sees: the status, read only. */
function SubscriptionStatusOnly({ orgId }: { orgId: string }): ReactNode {
  const status = useOrgSubscriptionStatus(orgId);
  const s = status.data?.subscriptionStatus;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="sub-status-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="sub-status-title">
            Status
          </Title>
          {s && <StatusBadge status={s} />}
        </Group>
        {s && <Text>{statusSentence(s, null)}</Text>}
        {status.error && !s && <Text size="sm">{billingErrorText(status.error)}</Text>}
        <Text size="sm">
          Only an administrator of the organization can change the plan, the card or the billing address.
        </Text>
      </Stack>
    </Card>
  );
}

/** /org/{orgId}/subscription (spec 000 §2, §3 Subscription; issue 37). */
export function SubscriptionPage(): ReactNode {
  const { orgId = '' } = useParams();
  const isAdmin = useMayAdminister(orgId);
  return (
    <Page title="Subscription">
      {isAdmin ? <ManageSubscription orgId={orgId} /> : <SubscriptionStatusOnly orgId={orgId} />}
    </Page>
  );
}
