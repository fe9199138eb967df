import { Alert, Anchor, Badge, Button, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { refusalText, WEBHOOK_EVENT_LABELS, type DeliveryView } from '@vigil/shared';
import { useCallback, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { errorCode } from '../../data/graphql.js';
import { useLoad } from '../../data/useLoad.js';
import { clockDateTime } from '../../ui/format.js';
import { Page } from '../../ui/Page.js';
import { installationPath, SERVER_APPS_API, type AppsApi } from './api.js';

export interface WebhookPagesProps {
  api?: AppsApi;
  /** The path the webhooks/… screens hang under (default: the organisation's installation; the reseller app gives its app's). */
  base?: string;
}

const STATUS_COLORS: Record<DeliveryView['status'], string> = { pending: 'orange', delivered: 'green', failed: 'red' };
const STATUS_LABELS: Record<DeliveryView['status'], string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
};

/** JSON text indented for reading; anything else as it is. */
function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function Refusal({ code }: { code: string | null }): ReactNode {
  return (
    <Alert color="red" role="alert">
      {refusalText(code)}
    </Alert>
  );
}

/** The webhook-debug screens' base: under the installation, or the one given. */
function useWebhookBase(given?: string): { orgId: string; webhookId: string; base: string } {
  const { orgId = '', appInstallationId = '', webhookId = '' } = useParams();
  return {
    orgId,
    webhookId,
    base: `${given ?? installationPath(orgId, appInstallationId)}/webhooks/${encodeURIComponent(webhookId)}`,
  };
}

function DeliveriesTable({ deliveries, base }: { deliveries: readonly DeliveryView[]; base: string }): ReactNode {
  if (deliveries.length === 0) return <Text>No deliveries yet.</Text>;
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Delivery</Table.Th>
          <Table.Th>Event</Table.Th>
          <Table.Th>About</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Attempts</Table.Th>
          <Table.Th>Created</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {deliveries.map((d) => (
          <Table.Tr key={d.id}>
            <Table.Td>
              <Anchor component={Link} to={`${base}/deliveries/${encodeURIComponent(d.id)}`} underline="always">
                {d.id}
              </Anchor>
            </Table.Td>
            <Table.Td>{WEBHOOK_EVENT_LABELS[d.event]}</Table.Td>
            <Table.Td>{d.subject}</Table.Td>
            <Table.Td>
              <Badge variant="light" color={STATUS_COLORS[d.status]}>
                {STATUS_LABELS[d.status]}
              </Badge>
            </Table.Td>
            <Table.Td>{d.attempts.length}</Table.Td>
            <Table.Td>{clockDateTime(d.createdAt)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** …/webhooks/{webhookId}: the webhook, and its newest deliveries. */
export function WebhookPage({ api = SERVER_APPS_API, base: given }: WebhookPagesProps): ReactNode {
  const { orgId, webhookId, base } = useWebhookBase(given);
  const load = useCallback(() => api.fetchWebhook(orgId, webhookId, 5), [api, orgId, webhookId]);
  const { data, error, loading } = useLoad(load);
  return (
    <Page title="Webhook">
      {error && !loading && <Refusal code={error} />}
      {!data && !error && <Text>Loading...</Text>}
      {data && (
        <>
          <Stack gap={4}>
            <Text>
              URL: <Code>{data.webhook.url}</Code>
            </Text>
            <Text>Events: {data.webhook.events.map((e) => WEBHOOK_EVENT_LABELS[e]).join(', ')}</Text>
            <Text>Resource types: {data.webhook.resourceTypes.join(', ') || '—'}</Text>
          </Stack>
          <Title order={2} size="h3">
            Latest deliveries
          </Title>
          <DeliveriesTable deliveries={data.deliveries} base={base} />
          <Anchor component={Link} to={`${base}/deliveries`} underline="always">
            All deliveries
          </Anchor>
        </>
      )}
    </Page>
  );
}

/** …/webhooks/{webhookId}/deliveries: the webhook's deliveries, newest first, 50 at a time. */
export function DeliveriesPage({ api = SERVER_APPS_API, base: given }: WebhookPagesProps): ReactNode {
  const { orgId, webhookId, base } = useWebhookBase(given);
  const load = useCallback(() => api.fetchWebhook(orgId, webhookId, 50), [api, orgId, webhookId]);
  const { data, error, loading, reload } = useLoad(load);
  return (
    <Page title="Webhook Deliveries">
      {error && !loading && <Refusal code={error} />}
      {!data && !error && <Text>Loading...</Text>}
      {data && (
        <>
          <Text>
            Deliveries to <Code>{data.webhook.url}</Code>, newest first.
          </Text>
          <Button variant="default" w="fit-content" onClick={reload}>
            Refresh
          </Button>
          <DeliveriesTable deliveries={data.deliveries} base={base} />
        </>
      )}
    </Page>
  );
}

/** …/deliveries/{deliveryId}: what was sent, every attempt with its answer, and Redeliver. */
export function DeliveryPage({ api = SERVER_APPS_API }: WebhookPagesProps): ReactNode {
  const { orgId = '', webhookDeliveryId = '' } = useParams();
  const load = useCallback(() => api.fetchDelivery(orgId, webhookDeliveryId), [api, orgId, webhookDeliveryId]);
  const state = useLoad(load);
  const { data, error, loading } = state;
  const [failure, setFailure] = useState<string | null>(null);
  const [queued, setQueued] = useState(false);
  const redeliver = async (): Promise<void> => {
    setFailure(null);
    try {
      state.set(await api.redeliverWebhook(orgId, webhookDeliveryId));
      setQueued(true);
    } catch (err) {
      setFailure(errorCode(err));
    }
  };
  return (
    <Page title="Webhook Delivery">
      {error && !loading && <Refusal code={error} />}
      {!data && !error && <Text>Loading...</Text>}
      {data && (
        <>
          <Group gap="sm">
            <Text>
              <Code>{data.id}</Code> · {WEBHOOK_EVENT_LABELS[data.event]} · {data.subject}
            </Text>
            <Badge variant="light" color={STATUS_COLORS[data.status]}>
              {STATUS_LABELS[data.status]}
            </Badge>
          </Group>
          {data.status === 'pending' && data.nextAttemptAt !== null && (
            <Text size="sm">Next attempt at {clockDateTime(data.nextAttemptAt)}.</Text>
          )}
          <Group>
            <Button w="fit-content" onClick={() => void redeliver()}>
              Redeliver
            </Button>
            <Button variant="default" w="fit-content" onClick={state.reload}>
              Refresh
            </Button>
          </Group>
          {queued && <Text role="status">Queued: it is sent again within seconds, with the same webhook-id.</Text>}
          {failure && <Refusal code={failure} />}
          <Title order={2} size="h3">
            Payload
          </Title>
          <Code block tabIndex={0} aria-label="Payload" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {pretty(data.payload)}
          </Code>
          <Title order={2} size="h3">
            Attempts
          </Title>
          {data.attempts.length === 0 ? (
            <Text>No attempts yet.</Text>
          ) : (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>#</Table.Th>
                  <Table.Th>Time</Table.Th>
                  <Table.Th>Response</Table.Th>
                  <Table.Th>Duration</Table.Th>
                  <Table.Th>Answer</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.attempts.map((a) => (
                  <Table.Tr key={a.n}>
                    <Table.Td>{a.n}</Table.Td>
                    <Table.Td>{clockDateTime(a.at)}</Table.Td>
                    <Table.Td>{a.responseStatus ?? 'No answer'}</Table.Td>
                    <Table.Td>{a.durationMs} ms</Table.Td>
                    <Table.Td>
                      <Code>{a.responseBody || '(empty)'}</Code>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Title order={2} size="h3">
            Request headers (last attempt)
          </Title>
          <Code
            block
            tabIndex={0}
            aria-label="Request headers"
            style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
          >
            {pretty(data.attempts.at(-1)?.requestHeaders ?? '—')}
          </Code>
        </>
      )}
    </Page>
  );
}
