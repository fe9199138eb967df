import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  isBlankReading,
  MONITOR_PROTOCOL_INFO,
  newId,
  readingToVitalsRecord,
  type MonitorProtocol,
  type MonitorReading,
} from '@vigil/shared';
import type { CaseDoc } from '../../../case/index.js';
import { DEFAULT_MONITOR_CHART_INTERVAL_MS, isChartDue, MONITOR_CHART_INTERVALS } from '../../../devices/charting.js';
import { recordMonitorReading } from '../../../devices/monitor.js';
import { clearLiveWaveforms, pushLiveWaveform } from '../../../devices/liveWaveforms.js';
import { useLiveMonitorStatus, useSerialMonitor, type SerialMonitorHandle } from '../../../devices/useSerialMonitor.js';
import { LightNativeSelect } from '../../../ui/kit/LightNativeSelect.js';
import { MonitorConnect } from '../../monitors/index.js';
import { chartedVitals, type VitalsRecord, type VitalTracking } from './monitor.js';

/** What the banner is told of a serial monitor on this tablet: its newest reading, whether it is live, whether blank. */
export interface LiveSerialReading {
  readonly record: VitalsRecord;
  /** Connected and sending: its data is local (spec 002 §4); once it stops, the banner's delay rules apply. */
  readonly local: boolean;
  readonly blank: boolean;
}

export interface SerialMonitorProps {
  doc: CaseDoc | undefined;
  tracking: VitalTracking | undefined;
  disabled: boolean;
  onLive: (live: LiveSerialReading | null) => void;
}

/** A reading as the case keeps it: the vitals paused, ignored or on manual entry left out. */
function chartedRecord(reading: MonitorReading, monitorId: string, tracking: VitalTracking | undefined): VitalsRecord {
  const record = readingToVitalsRecord(reading, {
    monitorLabel: MONITOR_PROTOCOL_INFO[reading.protocol].label,
    monitorId,
  });
  const vitals = chartedVitals(record.vitals, tracking);
  return { id: `${monitorId}-${reading.receivedAt}`, ...record, vitals, selectedVitals: Object.keys(vitals) };
}

/**
 * A monitor on this tablet's serial port (issue 38): the banner shows each reading as it comes;
 * the case keeps one every interval the provider chose, through recordMonitorReading, the path
 * the simulated monitor takes. Each connection is a monitor of its own (a new monitorId).
 */
export function SerialMonitor({ doc, tracking, disabled, onLive }: SerialMonitorProps): ReactNode {
  const [protocol, setProtocol] = useState<MonitorProtocol>('nonin');
  const [intervalMs, setIntervalMs] = useState<number>(DEFAULT_MONITOR_CHART_INTERVAL_MS);
  const session = useRef<{ monitorId: string; lastChartedAt: number | null }>({ monitorId: '', lastChartedAt: null });
  const latestInputs = useRef({ doc, tracking, intervalMs, disabled });
  latestInputs.current = { doc, tracking, intervalMs, disabled };

  const serial = useSerialMonitor({
    onReading(reading) {
      const { doc: into, tracking: t, intervalMs: every, disabled: off } = latestInputs.current;
      const s = session.current;
      if (into == null || off || !isChartDue(s.lastChartedAt, reading.receivedAt, every)) return;
      const { id: _live, ...record } = chartedRecord(reading, s.monitorId, t);
      recordMonitorReading(into, record);
      s.lastChartedAt = reading.receivedAt;
    },
    // The case screen's live wave and strip capture (WavesSection) read the samples kept.
    onSamples: pushLiveWaveform,
  });
  const monitor: SerialMonitorHandle = useMemo(
    () => ({
      ...serial,
      connect: (chosen) => {
        session.current = { monitorId: newId('mon'), lastChartedAt: null };
        clearLiveWaveforms();
        return serial.connect(chosen);
      },
    }),
    [serial],
  );
  const live = useLiveMonitorStatus(serial);
  useEffect(() => clearLiveWaveforms, []);

  // The case closed for charting (read-only, vitals tracking off) closes the port.
  const { disconnect } = serial;
  useEffect(() => {
    if (disabled) void disconnect();
  }, [disabled, disconnect]);

  const { latest } = serial;
  useEffect(() => {
    if (latest == null) return onLive(null);
    onLive({
      record: chartedRecord(latest, session.current.monitorId, latestInputs.current.tracking),
      local: live === 'connected',
      blank: isBlankReading(latest),
    });
  }, [latest, live, onLive]);

  return (
    <MonitorConnect
      monitor={monitor}
      protocol={protocol}
      onProtocol={setProtocol}
      live={live}
      disabled={disabled || !doc}
    >
      <LightNativeSelect
        label="Chart a reading every"
        size="sm"
        value={String(intervalMs)}
        data={MONITOR_CHART_INTERVALS.map((i) => ({ value: String(i.ms), label: i.label }))}
        onChange={(e) => setIntervalMs(Number(e.currentTarget.value))}
      />
    </MonitorConnect>
  );
}
