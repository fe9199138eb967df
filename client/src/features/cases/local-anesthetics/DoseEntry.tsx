import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { epinephrineLimit, type LimitSet, type LocalAnestheticVariant, type LocalDoseAmounts } from '@vigil/shared';
import type { ReactNode } from 'react';
import { Segments } from '../../../ui/kit/LabelledSegments.js';
import { NumberField } from '../../../ui/kit/NumberField.js';
import { SwitchField } from '../../../ui/kit/SwitchField.js';
import { TimeField } from '../../../ui/kit/TimeField.js';
import { TOUCH_INPUT } from '../../../ui/kit/touch.js';
import { variantLabel, type ChartedLocalDose, type LocalDoseCheck, type TrackerSummary } from './localAnesthetics.js';
import { pctColour } from './LocalDoseParts.js';

/*
 * The local anesthetic tracker's entry (LocalAnestheticTracker.tsx): its title and limit set, the
 * cardiovascular switch with the visit's epinephrine, the amount, unit and time of a dose, and
 * what the dose comes to before it is given.
 */

type Unit = ChartedLocalDose['unit'];

export interface TrackerHeaderProps {
  limits: LimitSet;
  onLimits: (value: string) => void;
  disabled?: boolean | undefined;
}

/** The tracker's title and the maximum dose limits the case is worked against (LA19). */
export function TrackerHeader({ limits, onLimits, disabled }: TrackerHeaderProps): ReactNode {
  return (
    <Group justify="space-between" wrap="wrap">
      <Title order={2} size="h4" id="la-tracker-title">
        Local Anesthetics
      </Title>
      <Segments
        ariaLabel="Maximum dose limits"
        value={limits}
        onChange={onLimits}
        disabled={disabled}
        data={[
          { value: 'aapd', label: 'Pediatric dentistry (AAPD)' },
          { value: 'manufacturer', label: 'Manufacturer' },
        ]}
      />
    </Group>
  );
}

export interface CardiacRowProps {
  cardiac: boolean;
  /** Where the cardiovascular disease comes from (cardiacSourceText). */
  source: string;
  epinephrine: TrackerSummary['epinephrine'];
  onCardiac: (on: boolean) => void;
  disabled?: boolean | undefined;
}

/** The cardiovascular disease switch (EP2) beside the visit's epinephrine against its limit (EP3). */
export function CardiacRow({ cardiac, source, epinephrine, onCardiac, disabled }: CardiacRowProps): ReactNode {
  return (
    <Group justify="space-between" align="center" wrap="wrap" gap="xs">
      <SwitchField
        label={`Cardiovascular disease: epinephrine ${epinephrineLimit({ cardiac: true }).maxMg} mg a visit`}
        description={source}
        checked={cardiac}
        onChange={onCardiac}
        disabled={disabled}
      />
      <Badge color={pctColour(epinephrine.pct)} variant="light" size="lg" tt="none" data-testid="la-epinephrine">
        Epinephrine {epinephrine.givenMg} of {epinephrine.maxMg} mg ({epinephrine.pct}%)
      </Badge>
    </Group>
  );
}

export interface DoseEntryRowProps {
  amount: number | null;
  onAmount: (amount: number | null) => void;
  unit: Unit;
  onUnit: (unit: Unit) => void;
  /** Exparel is charted in mg only. */
  mgOnly: boolean;
  timeText: string;
  timeError: string | null;
  onTime: (text: string) => void;
  /** An amount that comes to a dose, at a time that can be charted. */
  canGive: boolean;
  onGive: () => void;
  disabled?: boolean | undefined;
}

/** Amount, unit, time given and the Give dose button. */
export function DoseEntryRow(p: DoseEntryRowProps): ReactNode {
  return (
    <Group align="flex-end" wrap="wrap">
      <NumberField
        label="Amount"
        value={p.amount}
        onChange={p.onAmount}
        min={0}
        step={p.unit === 'cartridges' ? 0.5 : 1}
        decimalScale={2}
        w={140}
        {...TOUCH_INPUT}
        disabled={p.disabled}
      />
      <Segments
        ariaLabel="Unit"
        value={p.unit}
        onChange={(v) => p.onUnit(v === 'ml' || v === 'mg' ? v : 'cartridges')}
        disabled={p.disabled || p.mgOnly}
        data={[
          { value: 'cartridges', label: 'Cartridges' },
          { value: 'ml', label: 'mL' },
          { value: 'mg', label: 'mg' },
        ]}
      />
      <TimeField label="Time given" value={p.timeText} error={p.timeError} disabled={p.disabled} onChange={p.onTime} />
      <Button onClick={p.onGive} disabled={p.disabled || !p.canGive} mih={44}>
        Give dose
      </Button>
    </Group>
  );
}

export interface DoseHintsProps {
  variant: LocalAnestheticVariant | undefined;
  /** What the amount entered comes to, or null. */
  preview: LocalDoseAmounts | null;
  check: LocalDoseCheck | null;
  /** How much more of the variant is allowed (remainingFor), or null. */
  remaining: { mg: number; cartridges: number } | null;
  /** Whether the patient's weight is known (else the absolute limit only). */
  weighed: boolean;
  weightWords: string;
  limitedBy: string | null;
  weightText: string | null;
}

/** What the entered dose comes to, how much more is allowed, what limits it and the weight it is worked on. */
export function DoseHints({
  variant,
  preview,
  check,
  remaining,
  weighed,
  weightWords,
  limitedBy,
  weightText,
}: DoseHintsProps): ReactNode {
  return (
    <>
      {preview && variant && (
        <Text size="sm" data-testid="la-preview">
          = {preview.mg} mg {variantLabel(variant)}
          {preview.epiMg > 0 ? `, ${preview.epiMg} mg epinephrine` : ''}
          {check?.drugPctAfter != null ? `; after this dose ${check.drugName} is at ${check.drugPctAfter}% of max` : ''}
          {check?.epiExceeds
            ? `; epinephrine past its limit (${check.epiMgAfter} of ${check.epiMaxMg} mg this visit)`
            : ''}
        </Text>
      )}
      {remaining && variant && (
        <Text size="sm" data-testid="la-remaining">
          Up to {remaining.mg} mg ({remaining.cartridges} cartridges) more of {variantLabel(variant)}
          {weighed ? ` for ${weightWords}` : ' (absolute limit only: no weight)'}
        </Text>
      )}
      {(limitedBy || weightText) && (
        <Stack gap={2}>
          {limitedBy && (
            <Text size="sm" c="dimmed" data-testid="la-limited-by">
              {limitedBy}
            </Text>
          )}
          {weightText && (
            <Text size="sm" c="dimmed" data-testid="la-dose-weight">
              {weightText}
            </Text>
          )}
        </Stack>
      )}
    </>
  );
}
