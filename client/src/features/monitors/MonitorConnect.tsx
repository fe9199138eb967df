import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { MONITOR_PROTOCOL_INFO, type MonitorProtocol } from '@vigil/shared';
import { NO_WEB_SERIAL_MESSAGE } from '../../devices/webSerial.js';
import type { MonitorDriverStatus } from '../../devices/serialMonitor.js';
import type { SerialMonitorHandle } from '../../devices/useSerialMonitor.js';
import { LightNativeSelect } from '../../ui/kit/LightNativeSelect.js';

/** The protocols a browser reads over its own serial port (HL7 reaches Vigil over the network, through the bridge). */
export const SERIAL_PROTOCOLS = (Object.keys(MONITOR_PROTOCOL_INFO) as MonitorProtocol[]).filter(
  (p) => MONITOR_PROTOCOL_INFO[p].transport === 'serial',
);

export interface MonitorConnectProps {
  monitor: SerialMonitorHandle;
  protocol: MonitorProtocol;
  onProtocol: (protocol: MonitorProtocol) => void;
  /** The status to show: the driver's, or 'waiting' when a connected monitor sends no readings. */
  live: MonitorDriverStatus | 'waiting';
  disabled?: boolean;
  /** Show the protocol's note (the Masimo ASCII 1 setting) under the choice. */
  showNote?: boolean;
  /** More controls beside the button (the case screen's charted interval). */
  children?: ReactNode;
}

/** What the status line says. */
export function statusText(
  live: MonitorDriverStatus | 'waiting',
  portName: string | null,
  message: string | null,
): string {
  const port = portName ?? 'the monitor';
  switch (live) {
    case 'idle':
      return 'Not connected';
    case 'connecting':
      return "Choose the monitor's port in the browser's list";
    case 'connected':
      return `Connected: ${port}`;
    case 'waiting':
      return `Waiting for readings from ${port}`;
    case 'disconnected':
      return message ?? 'Disconnected';
    case 'failed':
      return message ?? 'The monitor could not be connected.';
  }
}

/**
 * Connecting a monitor on this browser's serial port: its protocol, Connect / Disconnect, and
 * what it is doing ('waiting' with a spinner, spec 002 §4). Where the browser has no Web Serial,
 * the message naming the Vigil Bridge instead.
 */
export function MonitorConnect({
  monitor,
  protocol,
  onProtocol,
  live,
  disabled = false,
  showNote = false,
  children,
}: MonitorConnectProps): ReactNode {
  if (!monitor.supported) {
    return (
      <Alert color="gray" title="Monitor connection">
        {NO_WEB_SERIAL_MESSAGE}
      </Alert>
    );
  }
  const open = live === 'connected' || live === 'waiting';
  const note = MONITOR_PROTOCOL_INFO[protocol].note;
  const failed = live === 'failed' || (live === 'disconnected' && monitor.state.message != null);
  return (
    <Stack gap="xs">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <LightNativeSelect
          label="Monitor type"
          size="sm"
          value={protocol}
          disabled={disabled || open || live === 'connecting'}
          data={SERIAL_PROTOCOLS.map((p) => ({ value: p, label: MONITOR_PROTOCOL_INFO[p].label }))}
          onChange={(e) => onProtocol(e.currentTarget.value as MonitorProtocol)}
        />
        {children}
        {open ? (
          <Button mih={44} variant="default" onClick={() => void monitor.disconnect()}>
            Disconnect monitor
          </Button>
        ) : (
          <Button mih={44} disabled={disabled || live === 'connecting'} onClick={() => void monitor.connect(protocol)}>
            Connect monitor
          </Button>
        )}
      </Group>
      <Group gap="xs" role="status" aria-label="Monitor status" data-testid="monitor-status">
        {(live === 'waiting' || live === 'connecting') && <Loader size="xs" aria-hidden />}
        <Text size="sm" c={failed ? 'red.9' : undefined}>
          {statusText(live, monitor.state.portName, monitor.state.message)}
        </Text>
      </Group>
      {showNote && note != null && (
        <Text size="sm" c="dimmed" data-testid="monitor-note">
          {note}
        </Text>
      )}
    </Stack>
  );
}
