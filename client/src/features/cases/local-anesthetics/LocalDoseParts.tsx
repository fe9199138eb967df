import { Alert, Badge, Button, Group, Progress, SimpleGrid, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { findVariant, officeFirst, type Issue } from '@vigil/shared';
import { useParams } from 'react-router';
import { useOfficeDrugs } from '../../../data/officeDrugs.js';
import { useMemo, type ReactNode } from 'react';
import { clockTime } from '../../../ui/format.js';
import { PAINTS_ALONE } from '../lightTable.js';
import {
  PICKABLE_VARIANTS,
  VARIANT_COLOURS,
  unitText,
  variantLabel,
  type ChartedLocalDose,
  type TrackerSummary,
} from './localAnesthetics.js';

/*
 * The local anesthetic tracker's parts (LocalAnestheticTracker.tsx): the variant picker, the
 * warnings, the totals per drug and the table of doses given.
 */

/** A share of a maximum as a colour: green, orange from 80 %, red past 100 %, grey with no maximum. */
export function pctColour(pct: number | null): string {
  if (pct == null) return 'gray';
  return pct > 100 ? 'red' : pct >= 80 ? 'orange' : 'green';
}

export interface VariantPickerProps {
  variantId: string;
  onPick: (variantId: string) => void;
  disabled?: boolean | undefined;
}

/** The variants as buttons in their cartridge colours (spec 002 §3), one of them picked. */
export function VariantPicker({ variantId, onPick, disabled }: VariantPickerProps): ReactNode {
  // [OD3] The office's variants first (customize-drugs): the office of the case screen's address.
  const office = useOfficeDrugs(useParams().orgId ?? '');
  const variants = useMemo(
    () => officeFirst(PICKABLE_VARIANTS, office, 'local', (_d, known) => known ?? null),
    [office],
  );
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="xs" role="radiogroup" aria-label="Local anesthetic">
      {variants.map((v) => {
        const colour = VARIANT_COLOURS[v.id] ?? { background: '#fff', text: '#000' };
        const selected = v.id === variantId;
        return (
          <UnstyledButton
            key={v.id}
            role="radio"
            aria-checked={selected}
            onClick={() => onPick(v.id)}
            disabled={disabled}
            style={{
              minHeight: 48,
              padding: '8px 10px',
              borderRadius: 8,
              background: colour.background,
              color: colour.text,
              border: selected ? '3px solid #1c7ed6' : '1px solid #adb5bd',
              boxShadow: selected ? '0 0 0 2px #fff inset' : undefined,
              fontWeight: selected ? 700 : 500,
            }}
          >
            {variantLabel(v)}
          </UnstyledButton>
        );
      })}
    </SimpleGrid>
  );
}

/** The tracker's warnings: an error or a maximum exceeded filled red, the rest orange. */
export function DoseIssueAlerts({ issues }: { issues: readonly Issue[] }): ReactNode {
  return (
    <>
      {issues.map((i) => {
        const over = i.severity === 'error' || i.code.endsWith('_EXCEEDED');
        return (
          <Alert
            key={`${i.code}-${i.message}`}
            color={over ? 'red' : 'orange'}
            variant={over ? 'filled' : 'light'}
            role="alert"
          >
            {i.message}
          </Alert>
        );
      })}
    </>
  );
}

/** mg and the share of the maximum per drug, and all local anesthetics combined; nothing before a dose. */
export function LocalDoseTotals({ summary }: { summary: TrackerSummary }): ReactNode {
  if (summary.rows.length === 0) return null;
  return (
    <Stack gap={6} data-testid="la-totals">
      {summary.rows.map((r) => (
        <div key={r.drugId}>
          <Group justify="space-between">
            <Text size="sm">
              {r.name}: {r.mg} mg
            </Text>
            <Badge color={pctColour(r.pctOfMax)} variant="light">
              {r.pctOfMax == null ? 'no maximum' : `${r.pctOfMax}% of max`}
            </Badge>
          </Group>
          {r.pctOfMax != null && (
            <Progress value={Math.min(r.pctOfMax, 100)} color={pctColour(r.pctOfMax)} aria-hidden />
          )}
        </div>
      ))}
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          All local anesthetics combined
        </Text>
        <Badge color={pctColour(summary.combinedPct)} data-testid="la-combined">
          {summary.combinedPct}% of max
        </Badge>
      </Group>
    </Stack>
  );
}

export interface LocalDoseTableProps {
  doses: readonly ChartedLocalDose[];
  disabled?: boolean | undefined;
  onRemove: (id: string) => void;
}

/** The doses given, by time, each removable after a confirmation; nothing before a dose. */
export function LocalDoseTable({ doses, disabled, onRemove }: LocalDoseTableProps): ReactNode {
  if (doses.length === 0) return null;
  return (
    <Table striped aria-label="Local anesthetic doses given" className={PAINTS_ALONE}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Time</Table.Th>
          <Table.Th>Drug</Table.Th>
          <Table.Th>Given</Table.Th>
          <Table.Th>mg</Table.Th>
          <Table.Th>Epinephrine mg</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {[...doses]
          .sort((a, b) => a.time - b.time)
          .map((d) => {
            const v = findVariant(d.drugVariantId);
            return (
              <Table.Tr key={d.id}>
                <Table.Td>{clockTime(d.time)}</Table.Td>
                <Table.Td>{v ? variantLabel(v) : d.drugVariantId}</Table.Td>
                <Table.Td>
                  {d.amount} {unitText(d.unit, d.amount)}
                </Table.Td>
                <Table.Td>{d.mg}</Table.Td>
                <Table.Td>{d.epiMg}</Table.Td>
                <Table.Td>
                  <Button
                    variant="subtle"
                    color="red"
                    mih={44}
                    disabled={disabled}
                    aria-label={`Remove ${v ? variantLabel(v) : 'dose'} at ${clockTime(d.time)}`}
                    onClick={() => {
                      if (window.confirm('Remove this dose?')) onRemove(d.id);
                    }}
                  >
                    Remove
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
      </Table.Tbody>
    </Table>
  );
}
