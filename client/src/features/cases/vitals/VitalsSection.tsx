import { Group, Stack, Text, Title } from '@mantine/core';
import {
  memo,
  startTransition,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { MINUTE, MONITOR_BLANK_VALUES, vitalsIntervalMinutes, type VitalTrackingStatus } from '@vigil/shared';
import { Segments } from '../../../ui/kit/LabelledSegments.js';
import { ManualVitals } from './ManualVitals.js';
import { useCaseList, useCaseValue, useVitalsRecords } from '../../../case/index.js';
import { CheckpointTable } from './CheckpointTable.js';
import type { VitalTracking } from './monitor.js';
import { checkpointRows, manualPoints, mergePoints, monitorPoints } from './series.js';
import { SimulatedMonitor } from './SimulatedMonitor.js';
import { SerialMonitor, type LiveSerialReading } from './SerialMonitor.js';
import { BridgeMonitorPicker } from '../../monitors/index.js';
import { VitalsBanner } from './VitalsBanner.js';
import { VitalsChart } from './VitalsChart.js';
import { VitalTrackingTable } from './VitalTrackingTable.js';
import { eventTime } from './events.js';
import { useStableValue } from './stable.js';
import type { CaseSectionProps } from '../caseSection.js';

/*
 * The parts re-render only when their own props change: a saved manual entry or a monitor
 * reading re-renders the section, and the tracking table, the monitor and the checkpoint
 * interval need not follow (issue 8: a tap after a save must not wait on them).
 */
const Manual = memo(ManualVitals);
const Monitor = memo(SimulatedMonitor);
const Serial = memo(SerialMonitor);
const Tracking = memo(VitalTrackingTable);
const Chart = memo(VitalsChart);

const CheckpointsHeading = memo(function CheckpointsHeading({
  interval,
  disabled,
  onInterval,
}: {
  interval: number;
  disabled: boolean;
  onInterval: (minutes: number) => void;
}): ReactNode {
  return (
    <Group justify="space-between" wrap="wrap">
      <Title order={3} size="h5">
        Checkpoints
      </Title>
      <Group gap="xs">
        <Text size="sm" id="vitals-interval-label">
          Every
        </Text>
        <Segments
          labelledBy="vitals-interval-label"
          disabled={disabled}
          value={String(interval)}
          data={INTERVALS}
          onChange={(v) => onInterval(Number(v))}
        />
      </Group>
    </Group>
  );
});

const INTERVALS = [
  { value: '5', label: '5 min' },
  { value: '10', label: '10 min' },
];

/**
 * The vitals section: the live banner, the manual entries with 'Add vitals' (the provider's
 * most frequent action, above a long case's tables), the simulated monitor and a serial monitor
 * (issue 38), each vital's tracking status, the chart over time and checkpoint rows every 5 or 10
 * minutes from case start (spec 001 §4, §9; spec 002 §2–§5, §9).
 */
export function VitalsSection({ doc, readOnly, context }: CaseSectionProps): ReactNode {
  const records = useVitalsRecords(doc);
  const manual = useCaseList(doc, 'manualVitals');
  const [tracking, setTracking] = useCaseValue<VitalTracking>(doc, 'vitalTracking');
  const [intervalSetting, setIntervalSetting] = useCaseValue<number>(doc, 'vitalsInterval');
  const [events] = useCaseValue<Record<string, unknown>>(doc, 'events');
  const [trackingEnabled] = useCaseValue<boolean>(doc, 'vitalsTrackingEnabled');
  const vitalsTracked = trackingEnabled !== false;
  const [monitorId, setMonitorId] = useState<string | null>(null);
  // A serial monitor on this tablet: the banner shows each of its readings as it comes (the case
  // keeps one an interval), as local data while it sends.
  const [serialLive, setSerialLive] = useState<LiveSerialReading | null>(null);
  // Switching vitals tracking off for the case (Start case) stops the simulated monitor.
  useEffect(() => {
    if (!vitalsTracked) setMonitorId(null);
  }, [vitalsTracked]);
  const interval = vitalsIntervalMinutes(intervalSetting);
  // useCaseList copies its list on every change of the case; keep the same manual list while its content is the same.
  const manualItems = useStableValue(manual.items);
  // The chart and the checkpoint rows (series over every reading: ~50 rows and their points on a
  // 4-hour case) come one background render after the section: an opened case shows its banner
  // and 'Add vitals' first, and a tap meanwhile is not held up by them.
  const withSeries = useDeferredValue(true, false);
  // A saved manual entry or a new reading reaches the series one background render later too:
  // the tap that saved it paints without recomputing every reading's point (a 4-hour case).
  const seriesRecords = useDeferredValue(records);
  const seriesManual = useDeferredValue(manualItems);
  // Each list converted on its own change: a manual entry does not convert every reading again.
  const monitor = useMemo(() => (withSeries ? monitorPoints(seriesRecords) : []), [withSeries, seriesRecords]);
  const manualPointList = useMemo(() => manualPoints(seriesManual), [seriesManual]);
  const points = useMemo(
    () => (withSeries ? mergePoints(monitor, manualPointList) : []),
    [withSeries, monitor, manualPointList],
  );
  const setTrackingOf = useCallback(
    (type: string, status: VitalTrackingStatus) => setTracking({ ...tracking, [type]: status }),
    [tracking, setTracking],
  );
  const bannerRecords = useMemo(
    () =>
      serialLive != null && serialLive.record.lastUpdated > (records.at(-1)?.lastUpdated ?? -Infinity)
        ? [...records, serialLive.record]
        : records,
    [records, serialLive],
  );
  const localMonitorId = monitorId ?? (serialLive?.local ? serialLive.record.monitorId : null);
  const reported = useMemo(() => new Set(Object.keys(records.at(-1)?.vitals ?? {})), [records]);

  // Checkpoint rows grow with the clock; a minute's resolution is enough.
  const [minute, setMinute] = useState(() => Math.floor(Date.now() / MINUTE));
  useEffect(() => {
    // A transition: the rows are recomputed over every reading, and a tap must not wait on it.
    const timer = setInterval(() => startTransition(() => setMinute(Math.floor(Date.now() / MINUTE))), 15_000);
    return () => clearInterval(timer);
  }, []);
  const caseStart = eventTime(events, 'caseStart');
  const until = eventTime(events, 'vitalsEnd') ?? (minute + 1) * MINUTE;
  // The same rows object until a row changes (a new checkpoint every 5 or 10 minutes, a reading).
  const rows = useStableValue(
    useMemo(
      () => (caseStart == null || !withSeries ? [] : checkpointRows(points, caseStart, until, interval)),
      [withSeries, points, caseStart, until, interval],
    ),
  );

  return (
    <Stack gap="sm" component="section" aria-labelledby="vitals-title">
      <Title order={2} size="h3" id="vitals-title">
        Vitals
      </Title>
      <VitalsBanner
        records={bannerRecords}
        manualCount={manual.items.length}
        localMonitorId={localMonitorId}
        notice={serialLive?.local && serialLive.blank ? MONITOR_BLANK_VALUES : null}
      />
      <Manual doc={doc} temperatureUnit={context.tempsInCelsius ? 'C' : 'F'} disabled={readOnly} />
      <Monitor
        doc={doc}
        monitorId={monitorId}
        onMonitorId={setMonitorId}
        tracking={tracking}
        disabled={readOnly || !vitalsTracked}
      />
      <Serial doc={doc} tracking={tracking} disabled={readOnly || !vitalsTracked} onLive={setSerialLive} />
      <BridgeMonitorPicker orgId={context.orgId} caseId={context.caseId} disabled={readOnly || !vitalsTracked} />
      <Tracking tracking={tracking} reported={reported} disabled={readOnly} onChange={setTrackingOf} />
      {withSeries && <Chart points={points} intervalMinutes={interval} />}
      <CheckpointsHeading interval={interval} disabled={readOnly} onInterval={setIntervalSetting} />
      {withSeries && <CheckpointTable rows={rows} intervalMinutes={interval} />}
    </Stack>
  );
}
