import type { ReactNode } from 'react';
import { VITAL_TRACKING_STATUSES, type VitalTrackingStatus } from '@vigil/shared';
import { LightNativeSelect } from '../../../ui/kit/LightNativeSelect.js';
import { MONITOR_VITALS, TRACKING_LABELS, trackingStatus, type VitalTracking } from './monitor.js';
import classes from './VitalTrackingTable.module.css';

export interface VitalTrackingTableProps {
  tracking: VitalTracking | undefined;
  /** The vitals the newest monitor reading reports. */
  reported: ReadonlySet<string>;
  disabled: boolean;
  onChange: (type: string, status: VitalTrackingStatus) => void;
}

const OPTIONS = VITAL_TRACKING_STATUSES.map((s) => ({ value: s, label: TRACKING_LABELS[s] }));

/** Each vital's tracking status (spec 001 §4, spec 002 §3), one select per vital. */
export function VitalTrackingTable({ tracking, reported, disabled, onChange }: VitalTrackingTableProps): ReactNode {
  return (
    <div className={classes.grid}>
      {MONITOR_VITALS.map((v) => (
        <LightNativeSelect
          key={v.type}
          label={`${v.label} tracking`}
          disabled={disabled}
          value={trackingStatus(tracking, v.type, reported.has(v.type))}
          data={OPTIONS}
          onChange={(e) => onChange(v.type, e.currentTarget.value as VitalTrackingStatus)}
        />
      ))}
    </div>
  );
}
