import { Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { BmiBadge } from './BmiBadge.js';
import { NKDA } from './model.js';
import { NotesText, MeasurementField, SummaryText, TabFrame } from './parts.js';
import { AsaChoice } from './PhysicalTab.js';
import classes from './tabs.module.css';
import type { HhxTabProps } from './types.js';

/**
 * Required Info (spec 002 §2, §5), shown when the history is entered elsewhere: what is still
 * required here (height, weight, ASA classification, allergies) and the EMR summary.
 */
export function RequiredInfoTab(props: HhxTabProps): ReactNode {
  const { data, set, readOnly } = props;
  return (
    <TabFrame
      title="Required Info"
      intro="This health history is entered elsewhere. Height, weight, ASA classification and allergies are still required here."
    >
      <div className={classes.grid}>
        <MeasurementField {...props} kind="height" />
        <MeasurementField {...props} kind="weight" />
      </div>
      <Group>
        <BmiBadge weightKg={data.weight?.value ?? null} heightCm={data.height?.value ?? null} />
      </Group>
      <AsaChoice {...props} />
      <SummaryText
        label="Allergies"
        field="allergiesSummary"
        required
        value={data.allergiesSummary}
        quick={[NKDA]}
        disabled={readOnly}
        onChange={(v) => set({ allergiesSummary: v })}
      />
      <NotesText
        label="EMR summary"
        description="A summary of the history kept in the EMR"
        value={data.healthHistorySummary}
        disabled={readOnly}
        onChange={(v) => set({ healthHistorySummary: v })}
      />
    </TabFrame>
  );
}
