import { Switch } from '@mantine/core';
import type { ReactNode } from 'react';

export interface PlanFeatureSwitchesProps {
  values: { waveforms: boolean; advancedFluids: boolean };
  set: (name: 'waveforms' | 'advancedFluids') => (value: boolean) => void;
}

/** A plan price's product features (spec 002 §3 productFeaturesJSON), in the team's new plan and plan forms. */
export function PlanFeatureSwitches({ values, set }: PlanFeatureSwitchesProps): ReactNode {
  return (
    <>
      <Switch
        label="ECG waveform capture"
        checked={values.waveforms}
        onChange={(e) => set('waveforms')(e.currentTarget.checked)}
      />
      <Switch
        label="Advanced fluids"
        checked={values.advancedFluids}
        onChange={(e) => set('advancedFluids')(e.currentTarget.checked)}
      />
    </>
  );
}
