import { SwitchField } from '../../../ui/kit/SwitchField.js';
import { useEffect, useRef, type ReactNode } from 'react';
import type { CaseDoc } from '../../../case/index.js';
import { newId } from '@vigil/shared';
import {
  SIMULATED_MONITOR_INTERVAL_MS,
  SIMULATED_MONITOR_LABEL,
  recordMonitorReading,
  simulatedVitals,
} from '../../../devices/monitor.js';
import { chartedVitals, type VitalTracking } from './monitor.js';

export interface SimulatedMonitorProps {
  doc: CaseDoc | undefined;
  /** The running monitor's id, or null when off; kept by the section so the banner knows it. */
  monitorId: string | null;
  onMonitorId: (id: string | null) => void;
  tracking: VitalTracking | undefined;
  disabled: boolean;
}

/**
 * The simulated monitor: while on, a reading every 5 s from the sample generators of spec 002
 * §9, written through the same path as a real monitor (recordMonitorReading) and marked
 * simulated. Vitals paused, ignored or on manual entry are left out of its readings.
 */
export function SimulatedMonitor({
  doc,
  monitorId,
  onMonitorId,
  tracking,
  disabled,
}: SimulatedMonitorProps): ReactNode {
  const trackingRef = useRef(tracking);
  trackingRef.current = tracking;
  useEffect(() => {
    if (!doc || monitorId == null || disabled) return;
    const tick = (): void => {
      const now = Date.now();
      const all = simulatedVitals(now);
      const vitals = chartedVitals(all, trackingRef.current);
      recordMonitorReading(doc, {
        lastUpdated: now,
        simulated: true,
        monitorLabel: SIMULATED_MONITOR_LABEL,
        monitorId,
        selectedVitals: Object.keys(vitals),
        vitals,
      });
    };
    tick();
    const timer = setInterval(tick, SIMULATED_MONITOR_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [doc, monitorId, disabled]);
  return (
    <SwitchField
      label="Simulated monitor"
      description="Writes sample readings every 5 seconds, marked simulated"
      checked={monitorId != null}
      disabled={disabled || !doc}
      onChange={(on) => onMonitorId(on ? newId('mon') : null)}
    />
  );
}
