import { Stack } from '@mantine/core';
import { SEDATION_LEVEL_LABELS, type SedationLevel } from '@vigil/shared';
import type { ReactNode } from 'react';
import { SelectField } from '../../../ui/kit/SelectField.js';
import { DeeperLevelsNote } from '../../subscription/index.js';
import { allowedSedationLevels } from '../newCase.js';

export interface SedationLevelFieldProps {
  orgId: string;
  /** The deepest level a new case may have (the org view's maxSedationLevel, else the flag's limit). */
  maxLevel: string;
  /** The organisation's plan tier; null without one (no note). */
  planTier: string | null;
  value: SedationLevel | '';
  onChange: (value: SedationLevel | '') => void;
  error?: string | undefined;
}

/**
 * The new case form's sedation level (spec 002 §5, §6; issue 37): only the levels the organisation
 * may start, and under it the plan that includes the deeper ones with a link to the Subscription
 * page. The server refuses a deeper level all the same (SEDATION_LEVEL_NOT_ALLOWED).
 */
export function SedationLevelField({
  orgId,
  maxLevel,
  planTier,
  value,
  onChange,
  error,
}: SedationLevelFieldProps): ReactNode {
  const options = allowedSedationLevels(maxLevel).map((l) => ({ value: l, label: SEDATION_LEVEL_LABELS[l] }));
  return (
    <Stack gap={4}>
      <SelectField
        label="Sedation level (optional)"
        data={options}
        placeholder="(not set)"
        value={value}
        onChange={onChange}
        error={error}
        clearable
      />
      <DeeperLevelsNote orgId={orgId} planTier={planTier} />
    </Stack>
  );
}
