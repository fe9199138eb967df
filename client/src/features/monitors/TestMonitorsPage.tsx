import { Code, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import {
  isBlankReading,
  MONITOR_BLANK_VALUES,
  MONITOR_READING_VITALS,
  type BridgeReadingView,
  type BridgeView,
  type MonitorProtocol,
  type MonitorReading,
} from '@vigil/shared';
import { useLiveMonitorStatus, useSerialMonitor, type SerialMonitorHandle } from '../../devices/useSerialMonitor.js';
import type { SerialLike } from '../../devices/webSerial.js';
import { LightNativeSelect } from '../../ui/kit/LightNativeSelect.js';
import { Page } from '../../ui/Page.js';
import { fetchBridgeMonitorReadings, fetchBridges } from './bridgesApi.js';
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

/** What the readings table shows of a reading: a monitor's own (this browser) or a bridge's (the server). */
type TableReading = Pick<MonitorReading, 'receivedAt' | 'flags'> & {
  vitals: Partial<Record<(typeof MONITOR_READING_VITALS)[number], { value: number | null }>>;
};

function ReadingsTable({ readings }: { readings: readonly TableReading[] }): ReactNode {
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

/** How often the bridge monitor's latest readings are asked for. */
export const BRIDGE_READINGS_POLL_MS = 2000;

const BRIDGE_API = { fetchBridges, fetchBridgeMonitorReadings };

const tableReading = (r: BridgeReadingView): TableReading => ({
  receivedAt: r.receivedAt,
  flags: [],
  vitals: Object.fromEntries(r.vitals.map((v) => [v.vital, { value: v.value }])),
});

/**
 * A bridge's monitor (issue 38): for a member of the office, pick one of its paired bridges'
 * monitors and see the readings the server received from it lately, asked for every
 * BRIDGE_READINGS_POLL_MS. Hidden when the office's bridges cannot be read (signed out, not a
 * member, offline).
 */
function BridgeMonitorTest({ orgId, api }: { orgId: string; api: typeof BRIDGE_API }): ReactNode {
  const [bridges, setBridges] = useState<BridgeView[] | null>(null);
  const [picked, setPicked] = useState('');
  const [readings, setReadings] = useState<BridgeReadingView[]>([]);
  useEffect(() => {
    let live = true;
    api.fetchBridges(orgId).then(
      (b) => live && setBridges(b),
      () => live && setBridges(null),
    );
    return () => {
      live = false;
    };
  }, [api, orgId]);
  useEffect(() => {
    setReadings([]);
    if (picked === '') return;
    const [bridgeId, key] = JSON.parse(picked) as [string, string];
    let live = true;
    const poll = (): void => {
      api.fetchBridgeMonitorReadings(orgId, { bridgeId, key }).then(
        (r) => live && setReadings(r),
        () => undefined,
      );
    };
    poll();
    const timer = setInterval(poll, BRIDGE_READINGS_POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [api, orgId, picked]);
  if (bridges === null) return null;
  const monitors = bridges
    .filter((b) => b.revokedAt == null)
    .flatMap((b) => b.monitors.map((monitor) => ({ monitor, bridge: b })));
  const latest = readings.at(-1);
  return (
    <Stack gap="xs" component="section" aria-labelledby="bridge-title">
      <Title order={2} size="h4" id="bridge-title">
        A Vigil Bridge’s monitor
      </Title>
      {monitors.length === 0 ? (
        <Text c="dimmed">The office has no paired bridge with a monitor.</Text>
      ) : (
        <>
          <LightNativeSelect
            label="Bridge monitor"
            size="sm"
            value={picked}
            data={[
              { value: '', label: 'Choose a monitor' },
              ...monitors.map(({ monitor, bridge }) => ({
                value: JSON.stringify([monitor.bridgeId, monitor.key]),
                label: `${monitor.label} (${bridge.name}, ${bridge.location})`,
              })),
            ]}
            onChange={(e) => setPicked(e.currentTarget.value)}
          />
          {picked !== '' && latest != null && latest.vitals.every((v) => v.value === null) && (
            <Text c="orange.9">{MONITOR_BLANK_VALUES}</Text>
          )}
          {picked !== '' && (
            <div data-testid="bridge-readings">
              <ReadingsTable readings={readings.map(tableReading)} />
            </div>
          )}
        </>
      )}
    </Stack>
  );
}

export interface TestMonitorsPageProps {
  /** The Web Serial to use; the browser's by default. */
  serial?: SerialLike | null;
  /** The office (the query's orgId): its bridges' monitors can be watched too. */
  orgId?: string | null;
  /** Tests: the bridge calls without a server. */
  bridgeApi?: typeof BRIDGE_API;
}

/**
 * Test Monitor Connection (spec 000 §2 account menu; /demo?mode=testMonitors): connect a monitor
 * on this browser's serial port and see the bytes it sends and the readings Vigil reads from them,
 * live, without a case (nothing is charted). The Masimo choice carries the ASCII 1 note. With the
 * office's orgId, one of its Vigil Bridges' monitors can be picked and its latest readings watched.
 */
export function TestMonitorsPage({ serial, orgId = null, bridgeApi = BRIDGE_API }: TestMonitorsPageProps): ReactNode {
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
      {orgId && <BridgeMonitorTest orgId={orgId} api={bridgeApi} />}
    </Page>
  );
}
