import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useCaseLedger } from './hooks.js';
import { ledgerErrorText, lineStatusText, reconciliationText } from './texts.js';

/** The chosen case's controlled drugs: each drawn amount against given + wasted + returned (LG11). */
export function CaseReconciliation({ orgId, caseId }: { orgId: string; caseId: string }): ReactNode {
  const lines = useCaseLedger(orgId, caseId);
  if (lines.error)
    return (
      <Alert color="red" role="alert">
        {ledgerErrorText(lines.error)}
      </Alert>
    );
  if (!lines.data) return null;
  return (
    <Stack gap={4} component="section" aria-label="Case reconciliation">
      <Text fw={600}>This case’s controlled drugs</Text>
      {lines.data.length === 0 && <Text c="dimmed">Nothing was drawn from an inventory for this case.</Text>}
      {lines.data.map((l) => (
        <Group key={l.drug} gap="xs" data-testid="case-ledger-line">
          <Text>
            {l.drug}: {reconciliationText(l)}
          </Text>
          <Badge color={l.reconciles ? 'green' : 'red'}>{lineStatusText(l)}</Badge>
        </Group>
      ))}
    </Stack>
  );
}
