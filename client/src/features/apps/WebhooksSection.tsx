import { Alert, Anchor, Button, Checkbox, Code, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { refusalText, WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, type WebhookEvent, type WebhookView } from '@vigil/shared';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { errorCode } from '../../data/graphql.js';
import { installationPath, type AppsApi } from './api.js';

export interface WebhooksSectionProps {
  api: AppsApi;
  orgId: string;
  installationId: string;
  webhooks: readonly WebhookView[];
  onCreated: (webhook: WebhookView) => void;
}

const WORDING = { INVALID_INPUT: 'Enter an https URL and choose at least one event.' };

/** An installation's webhooks, each linking to its debug screen, and the form adding one (its secret shown once). */
export function WebhooksSection({ api, orgId, installationId, webhooks, onCreated }: WebhooksSectionProps): ReactNode {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const [types, setTypes] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const base = installationPath(orgId, installationId);
  const add = async (): Promise<void> => {
    setBusy(true);
    setFailure(null);
    try {
      const resourceTypes = types
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean);
      const made = await api.createWebhook(orgId, installationId, { url: url.trim(), events, resourceTypes });
      setSecret(made.secret);
      onCreated(made.webhook);
      setUrl('');
      setEvents([]);
      setTypes('');
    } catch (err) {
      setFailure(errorCode(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Webhooks
      </Title>
      {webhooks.length === 0 ? (
        <Text>No webhooks.</Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>URL</Table.Th>
              <Table.Th>Events</Table.Th>
              <Table.Th>Resource types</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {webhooks.map((w) => (
              <Table.Tr key={w.id}>
                <Table.Td>
                  <Anchor component={Link} to={`${base}/webhooks/${encodeURIComponent(w.id)}`} underline="always">
                    {w.url}
                  </Anchor>
                </Table.Td>
                <Table.Td>{w.events.map((e) => WEBHOOK_EVENT_LABELS[e]).join(', ')}</Table.Td>
                <Table.Td>{w.resourceTypes.join(', ') || '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Title order={3} size="h4">
        Add a webhook
      </Title>
      <Text size="sm" c="dimmed" maw={760}>
        Each delivery is signed per Standard Webhooks (webhook-id, webhook-timestamp and webhook-signature headers) and
        is tried again for 24 hours until the receiver answers 2xx. Deliveries about one record arrive in order.
      </Text>
      <TextInput
        label="URL"
        placeholder="https://"
        value={url}
        onChange={(e) => setUrl(e.currentTarget.value)}
        maw={520}
      />
      <Checkbox.Group label="Events" value={events} onChange={setEvents}>
        <Group gap="md" mt={4}>
          {WEBHOOK_EVENTS.map((e) => (
            <Checkbox key={e} value={e} label={WEBHOOK_EVENT_LABELS[e]} />
          ))}
        </Group>
      </Checkbox.Group>
      <TextInput
        label="Resource types (for resource events)"
        description="Separated by commas, e.g. Patient, Appointment"
        value={types}
        onChange={(e) => setTypes(e.currentTarget.value)}
        maw={520}
      />
      <Button w="fit-content" loading={busy} onClick={() => void add()}>
        Add webhook
      </Button>
      {failure && (
        <Alert color="red" role="alert">
          {refusalText(failure, WORDING)}
        </Alert>
      )}
      {secret && (
        <Alert color="yellow" title="Signing secret">
          <Text>Copy it now: it is shown only once. The receiver verifies each delivery&apos;s signature with it.</Text>
          <Code block>{secret}</Code>
        </Alert>
      )}
    </Stack>
  );
}
