import { Anchor, Badge, Button, Card, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { RequestError } from '../../data/graphql.js';
import { Page } from '../../ui/Page.js';
import { useMayAdminister } from '../../data/orgAccess.js';
import * as api from './api.js';
import { LoadStatus } from './LoadStatus.js';
import { useInventories } from './hooks.js';
import { ledgerErrorText, stockText } from './texts.js';

/** A lot's expiry with its state: "Expired" red, "Expires soon" yellow (LG13). */
export function ExpiryBadge({ lot }: { lot: api.InventoryLot }): ReactNode {
  if (lot.expired) return <Badge color="red">Expired</Badge>;
  if (lot.expiringSoon) return <Badge color="yellow">Expires soon</Badge>;
  return null;
}

/** /org/{orgId}/inventories (spec 000 §2, issue 29): the safes and carts, their lots' counts and what expires soon. */
export function InventoriesPage(): ReactNode {
  const { orgId = '' } = useParams();
  const base = `/org/${encodeURIComponent(orgId)}/inventories`;
  const inventories = useInventories(orgId);
  const isAdmin = useMayAdminister(orgId);
  return (
    <Page title="Inventories">
      <Text c="dimmed" maw={720}>
        Controlled drugs in the office’s safes and carts. Every movement is written to an append-only ledger that must
        reconcile with the cases.
      </Text>
      <Group>
        <Button component={Link} to={`${base}/log`} variant="default" mih={44}>
          Ledger log
        </Button>
      </Group>
      {isAdmin && <CreateInventory orgId={orgId} onCreated={inventories.reload} />}
      <LoadStatus loaded={inventories} failedTitle="The inventories could not be loaded" />
      {inventories.data?.length === 0 && (
        <Card withBorder padding="lg">
          <Text fw={600}>No inventories yet</Text>
          <Text c="dimmed">
            {isAdmin
              ? 'Create one for each safe or cart that holds controlled drugs.'
              : 'An administrator creates them.'}
          </Text>
        </Card>
      )}
      {inventories.data?.map((inv) => (
        <Card key={inv.id} withBorder padding="md" component="section" aria-labelledby={`inv-${inv.id}`}>
          <Stack gap="xs">
            <Group justify="space-between">
              <Group gap="xs">
                <Title order={2} size="h4" id={`inv-${inv.id}`}>
                  <Anchor component={Link} to={`${base}/${encodeURIComponent(inv.id)}`}>
                    {inv.name}
                  </Anchor>
                </Title>
                <Badge variant="light">{inv.kind === 'safe' ? 'Safe' : 'Cart'}</Badge>
              </Group>
              {inv.lots.some((l) => l.expired || l.expiringSoon) && (
                <Badge color="yellow">{inv.lots.filter((l) => l.expired || l.expiringSoon).length} expiring</Badge>
              )}
            </Group>
            {inv.lots.length === 0 ? <Text c="dimmed">No lots received yet.</Text> : <LotCounts lots={inv.lots} />}
          </Stack>
        </Card>
      ))}
    </Page>
  );
}

function LotCounts({ lots }: { lots: api.InventoryLot[] }): ReactNode {
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Drug</Table.Th>
            <Table.Th>Lot</Table.Th>
            <Table.Th>Expiry</Table.Th>
            <Table.Th>In stock</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lots.map((l) => (
            <Table.Tr key={l.id}>
              <Table.Td>
                {l.drug}{' '}
                <Text span size="sm" c="dimmed">
                  C-{l.schedule}
                </Text>
              </Table.Td>
              <Table.Td>{l.lotNumber}</Table.Td>
              <Table.Td>
                <Group gap={6}>
                  {l.expiry} <ExpiryBadge lot={l} />
                </Group>
              </Table.Td>
              <Table.Td>{stockText(l.balance, l.packageAmount, l.unit)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function CreateInventory({ orgId, onCreated }: { orgId: string; onCreated: () => void }): ReactNode {
  const [name, setName] = useState('');
  const [kind, setKind] = useState<'safe' | 'cart'>('safe');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    if (name.trim() === '') {
      setError('Enter a name, such as “Main safe”.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.createInventory(orgId, name.trim(), kind);
      setName('');
      onCreated();
    } catch (err) {
      setError(ledgerErrorText(err instanceof RequestError ? err.code : 'UNKNOWN'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Create an inventory">
      <Group align="flex-end">
        <TextInput
          label="New inventory"
          placeholder="Main safe"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={error}
          styles={{ input: { minHeight: 44 } }}
        />
        <Select
          label="Kind"
          data={[
            { value: 'safe', label: 'Safe' },
            { value: 'cart', label: 'Cart' },
          ]}
          value={kind}
          onChange={(v) => setKind(v === 'cart' ? 'cart' : 'safe')}
          allowDeselect={false}
          w={120}
          styles={{ input: { minHeight: 44 } }}
        />
        <Button type="submit" mih={44} loading={busy}>
          Create inventory
        </Button>
      </Group>
    </form>
  );
}
