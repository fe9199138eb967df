import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { memo, useState, type ReactNode } from 'react';
import { pctOfMaxForDisplay } from '@vigil/shared';
import { ConfirmRemoval } from '../../../ui/ConfirmRemoval.js';
import { clockTime } from '../../../ui/format.js';
import { PAINTS_ALONE } from '../lightTable.js';
import type { DrugSummary } from './model.js';

export interface DrugTableProps {
  title: string;
  summaries: readonly DrugSummary[];
  showWaste: boolean;
  disabled: boolean;
  onRemove: (entryId: string) => void;
}

const amountText = (n: number | null, unit: string): string => (n == null ? '–' : `${n} ${unit}`);

/**
 * One dose of a drug's row. Kept while its own values are the same: charting a dose re-renders
 * the new line and the totals, not every earlier dose of a long case.
 */
const DoseLine = memo(function DoseLine({
  drugName,
  entryId,
  text,
  perKg,
  unit,
  isPreProcedure,
  disabled,
  onRemove,
}: {
  drugName: string;
  entryId: string;
  text: string;
  perKg: number | null;
  unit: string;
  isPreProcedure: boolean;
  disabled: boolean;
  onRemove: (removing: { entryId: string; text: string }) => void;
}): ReactNode {
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm">{text}</Text>
      {perKg != null && (
        <Text size="xs" c="dimmed">
          ({perKg} {unit}/kg)
        </Text>
      )}
      {isPreProcedure && (
        <Badge size="sm" variant="light">
          pre-procedure
        </Badge>
      )}
      <Button
        variant="subtle"
        color="red"
        size="xs"
        mih={44}
        disabled={disabled}
        aria-label={`Remove ${drugName} ${text}`}
        onClick={() => onRemove({ entryId, text: `${drugName} ${text}` })}
      >
        Remove
      </Button>
    </Group>
  );
});

/** Red past the maximum, orange from 80 %, as the local anesthetic tracker colours its shares. */
export function pctColour(pct: number | null): string {
  if (pct == null) return 'gray';
  return pct > 100 ? 'red' : pct >= 80 ? 'orange' : 'green';
}

/** The drug's maximum for the patient and its percent [DM3], the source on hover. */
function MaximumCell({ summary: s }: { summary: DrugSummary }): ReactNode {
  const max = s.totals.maxDose;
  if (max == null || s.totals.pctOfMax == null) {
    return (
      <Text size="sm" c="dimmed">
        no maximum
      </Text>
    );
  }
  const pct = pctOfMaxForDisplay(s.totals.pctOfMax);
  return (
    <Group gap={6} wrap="nowrap" title={s.totals.maxima?.map((m) => m.source).join('\n')}>
      <Text size="sm">
        {max.amount} {max.unit}
      </Text>
      <Badge color={pctColour(pct)} variant={pct > 100 ? 'filled' : 'light'}>
        {pct}% of max
      </Badge>
    </Group>
  );
}

/**
 * Doses of one route group with running totals per drug [DR5]: total, given during the
 * procedure, and drawn and wasted when the case calculates drug waste. A dose is removed only
 * after a confirmation.
 */
export function DrugTable({ title, summaries, showWaste, disabled, onRemove }: DrugTableProps): ReactNode {
  const [removing, setRemoving] = useState<{ entryId: string; text: string } | null>(null);
  if (summaries.length === 0) return null;
  return (
    <>
      <Table striped aria-label={title} captionSide="top" className={PAINTS_ALONE}>
        <Table.Caption>{title}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Medication</Table.Th>
            <Table.Th>Given</Table.Th>
            <Table.Th>Total</Table.Th>
            <Table.Th>During procedure</Table.Th>
            <Table.Th>Maximum</Table.Th>
            {showWaste && <Table.Th>Drawn</Table.Th>}
            {showWaste && <Table.Th>Wasted</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {summaries.map((s) => (
            <Table.Tr key={s.key}>
              <Table.Td fw={600}>{s.name}</Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  {s.doses.map((d) => (
                    <DoseLine
                      key={d.entryId}
                      drugName={s.name}
                      entryId={d.entryId}
                      text={`${d.amount} ${d.unit} ${d.route} at ${clockTime(d.time)}`}
                      perKg={d.perKg}
                      unit={d.unit}
                      isPreProcedure={d.isPreProcedure}
                      disabled={disabled}
                      onRemove={setRemoving}
                    />
                  ))}
                </Stack>
              </Table.Td>
              <Table.Td data-testid={`total-${s.key}`}>{amountText(s.totals.total, s.totals.unit)}</Table.Td>
              <Table.Td>{amountText(s.totals.givenDuringProcedure, s.totals.unit)}</Table.Td>
              <Table.Td data-testid={`max-${s.key}`}>
                <MaximumCell summary={s} />
              </Table.Td>
              {showWaste && <Table.Td>{amountText(s.totals.totalDrawn, s.totals.unit)}</Table.Td>}
              {showWaste && <Table.Td>{amountText(s.totals.wasted, s.totals.unit)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <ConfirmRemoval
        title="Remove this entry?"
        question={removing ? `Remove ${removing.text}?` : null}
        onKeep={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) onRemove(removing.entryId);
          setRemoving(null);
        }}
      />
    </>
  );
}
