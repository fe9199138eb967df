import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { ledgerLineDifference, ledgerLineReconciles } from '@vigil/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SectionFrame } from '../../ui/SectionFrame.js';
import { useCaseLedger } from './CaseLedgerContext.js';
import { CASE_LEDGER_OFFLINE, KIND_LABELS, ledgerErrorText, lineStatusText } from './texts.js';

/** The section's anchor for the case screen's navigation. */
export const CASE_LEDGER_SECTION_ID = 'case-ledger';

/**
 * "Controlled drugs" on the case screen (issue 29): for each controlled drug drawn for the case,
 * drawn against given + wasted + returned (LG11), "Reconciled" or what is missing, and a link to
 * the ledger log filtered to the case, and the witnessed corrections made after the case was
 * signed (issue 35 item 5), each with who made and witnessed it and why. Shown beside the
 * sign-off checks, where a provider looks at the end of a case; hidden when the organisation
 * keeps no ledger.
 */
export function CaseLedgerSection(): ReactNode {
  const ledger = useCaseLedger();
  if (ledger == null || ledger.status === 'off') return null;
  const { orgId, caseId, status, lines } = ledger;
  const rows = (lines ?? []).map((l) => ({
    ...l,
    reconciles: ledgerLineReconciles(l),
    difference: ledgerLineDifference(l),
  }));
  const open = rows.filter((l) => !l.reconciles).length;
  const summary =
    status === 'ready' ? (
      <Badge color={open === 0 ? 'green' : 'red'} variant="light" data-testid="case-ledger-summary">
        {open === 0 ? (rows.length === 0 ? 'Nothing drawn' : 'Reconciled') : `${open} not reconciled`}
      </Badge>
    ) : status === 'offline' ? (
      <Badge color="gray" variant="light" data-testid="case-ledger-summary">
        Needs the network
      </Badge>
    ) : null;
  const logLink = `/org/${encodeURIComponent(orgId)}/inventories/log?case=${encodeURIComponent(caseId)}`;
  return (
    <SectionFrame id={CASE_LEDGER_SECTION_ID} title="Controlled drugs" aside={summary}>
      {status === 'loading' && (
        <Text size="sm" c="dimmed">
          Reading the controlled-drug ledger…
        </Text>
      )}
      {status === 'offline' && (
        <Text size="sm" role="status">
          {CASE_LEDGER_OFFLINE}
        </Text>
      )}
      {status === 'error' && (
        <Text size="sm" c="red" role="alert">
          {ledgerErrorText(ledger.error ?? '')}
        </Text>
      )}
      {status === 'ready' && rows.length === 0 && (
        <Text size="sm" c="dimmed">
          Nothing was drawn from an inventory for this case.
        </Text>
      )}
      {status === 'ready' && rows.length > 0 && (
        <Table.ScrollContainer minWidth={340}>
          <Table aria-label="Controlled drugs drawn for this case">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Drug</Table.Th>
                <Table.Th ta="right">Drawn</Table.Th>
                <Table.Th ta="right">Given</Table.Th>
                <Table.Th ta="right">Wasted</Table.Th>
                <Table.Th ta="right">Returned</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((l) => (
                <Table.Tr key={l.drug} data-testid="case-ledger-row">
                  <Table.Td>
                    <Text size="sm">{l.drug}</Text>
                    {/* Words that wrap, not a badge that cuts them short on a phone. */}
                    <Text size="sm" fw={600} c={l.reconciles ? 'green.9' : 'red.9'}>
                      {lineStatusText(l)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{`${l.drawn} ${l.unit}`}</Table.Td>
                  <Table.Td ta="right">{`${l.given} ${l.unit}`}</Table.Td>
                  <Table.Td ta="right">{`${l.wasted} ${l.unit}`}</Table.Td>
                  <Table.Td ta="right">{`${l.returned} ${l.unit}`}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {status === 'ready' && ledger.corrections.length > 0 && (
        <Stack gap={4} component="section" aria-label="Corrections after signing">
          <Text size="sm" fw={600}>
            Corrections after signing
          </Text>
          {ledger.corrections.map((c) => (
            <Text size="sm" key={c.id} data-testid="case-ledger-correction">
              {`${new Date(c.at).toLocaleString()} · ${KIND_LABELS[c.corrects ?? ''] ?? 'Correction'} ${c.quantity} ${c.unit} of ${c.drug} · by ${c.userName}, witnessed by ${c.witnessName ?? '?'} · ${c.reason ?? ''}`}
            </Text>
          ))}
        </Stack>
      )}
      <Group gap="md">
        <Anchor component={Link} to={logLink}>
          Ledger log for this case
        </Anchor>
        {status !== 'loading' && (
          <Button variant="default" mih={44} onClick={ledger.reload}>
            {status === 'ready' ? 'Refresh' : 'Try again'}
          </Button>
        )}
      </Group>
    </SectionFrame>
  );
}
