import { Group, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { TOUCH_INPUT } from '../../../ui/kit/touch.js';
import { ASA_OPTIONS } from '../../cases/index.js';
import { BmiBadge } from './BmiBadge.js';
import { pregnancyRelevant } from './model.js';
import { Choice, MeasurementField, TabFrame } from './parts.js';
import classes from './tabs.module.css';
import type { HhxTabProps } from './types.js';

const PREGNANT = [
  { value: 'n', label: 'No' },
  { value: 'y', label: 'Yes' },
  { value: 'unsure', label: 'Unsure' },
];
const BREASTFEEDING = [
  { value: 'n', label: 'No' },
  { value: 'y', label: 'Yes' },
];

/**
 * Physical (spec 002 §2, §3, §5): height and weight as raw text in the organisation's units with
 * the BMI badge, the ASA classification (1–4 plus other), and pregnancy / breastfeeding for a
 * patient of 10 or older (or of unknown age).
 */
export function PhysicalTab(props: HhxTabProps): ReactNode {
  const { data, set, readOnly, context } = props;
  const pregnancy = pregnancyRelevant(context.birthDate, Date.now());
  return (
    <TabFrame title="Physical">
      <div className={classes.grid}>
        <MeasurementField {...props} kind="height" />
        <MeasurementField {...props} kind="weight" />
      </div>
      <Group>
        <BmiBadge weightKg={data.weight?.value ?? null} heightCm={data.height?.value ?? null} />
      </Group>
      <AsaChoice {...props} />
      {pregnancy && (
        <>
          <Choice
            label="Pregnant"
            value={typeof data.pregnant === 'string' ? data.pregnant : data.pregnant === false ? 'n' : ''}
            options={PREGNANT}
            onChange={(v) => set(v === 'n' ? { pregnant: v, pregnancyDetail: null } : { pregnant: v })}
            disabled={readOnly}
          />
          {(data.pregnant === 'y' || data.pregnant === 'unsure') && (
            <TextInput
              {...TOUCH_INPUT}
              label="Pregnancy detail (weeks, due date, obstetrician)"
              value={data.pregnancyDetail ?? ''}
              disabled={readOnly}
              onChange={(e) => set({ pregnancyDetail: e.currentTarget.value || null })}
            />
          )}
          <Choice
            label="Breastfeeding"
            value={
              typeof data.breastfeeding === 'string' ? data.breastfeeding : data.breastfeeding === false ? 'n' : ''
            }
            options={BREASTFEEDING}
            onChange={(v) => set({ breastfeeding: v })}
            disabled={readOnly}
          />
        </>
      )}
    </TabFrame>
  );
}

/** ASA classification 1–4 plus other (spec 002 §3), shared by Physical and Required Info. */
export function AsaChoice({ data, set, readOnly }: HhxTabProps): ReactNode {
  return (
    <Choice
      label="ASA classification"
      value={data.asaClassification ?? ''}
      options={ASA_OPTIONS}
      onChange={(v) => set({ asaClassification: v as NonNullable<HhxTabProps['data']['asaClassification']> })}
      disabled={readOnly}
    />
  );
}
