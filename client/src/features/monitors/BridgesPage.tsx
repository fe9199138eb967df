import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { MONITOR_PROTOCOL_INFO, refusalText, type BridgePairingCodeView, type BridgeView } from '@vigil/shared';
import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { errorCode } from '../../data/graphql.js';
import { useMayAdminister } from '../../data/orgAccess.js';
import { clockDateTime } from '../../ui/format.js';
import { Page } from '../../ui/Page.js';
import { createPairingCode, fetchBridges, revokeBridge } from './bridgesApi.js';

export interface BridgesPageProps {
  /** Tests: the calls without a server, and whether the caller administers the office. */
  api?: {
    fetchBridges: typeof fetchBridges;
    createPairingCode: typeof createPairingCode;
    revokeBridge: typeof revokeBridge;
  };
  isAdmin?: boolean;
}

const WORDING = { NOT_AUTHORIZED: 'Only an administrator of the office can pair or revoke a bridge.' };
const DEFAULT_API = { fetchBridges, createPairingCode, revokeBridge };

const protocolLabel = (protocol: string): string =>
  protocol in MONITOR_PROTOCOL_INFO
    ? MONITOR_PROTOCOL_INFO[protocol as keyof typeof MONITOR_PROTOCOL_INFO].label
    : protocol;

const when = (at: number | null): string => (at == null ? 'Never' : clockDateTime(at));

/**
 * /org/{orgId}/monitors (issue 38): the office's monitors and bridges. Every paired Vigil Bridge
 * with its location, when it was paired and last heard from, and the monitors it reads (each with
 * its newest reading and whether a case charts from it); an administrator creates a one-time
 * pairing code for a location (shown once, valid 10 minutes) and revokes a bridge.
 */
export function BridgesPage({ api = DEFAULT_API, isAdmin }: BridgesPageProps): ReactNode {
  const orgId = useParams().orgId ?? '';
  return isAdmin === undefined ? (
    <WithAdministerRight orgId={orgId} api={api} />
  ) : (
    <BridgesScreen orgId={orgId} api={api} admin={isAdmin} />
  );
}

function WithAdministerRight({ orgId, api }: { orgId: string; api: typeof DEFAULT_API }): ReactNode {
  return <BridgesScreen orgId={orgId} api={api} admin={useMayAdminister(orgId)} />;
}

function BridgesScreen({ orgId, api, admin }: { orgId: string; api: typeof DEFAULT_API; admin: boolean }): ReactNode {
  const [bridges, setBridges] = useState<BridgeView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    api.fetchBridges(orgId).then(setBridges, (err: unknown) => setError(refusalText(errorCode(err), WORDING)));
  }, [api, orgId]);
  useEffect(load, [load]);

  return (
    <Page title="Monitors and bridges">
      <Text c="dimmed" maw={760}>
        A Vigil Bridge is a small program on an office computer that reads the patient monitors plugged into it (or
        sending HL7 to it) and charts their readings into the case a provider picks, for tablets that cannot connect to
        a monitor themselves, such as iPads.
      </Text>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {admin && <PairingCodeForm orgId={orgId} api={api} onCreated={load} />}
      {bridges == null && !error && <Text>Loading...</Text>}
      {bridges?.length === 0 && <Text>No bridge is paired with this office yet.</Text>}
      {bridges?.map((b) => (
        <BridgeCard
          key={b.id}
          bridge={b}
          admin={admin}
          onRevoke={async () => {
            setError(null);
            try {
              const revoked = await api.revokeBridge(orgId, b.id);
              setBridges((list) => list?.map((x) => (x.id === revoked.id ? revoked : x)) ?? null);
            } catch (err) {
              setError(refusalText(errorCode(err), WORDING));
            }
          }}
        />
      ))}
    </Page>
  );
}

function PairingCodeForm({
  orgId,
  api,
  onCreated,
}: {
  orgId: string;
  api: Pick<typeof DEFAULT_API, 'createPairingCode'>;
  onCreated: () => void;
}): ReactNode {
  const [location, setLocation] = useState('');
  const [code, setCode] = useState<BridgePairingCodeView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    setError(null);
    try {
      setCode(await api.createPairingCode(orgId, location.trim()));
      onCreated();
    } catch (err) {
      setError(refusalText(errorCode(err), WORDING));
    }
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="pair-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="pair-title">
          Pair a bridge
        </Title>
        <form onSubmit={(e) => void submit(e)}>
          <Group align="flex-end">
            <TextInput
              label="Location"
              description="Where the bridge's computer is, for example Operatory 2."
              value={location}
              onChange={(e) => setLocation(e.currentTarget.value)}
              required
              maxLength={100}
            />
            <Button type="submit" disabled={location.trim() === ''}>
              Create pairing code
            </Button>
          </Group>
        </form>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {code && (
          <Alert color="blue" title={`Pairing code for ${code.location}`}>
            <Text size="xl" fw={700} ff="monospace" data-testid="pairing-code">
              {code.code}
            </Text>
            <Text size="sm">
              Type it on the bridge's computer before {clockDateTime(code.expiresAt)}: npm run bridge -- --data
              &lt;folder&gt; --server {window.location.origin} --code {code.code} --name "&lt;name&gt;". It works once
              and is not shown again.
            </Text>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

function BridgeCard({
  bridge,
  admin,
  onRevoke,
}: {
  bridge: BridgeView;
  admin: boolean;
  onRevoke: () => Promise<void>;
}): ReactNode {
  const [confirming, setConfirming] = useState(false);
  const titleId = `bridge-${bridge.id}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Group gap="xs">
            <Title order={2} size="h4" id={titleId}>
              {bridge.name}
            </Title>
            {bridge.revokedAt != null ? (
              <Badge color="red" variant="light">
                Revoked
              </Badge>
            ) : (
              <Badge color="green" variant="light">
                Paired
              </Badge>
            )}
          </Group>
          {admin && bridge.revokedAt == null && !confirming && (
            <Button variant="outline" color="red" onClick={() => setConfirming(true)}>
              Revoke
            </Button>
          )}
        </Group>
        <Text size="sm">
          {bridge.location} · paired {when(bridge.pairedAt)} · last seen {when(bridge.lastSeenAt)}
          {bridge.revokedAt != null && ` · revoked ${when(bridge.revokedAt)}`}
        </Text>
        {confirming && (
          <Alert color="red" title={`Revoke ${bridge.name}?`}>
            <Text size="sm">Its monitors stop charting at once; to use it again, pair it with a new code.</Text>
            <Group mt="sm">
              <Button color="red" onClick={() => void onRevoke().then(() => setConfirming(false))}>
                Revoke bridge
              </Button>
              <Button variant="default" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
            </Group>
          </Alert>
        )}
        {bridge.monitors.length === 0 ? (
          <Text size="sm" c="dimmed">
            No monitor has sent a reading through this bridge yet.
          </Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Monitor</Table.Th>
                <Table.Th>Protocol</Table.Th>
                <Table.Th>Last reading</Table.Th>
                <Table.Th>Charting</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {bridge.monitors.map((m) => (
                <Table.Tr key={m.key}>
                  <Table.Td>{m.label}</Table.Td>
                  <Table.Td>{protocolLabel(m.protocol)}</Table.Td>
                  <Table.Td>{when(m.lastReadingAt)}</Table.Td>
                  <Table.Td>{m.caseId ? 'Into a case' : 'No case'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
