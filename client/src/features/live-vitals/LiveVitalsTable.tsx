import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DATA_IS_DELAYED, LIVE_VITALS, liveVitalsDisplay, type LiveCaseView } from '@vigil/shared';
import { clockTime } from '../../ui/format.js';

export interface LiveVitalsTableProps {
  rows: readonly LiveCaseView[];
  /** The clock the freshness is judged at (the page's, moved every second). */
  now: number;
  /** The table's accessible name (an office's name on the parent's view). */
  label: string;
}

/** What the status cell says: the banner's delayed badge (VT7), 'no data' after 60 s, or that no monitor charts. */
function Status({ display }: { display: ReturnType<typeof liveVitalsDisplay> }): ReactNode {
  if (display.kind === 'none') return <Text size="sm">No monitor</Text>;
  if (display.kind === 'noData') return <Text size="sm">no data</Text>;
  if (display.delayed)
    return (
      <Badge color={display.delayed} variant="light" data-testid="live-delayed">
        {DATA_IS_DELAYED}
      </Badge>
    );
  return (
    <Badge color="green" variant="light">
      Live
    </Badge>
  );
}

/**
 * The cases in progress with their latest vitals (issue 38 "Screens"): patient (opening the
 * case), provider, place, start, monitor, each vital as the case banner shows it (blanked by
 * VT8) and its freshness (VT7: 'Data is delayed' orange after 20 s, red after 30 s, no data
 * after 60 s), judged at `now`.
 */
export function LiveVitalsTable({ rows, now, label }: LiveVitalsTableProps): ReactNode {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Patient</Table.Th>
            <Table.Th>Provider</Table.Th>
            <Table.Th>Place</Table.Th>
            <Table.Th>Started</Table.Th>
            <Table.Th>Monitor</Table.Th>
            {LIVE_VITALS.map((v) => (
              <Table.Th key={v.type}>
                {v.label}{' '}
                <Text span size="xs">
                  ({v.unit})
                </Text>
              </Table.Th>
            ))}
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => {
            const display = liveVitalsDisplay(r, now);
            return (
              <Table.Tr
                key={`${r.orgId}/${r.caseId}`}
                data-testid="live-case"
                data-case-id={r.caseId}
                data-freshness={display.kind === 'live' ? (display.delayed ?? 'fresh') : display.kind}
                data-started-at={r.startedAt ?? undefined}
                data-last-reading-at={r.lastReadingAt ?? undefined}
              >
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={`/org/${encodeURIComponent(r.orgId)}/cases/${encodeURIComponent(r.caseId)}`}
                    aria-label={`Open case: ${r.patient}`}
                    display="inline-block"
                    py={10}
                  >
                    {r.patient}
                  </Anchor>
                </Table.Td>
                <Table.Td>{r.provider ?? '–'}</Table.Td>
                <Table.Td>{r.place ?? '–'}</Table.Td>
                <Table.Td>{r.startedAt === null ? '–' : clockTime(r.startedAt)}</Table.Td>
                <Table.Td>{r.monitorLabel ?? '–'}</Table.Td>
                {display.vitals.map((v) => (
                  <Table.Td key={v.type} data-testid={`live-${v.type}`} fw={700}>
                    {v.value ?? '–'}
                  </Table.Td>
                ))}
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Status display={display} />
                    {r.simulated && (
                      <Badge color="grape" variant="light">
                        Simulated
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
