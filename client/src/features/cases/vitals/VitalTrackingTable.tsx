import { NativeSelect, SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';
import { VITAL_TRACKING_STATUSES, type VitalTrackingStatus } from '@vigil/shared';
import { MONITOR_VITALS, TRACKING_LABELS, trackingStatus, type VitalTracking } from './monitor.js';

export interface VitalTrackingTableProps {
  tracking: VitalTracking | undefined;
  /** The vitals the newest monitor reading reports. */
  reported: ReadonlySet<string>;
  disabled: boolean;
  onChange: (type: string, status: VitalTrackingStatus) => void;
}

/** Each vital's tracking status (spec 001 §4, spec 002 §3), one select per vital. */
export function VitalTrackingTable({ tracking, reported, disabled, onChange }: VitalTrackingTableProps): ReactNode {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
      {MONITOR_VITALS.map((v) => (
        <NativeSelect
          key={v.type}
          label={`${v.label} tracking`}
          size="md"
          disabled={disabled}
          value={trackingStatus(tracking, v.type, reported.has(v.type))}
          data={VITAL_TRACKING_STATUSES.map((s) => ({ value: s, label: TRACKING_LABELS[s] }))}
          onChange={(e) => onChange(v.type, e.currentTarget.value as VitalTrackingStatus)}
        />
      ))}
    </SimpleGrid>
  );
}
