import { Anchor, Badge, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { Contract } from '@vigil/shared';
import type { ReactNode } from 'react';
import { useCachedResources } from '../../data/useResources.js';
import { contractPdfUrl } from './tasks.js';

/** [FC19] A patient's signed contracts (spec 001 §3 Contract with the patient as subject), newest first. */
export function patientContracts(all: readonly Contract[], patientId: string): Contract[] {
  return all
    .filter((c) => c.subject?.some((s) => s.reference === `Patient/${patientId}`))
    .sort((a, b) => (b.issued ?? '').localeCompare(a.issued ?? ''));
}

export interface PatientContractsProps {
  orgId: string;
  patientId: string;
}

/** The patient's signed forms (issue 28): title, when signed, status, and the contract's PDF. */
export function PatientContracts({ orgId, patientId }: PatientContractsProps): ReactNode {
  const cached = useCachedResources(orgId, 'Contract', { subject: `Patient/${patientId}` });
  const contracts = cached.data ? patientContracts(cached.data, patientId) : undefined;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="contracts-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="contracts-heading">
          Signed Forms
        </Title>
        {contracts === undefined || (contracts.length === 0 && cached.refreshing) ? (
          <Group gap="xs" role="status">
            <Loader size="sm" />
            <Text>Loading...</Text>
          </Group>
        ) : contracts.length === 0 ? (
          <Text c="dimmed">No signed forms yet.</Text>
        ) : (
          <Table.ScrollContainer minWidth={420}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Form</Table.Th>
                  <Table.Th>Signed</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>PDF</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {contracts.map((c) => (
                  <Table.Tr key={c.id} data-testid="patient-contract">
                    <Table.Td>{c.title ?? 'Signed form'}</Table.Td>
                    <Table.Td>
                      {c.issued
                        ? new Date(c.issued).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
                        : '—'}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={c.status === 'executed' ? 'green' : 'gray'}>
                        {c.status ?? 'unknown'}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Anchor href={contractPdfUrl(orgId, c.id ?? '')} target="_blank" rel="noopener">
                        Open PDF
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {cached.error === 'NETWORK_ERROR' && (
          <Text size="sm" c="dimmed">
            Offline: showing the signed forms saved on this device.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
