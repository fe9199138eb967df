import { Anchor, Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useSession } from '../../session/SessionProvider.js';
import { Page } from '../../ui/Page.js';
import { useMayAdminister } from '../../data/orgAccess.js';
import type * as api from './api.js';
import { CameraScan } from './CameraScan.js';
import { EntryDialog, type EntryKind } from './EntryDialog.js';
import { useInventory } from './hooks.js';
import { ExpiryBadge } from './InventoriesPage.js';
import { ReceiveForm } from './ReceiveForm.js';
import { ScanField } from './ScanField.js';
import { lotForScan, type ScannedPackage } from './scan.js';
import { LoadStatus } from './LoadStatus.js';
import { KIND_LABELS, stockText } from './texts.js';

const PROVIDER_KINDS: readonly EntryKind[] = ['dispense', 'waste', 'return', 'administer', 'correction'];
const ADMIN_KINDS: readonly EntryKind[] = ['adjust', 'count'];

/** The inventory's lots: drug, lot, expiry and stock, with a button per entry kind the user may record. */
function LotsTable({
  lots,
  kinds,
  onRecord,
}: {
  lots: readonly api.InventoryLot[];
  kinds: readonly EntryKind[];
  onRecord: (lot: api.InventoryLot, kind: EntryKind) => void;
}): ReactNode {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Drug</Table.Th>
            <Table.Th>Lot</Table.Th>
            <Table.Th>Expiry</Table.Th>
            <Table.Th>In stock</Table.Th>
            {kinds.length > 0 && <Table.Th>Record</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lots.map((l) => (
            <Table.Tr key={l.id}>
              <Table.Td>
                <Text fw={600}>{l.drug}</Text>
                <Text size="sm" c="dimmed">
                  {l.strength} · C-{l.schedule}
                  {l.ndc ? ` · NDC ${l.ndc}` : ''}
                </Text>
              </Table.Td>
              <Table.Td>{l.lotNumber}</Table.Td>
              <Table.Td>
                <Group gap={6}>
                  {l.expiry} <ExpiryBadge lot={l} />
                </Group>
              </Table.Td>
              <Table.Td>{stockText(l.balance, l.packageAmount, l.unit)}</Table.Td>
              {kinds.length > 0 && (
                <Table.Td>
                  <Group gap={4}>
                    {kinds.map((k) => (
                      <Button
                        key={k}
                        size="compact-sm"
                        variant="light"
                        mih={44}
                        aria-label={`${KIND_LABELS[k]} ${l.drug} lot ${l.lotNumber}`}
                        onClick={() => onRecord(l, k)}
                      >
                        {KIND_LABELS[k]}
                      </Button>
                    ))}
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * /org/{orgId}/inventories/{inventoryId} (issue 29): the lots with their stock; receive by scan
 * (administrators); dispense to a case, waste with a witness, return, administer and a signed case's
 * correction (providers);
 * adjust and count (administrators). Scanning a package of a lot already here opens its dispense.
 */
export function InventoryPage(): ReactNode {
  const { orgId = '', inventoryId = '' } = useParams();
  const inventory = useInventory(orgId, inventoryId);
  const isAdmin = useMayAdminister(orgId);
  const { session } = useSession();
  const isProvider = session?.orgs.regular.some((o) => o.id === orgId && o.roles.includes('provider')) ?? false;
  const [dialog, setDialog] = useState<{ lot: api.InventoryLot; kind: EntryKind } | null>(null);
  const [scanned, setScanned] = useState<ScannedPackage | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const base = `/org/${encodeURIComponent(orgId)}/inventories`;
  const lots = inventory.data?.lots ?? [];
  const onScan = (s: ScannedPackage): void => {
    const lot = lotForScan(lots, s);
    if (lot && isProvider) {
      setNotice(null);
      setDialog({ lot, kind: 'dispense' });
    } else if (isAdmin) {
      setScanned(s);
      setNotice(
        lot
          ? `Lot ${lot.lotNumber} is here already: receiving adds to it.`
          : 'New lot: complete the details and receive.',
      );
    } else {
      setNotice(lot ? `Lot ${lot.lotNumber}: only providers dispense.` : 'This lot is not in this inventory.');
    }
  };
  const kinds = [...(isProvider ? PROVIDER_KINDS : []), ...(isAdmin ? ADMIN_KINDS : [])];
  return (
    <Page title={inventory.data?.name ?? 'Inventory'}>
      <Group>
        <Anchor component={Link} to={base}>
          All inventories
        </Anchor>
        <Button component={Link} to={`${base}/${encodeURIComponent(inventoryId)}/log`} variant="default" mih={44}>
          Ledger log
        </Button>
      </Group>
      <LoadStatus loaded={inventory} failedTitle="The inventory could not be loaded" />
      {inventory.data && (
        <>
          {(isAdmin || isProvider) && (
            <Card withBorder padding="md" component="section" aria-labelledby="scan-title">
              <Stack>
                <Title order={2} size="h4" id="scan-title">
                  Scan a package
                </Title>
                <Group align="flex-end">
                  <div style={{ flex: 1, minWidth: 240 }}>
                    <ScanField label="Package barcode" onScan={onScan} />
                  </div>
                  <CameraScan onScan={onScan} />
                </Group>
                {notice && (
                  <Text role="status" size="sm">
                    {notice}
                  </Text>
                )}
              </Stack>
            </Card>
          )}
          <Card withBorder padding="md" component="section" aria-labelledby="lots-title">
            <Stack>
              <Title order={2} size="h4" id="lots-title">
                Lots
              </Title>
              {lots.length === 0 ? (
                <Text c="dimmed">No lots yet. {isAdmin ? 'Scan a package to receive it.' : ''}</Text>
              ) : (
                <LotsTable lots={lots} kinds={kinds} onRecord={(lot, kind) => setDialog({ lot, kind })} />
              )}
            </Stack>
          </Card>
          {isAdmin && (
            <Card withBorder padding="md" component="section" aria-labelledby="receive-title">
              <Stack>
                <Group gap="xs">
                  <Title order={2} size="h4" id="receive-title">
                    Receive
                  </Title>
                  <Badge variant="light">Administrators</Badge>
                </Group>
                <ReceiveForm
                  orgId={orgId}
                  inventoryId={inventoryId}
                  scanned={scanned}
                  onDone={(e) => {
                    setScanned(null);
                    setNotice(`Received ${e.quantity} ${e.unit} of ${e.drug}, lot ${e.lotNumber}.`);
                    inventory.reload();
                  }}
                />
              </Stack>
            </Card>
          )}
        </>
      )}
      {dialog && (
        <EntryDialog
          orgId={orgId}
          lot={dialog.lot}
          kind={dialog.kind}
          onClose={() => setDialog(null)}
          onDone={(e) => {
            setDialog(null);
            setNotice(
              `${KIND_LABELS[e.kind]}: ${e.quantity} ${e.unit} of ${e.drug}, lot ${e.lotNumber}. Entry ${e.seq}.`,
            );
            inventory.reload();
          }}
        />
      )}
    </Page>
  );
}
