import { Alert, Card, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { refusalText } from '@vigil/shared';
import type { ReactNode } from 'react';
import { useLoad } from '../../data/useLoad.js';
import { Page } from '../../ui/Page.js';
import * as api from './oversightApi.js';

const when = (ms: number | null): string => (ms === null ? 'never' : new Date(ms).toLocaleString());

/** One organisation's bridges with their monitors, and its monitors and scanners from the store. */
function OrgEquipment({ org }: { org: api.TeamEquipmentOrgView }): ReactNode {
  const headingId = `equipment-${org.orgId}`;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={headingId} data-testid="equipment-org">
      <Title order={2} size="h4" id={headingId} mb="xs">
        {org.name}
      </Title>
      {org.bridges.length > 0 && (
        <Table withTableBorder striped aria-label={`Bridges of ${org.name}`} mb="sm">
          <Table.Thead>
            <Table.Tr>
              {['Bridge', 'Location', 'Last heard', 'Monitors'].map((c) => (
                <Table.Th scope="col" key={c}>
                  {c}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {org.bridges.map((b) => (
              <Table.Tr key={b.id}>
                <Table.Td>{b.name}</Table.Td>
                <Table.Td>{b.location}</Table.Td>
                <Table.Td>{when(b.lastSeenAt)}</Table.Td>
                <Table.Td>
                  {b.monitors.length === 0
                    ? 'None yet'
                    : b.monitors.map((m) => `${m.label} (${m.protocol})`).join(', ')}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {org.ordered.length > 0 && (
        <Table withTableBorder striped aria-label={`Monitors and scanners ordered by ${org.name}`}>
          <Table.Thead>
            <Table.Tr>
              {['From the store', 'Kind', 'Quantity'].map((c) => (
                <Table.Th scope="col" key={c}>
                  {c}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {org.ordered.map((d) => (
              <Table.Tr key={`${d.category}/${d.name}`}>
                <Table.Td>{d.name}</Table.Td>
                <Table.Td>{d.category === 'Scanners' ? 'Scanner' : 'Monitor'}</Table.Td>
                <Table.Td>{d.quantity}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}

/**
 * `/vigil-team/equipment-planner` (issue 41; spec 000 §2): the monitors, bridges and scanners each
 * organisation uses: its paired Vigil Bridges with the monitors each reads, and the monitors and
 * scanners it has from the team's store (EQ1).
 */
export function TeamEquipmentPage(): ReactNode {
  const equipment = useLoad(api.fetchTeamEquipment);
  return (
    <Page title="Equipment Planner">
      <Text size="sm" c="dimmed">
        Organizations with a paired bridge or monitors and scanners from the store. Browser-connected monitors and
        scanners are set up on each device, so they show here only when bought from the store.
      </Text>
      {equipment.loading && <Loader aria-label="Loading" />}
      {equipment.error && (
        <Alert color="red" role="alert">
          {refusalText(equipment.error)}
        </Alert>
      )}
      {equipment.data?.length === 0 && <Text>No organization has a bridge or equipment from the store yet.</Text>}
      <Stack gap="md">
        {equipment.data?.map((o) => (
          <OrgEquipment key={o.orgId} org={o} />
        ))}
      </Stack>
    </Page>
  );
}
