import { Badge, ScrollArea, Table, Text } from '@mantine/core';
import { memo, type ReactNode } from 'react';
import { clockTime } from '../format.js';
import type { CheckpointRow } from './series.js';

const COLUMNS = [
  ['sbp', 'SBP'],
  ['dbp', 'DBP'],
  ['hr', 'HR'],
  ['spo2', 'SpO2'],
  ['rr', 'RR'],
  ['etco2', 'EtCO2'],
] as const;

export interface CheckpointTableProps {
  rows: readonly CheckpointRow[];
  intervalMinutes: 5 | 10;
}

/**
 * Vitals at each checkpoint (every 5 or 10 minutes from case start, spec 001 §9), newest first.
 * Rendered again only when its rows change: a 4-hour case has 48 rows of cells.
 */
export const CheckpointTable = memo(function CheckpointTable({
  rows,
  intervalMinutes,
}: CheckpointTableProps): ReactNode {
  if (rows.length === 0) return <Text c="dimmed">Checkpoints start when the case starts.</Text>;
  return (
    <ScrollArea.Autosize mah={320} type="auto">
      <Table striped stickyHeader aria-label={`Vitals every ${intervalMinutes} minutes`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time</Table.Th>
            {COLUMNS.map(([, label]) => (
              <Table.Th key={label}>{label}</Table.Th>
            ))}
            <Table.Th>Source</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...rows].reverse().map((r) => (
            <Table.Tr key={r.time}>
              <Table.Td>{clockTime(r.time)}</Table.Td>
              {COLUMNS.map(([type]) => (
                <Table.Td key={type}>{r.point?.values[type] ?? '–'}</Table.Td>
              ))}
              <Table.Td>
                {r.point == null ? (
                  <Text span size="sm" c="dimmed">
                    no data
                  </Text>
                ) : r.point.source === 'manual' ? (
                  'Manual'
                ) : r.point.simulated ? (
                  <Badge color="grape" variant="light">
                    Simulated
                  </Badge>
                ) : (
                  'Monitor'
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
});
