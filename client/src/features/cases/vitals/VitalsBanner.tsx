import { Badge, Group, Paper, Text } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { DATA_IS_DELAYED, SECOND } from '@vigil/shared';
import type { VitalsRecord } from './monitor.js';
import { bannerState } from './series.js';

export interface VitalsBannerProps {
  records: readonly VitalsRecord[];
  manualCount: number;
  /** The id of the monitor running on this device, if any: its data is local (spec 002 §4). */
  localMonitorId: string | null;
  /** A line under the vitals (the monitor sending blank values), else null. */
  notice?: string | null;
  /** The clock; injectable for tests. */
  now?: () => number;
}

/**
 * The current vitals status banner (spec 002 §2, §4, §9). It re-reads the clock every second
 * so freshness changes show without a new reading, and renders again only when what it shows
 * changes (on a long case a render a second would compete with the provider's taps).
 */
export function VitalsBanner({
  records,
  manualCount,
  localMonitorId,
  notice = null,
  now = Date.now,
}: VitalsBannerProps): ReactNode {
  const [clock, setClock] = useState(now);
  const state = bannerState(records, manualCount, Math.max(clock, now()), localMonitorId);
  const shown = JSON.stringify(state);
  useEffect(() => {
    const timer = setInterval(() => {
      const t = now();
      if (JSON.stringify(bannerState(records, manualCount, t, localMonitorId)) !== shown) setClock(t);
    }, SECOND);
    return () => clearInterval(timer);
  }, [now, records, manualCount, localMonitorId, shown]);
  return (
    <Paper withBorder p="sm" role="status" aria-label="Current vitals" data-testid="vitals-banner">
      {state.kind === 'empty' && <Text>No vitals measurements recorded yet.</Text>}
      {state.kind === 'noData' && <Text c="dimmed">no data</Text>}
      {state.kind === 'live' && (
        <Group gap="lg" wrap="wrap">
          {state.vitals.map((v) => (
            <Text key={v.type} data-testid={`banner-${v.type}`}>
              <Text span size="sm" c="dimmed">
                {v.label}{' '}
              </Text>
              <Text span fw={700} size="lg">
                {v.value ?? '–'}
              </Text>
              <Text span size="xs" c="dimmed">
                {' '}
                {v.unit}
              </Text>
            </Text>
          ))}
          {state.simulated && (
            <Badge color="grape" variant="light">
              Simulated
            </Badge>
          )}
          {state.delayed && (
            <Badge color={state.delayed} variant="light" data-delayed={state.delayed}>
              {DATA_IS_DELAYED}
            </Badge>
          )}
        </Group>
      )}
      {notice != null && (
        <Text size="sm" c="orange.9" mt={4}>
          {notice}
        </Text>
      )}
    </Paper>
  );
}
