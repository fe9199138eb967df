import { Code, Stack, Table, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import {
  isBlankReading,
  MONITOR_BLANK_VALUES,
  MONITOR_READING_VITALS,
  type MonitorProtocol,
  type MonitorReading,
} from '@vigil/shared';
import { useLiveMonitorStatus, useSerialMonitor, type SerialMonitorHandle } from '../../devices/useSerialMonitor.js';
import type { SerialLike } from '../../devices/webSerial.js';
import { Page } from '../../ui/Page.js';
import { MonitorConnect } from './MonitorConnect.js';

/** Column names of the readings table, by the case's vital keys. */
const VITAL_NAMES: Readonly<Record<(typeof MONITOR_READING_VITALS)[number], string>> = {
  hr: 'HR',
  spo2: 'SpO2',
  sbp: 'SBP',
  dbp: 'DBP',
  map: 'MAP',
  rr: 'RR',
  etco2: 'EtCO2',
  temp: 'Temp',
  pi: 'PI',
};

const timeOf = (epochMs: number): string => new Date(epochMs).toLocaleTimeString([], { hour12: false });

function ReadingsTable({ readings }: { readings: readonly MonitorReading[] }): ReactNode {
  const vitals = MONITOR_READING_VITALS.filter((v) => readings.some((r) => r.vitals[v] != null));
  if (readings.length === 0) return <Text c="dimmed">No readings yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table striped data-testid="parsed-readings">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Received</Table.Th>
            {vitals.map((v) => (
              <Table.Th key={v}>{VITAL_NAMES[v]}</Table.Th>
            ))}
            <Table.Th>Flags</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...readings].reverse().map((r, i) => (
            <Table.Tr key={`${r.receivedAt}-${i}`}>
              <Table.Td>{timeOf(r.receivedAt)}</Table.Td>
              {vitals.map((v) => {
                const vital = r.vitals[v];
                return <Table.Td key={v}>{vital == null ? '' : (vital.value ?? '–')}</Table.Td>;
              })}
              <Table.Td>{r.flags.join(', ')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function StreamLog({ monitor }: { monitor: SerialMonitorHandle }): ReactNode {
  const { log } = monitor;
  return (
    <>
      <Stack gap="xs" component="section" aria-labelledby="parsed-title">
        <Title order={2} size="h4" id="parsed-title">
          What Vigil reads
        </Title>
        <ReadingsTable readings={log.readings} />
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="raw-title">
        <Title order={2} size="h4" id="raw-title">
          What the monitor sends
        </Title>
        {log.raw === '' ? (
          <Text c="dimmed">Nothing received yet.</Text>
        ) : (
          <Code block data-testid="raw-bytes" style={{ maxHeight: 240, overflow: 'auto' }} tabIndex={0}>
            {log.raw}
          </Code>
        )}
      </Stack>
      {log.issues.length > 0 && (
        <Stack gap="xs" component="section" aria-labelledby="issues-title">
          <Title order={2} size="h4" id="issues-title">
            What Vigil could not read
          </Title>
          <ul data-testid="monitor-issues">
            {log.issues.map((issue, i) => (
              <li key={i}>
                <Text size="sm" c={issue.severity === 'error' ? 'red.9' : undefined}>
                  {issue.message}
                </Text>
              </li>
            ))}
          </ul>
        </Stack>
      )}
    </>
  );
}

export interface TestMonitorsPageProps {
  /** The Web Serial to use; the browser's by default. */
  serial?: SerialLike | null;
}

/**
 * Test Monitor Connection (spec 000 §2 account menu; /demo?mode=testMonitors): connect a monitor
 * on this browser's serial port and see the bytes it sends and the readings Vigil reads from them,
 * live, without a case (nothing is charted). The Masimo choice carries the ASCII 1 note.
 */
export function TestMonitorsPage({ serial }: TestMonitorsPageProps): ReactNode {
  const monitor = useSerialMonitor({ keepLog: true, ...(serial === undefined ? {} : { serial }) });
  const live = useLiveMonitorStatus(monitor);
  const [protocol, setProtocol] = useState<MonitorProtocol>('nonin');
  return (
    <Page title="Test Monitor Connection">
      <Text>
        Connect a monitor to see what it sends and what Vigil reads from it. No case is open here: nothing is charted.
      </Text>
      <MonitorConnect monitor={monitor} protocol={protocol} onProtocol={setProtocol} live={live} showNote />
      {live === 'connected' && monitor.latest != null && isBlankReading(monitor.latest) && (
        <Text c="orange.9">{MONITOR_BLANK_VALUES}</Text>
      )}
      {monitor.supported && <StreamLog monitor={monitor} />}
    </Page>
  );
}
