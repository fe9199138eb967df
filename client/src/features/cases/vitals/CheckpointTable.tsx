import { Table, Text } from '@mantine/core';
import { memo, type ReactNode } from 'react';
import { readingMap } from '@vigil/shared';
import { clockTime } from '../../../ui/format.js';
import { CELL, HEADER_CELL, ROW, STRIPED_ROW } from '../lightTable.js';
import classes from './CheckpointTable.module.css';
import type { CheckpointRow } from './series.js';

const COLUMNS = [
  ['sbp', 'SBP'],
  ['dbp', 'DBP'],
  ['map', 'MAP'],
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
 * Rendered again only when its rows change: a 4-hour case has 48 rows of cells, drawn as plain
 * table elements (lightTable.ts) in a natively scrolling box (focusable, so the keyboard scrolls
 * it; Mantine's ScrollArea read its scroll position as it mounted, a forced layout).
 */
export const CheckpointTable = memo(function CheckpointTable({
  rows,
  intervalMinutes,
}: CheckpointTableProps): ReactNode {
  if (rows.length === 0) return <Text c="dimmed">Checkpoints start when the case starts.</Text>;
  return (
    <div
      className={classes.scroll}
      tabIndex={0}
      role="region"
      aria-label={`Checkpoints, every ${intervalMinutes} minutes`}
    >
      <Table striped stickyHeader aria-label={`Vitals every ${intervalMinutes} minutes`}>
        <Table.Thead>
          <tr {...ROW}>
            <th {...HEADER_CELL}>Time</th>
            {COLUMNS.map(([, label]) => (
              <th {...HEADER_CELL} key={label}>
                {label}
              </th>
            ))}
            <th {...HEADER_CELL}>Source</th>
          </tr>
        </Table.Thead>
        <Table.Tbody>
          {[...rows].reverse().map((r) => (
            <tr {...STRIPED_ROW} key={r.time}>
              <td {...CELL}>{clockTime(r.time)}</td>
              {COLUMNS.map(([type]) => (
                <td {...CELL} key={type}>
                  {(r.point && (type === 'map' ? readingMap(r.point.values) : r.point.values[type])) ?? '–'}
                </td>
              ))}
              <td {...CELL}>
                {r.point == null ? (
                  <span className={classes.noData}>no data</span>
                ) : r.point.source === 'manual' ? (
                  'Manual'
                ) : r.point.simulated ? (
                  <span className={classes.simulated}>Simulated</span>
                ) : (
                  'Monitor'
                )}
              </td>
            </tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
});
