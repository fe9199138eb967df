import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { refusalText, type BridgeMonitorView, type BridgeView } from '@vigil/shared';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { DEFAULT_MONITOR_CHART_INTERVAL_MS, MONITOR_CHART_INTERVALS } from '../../devices/charting.js';
import { errorCode } from '../../data/graphql.js';
import { LightNativeSelect } from '../../ui/kit/LightNativeSelect.js';
import { chartBridgeMonitor, fetchBridges, stopBridgeMonitor } from './bridgesApi.js';

export interface BridgeMonitorPickerProps {
  orgId: string;
  caseId: string;
  disabled: boolean;
  /** Tests: the calls without a server. */
  api?: {
    fetchBridges: typeof fetchBridges;
    chartBridgeMonitor: typeof chartBridgeMonitor;
    stopBridgeMonitor: typeof stopBridgeMonitor;
  };
}

const DEFAULT_API = { fetchBridges, chartBridgeMonitor, stopBridgeMonitor };
const WORDING = {
  CASE_NOT_OPENED: 'The case is not saved on the server yet. Try again in a moment.',
  BRIDGE_REVOKED: 'That bridge was revoked. Ask an administrator to pair it again.',
};
const valueOf = (m: Pick<BridgeMonitorView, 'bridgeId' | 'key'>): string => `${m.bridgeId} ${m.key}`;
const intervalLabel = (ms: number | null): string =>
  MONITOR_CHART_INTERVALS.find((i) => i.ms === ms)?.label ?? `${Math.round((ms ?? 0) / 1000)} s`;

/**
 * The case screen's bridge monitors (issue 38): a monitor a paired Vigil Bridge reads is picked
 * here and the server charts its readings into this case every interval chosen, on any tablet
 * (an iPad has no Web Serial). Hidden while the office has no bridge or the list cannot be read
 * (offline): a bridge's readings reach the case through the server only.
 */
export function BridgeMonitorPicker({
  orgId,
  caseId,
  disabled,
  api = DEFAULT_API,
}: BridgeMonitorPickerProps): ReactNode {
  const [bridges, setBridges] = useState<BridgeView[] | null>(null);
  const [picked, setPicked] = useState('');
  const [intervalMs, setIntervalMs] = useState<number>(DEFAULT_MONITOR_CHART_INTERVAL_MS);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    api.fetchBridges(orgId).then(setBridges, () => setBridges(null));
  }, [api, orgId]);
  useEffect(load, [load]);

  const live = (bridges ?? []).filter((b) => b.revokedAt == null);
  const monitors = live.flatMap((b) => b.monitors.map((m) => ({ monitor: m, bridge: b })));
  if (monitors.length === 0) return null;
  const charting = monitors.filter(({ monitor }) => monitor.caseId === caseId);
  const run = async (step: () => Promise<unknown>): Promise<void> => {
    setError(null);
    try {
      await step();
      load();
    } catch (err) {
      setError(refusalText(errorCode(err), WORDING));
    }
  };
  const choice = picked || valueOf(monitors[0]!.monitor);

  return (
    <Stack gap="xs" component="section" aria-label="Bridge monitors">
      {charting.map(({ monitor, bridge }) => (
        <Group key={valueOf(monitor)} gap="sm">
          <Text size="sm">
            Charting from {monitor.label} ({bridge.name}) every {intervalLabel(monitor.intervalMs)}.
          </Text>
          <Button
            size="xs"
            variant="default"
            disabled={disabled}
            onClick={() => void run(() => api.stopBridgeMonitor(orgId, monitor))}
          >
            Stop
          </Button>
        </Group>
      ))}
      <Group align="flex-end" gap="sm">
        <LightNativeSelect
          label="Bridge monitor"
          size="sm"
          value={choice}
          data={monitors.map(({ monitor, bridge }) => ({
            value: valueOf(monitor),
            label: `${monitor.label} (${bridge.name}, ${bridge.location})`,
          }))}
          onChange={(e) => setPicked(e.currentTarget.value)}
        />
        <LightNativeSelect
          label="Chart a reading every"
          size="sm"
          value={String(intervalMs)}
          data={MONITOR_CHART_INTERVALS.map((i) => ({ value: String(i.ms), label: i.label }))}
          onChange={(e) => setIntervalMs(Number(e.currentTarget.value))}
        />
        <Button
          size="sm"
          disabled={disabled}
          onClick={() => {
            const m = monitors.find(({ monitor }) => valueOf(monitor) === choice)!.monitor;
            void run(() => api.chartBridgeMonitor(orgId, caseId, m, intervalMs));
          }}
        >
          Chart from this monitor
        </Button>
      </Group>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
