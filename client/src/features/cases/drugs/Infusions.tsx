import type { InfusionEntry } from '@vigil/shared';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import {
  CASE_DATA_MESSAGES,
  DRUG_UNITS,
  SECOND,
  infusionTotal,
  newId,
  type InfusionRateUnit,
  type MassUnit,
} from '@vigil/shared';
import { clockTime } from '../../../ui/format.js';
import { findCatalogueDrug, readAmount } from './model.js';
import { LightNativeSelect } from '../../../ui/kit/LightNativeSelect.js';
import { LightTextInput } from '../../../ui/kit/LightTextInput.js';

export type { InfusionEntry };

export const RATE_UNITS: readonly InfusionRateUnit[] = [
  'mcg/kg/min',
  'mcg/kg/hr',
  'mg/kg/hr',
  'mg/kg/min',
  'mcg/min',
  'mcg/hr',
  'mg/min',
  'mg/hr',
];

/** The infusion with its running segment closed at `now` and, when given, a new one at `rate`. */
export function changeRate(
  entry: InfusionEntry,
  now: number,
  next: { rate: number; rateUnit: InfusionRateUnit } | null,
): InfusionEntry {
  const closed = entry.infusions.map((s) => (s.end == null ? { ...s, end: now } : s));
  return { ...entry, infusions: next ? [...closed, { ...next, start: now, end: null }] : closed };
}

export interface InfusionsProps {
  items: readonly InfusionEntry[];
  weightKg: number | null;
  disabled: boolean;
  /** Replaces an infusion (or adds a new one): entries are replaced, never edited in place. */
  onPut: (entry: InfusionEntry) => void;
  now?: () => number;
}

/**
 * Infusions with boluses (spec 001 §3): start at a rate (per kg with the pump weight, or per
 * time), change the rate, give boluses, stop; the running total by the shared rule [DR11].
 */
export function Infusions({ items, weightKg, disabled, onPut, now = Date.now }: InfusionsProps): ReactNode {
  const [name, setName] = useState('');
  const [rateText, setRateText] = useState('');
  const [rateUnit, setRateUnit] = useState<InfusionRateUnit>('mcg/kg/min');
  const [pumpKgText, setPumpKgText] = useState('');
  const [clock, setClock] = useState(now);
  useEffect(() => {
    if (!items.some((i) => i.infusions.some((s) => s.end == null))) return;
    const timer = setInterval(() => setClock(now()), 10 * SECOND);
    return () => clearInterval(timer);
  }, [items, now]);
  const rate = readAmount(rateText);
  const pumpKg = pumpKgText.trim() === '' ? { value: weightKg, error: null } : readAmount(pumpKgText);
  const perKg = rateUnit.includes('/kg/');
  const canStart = name.trim() !== '' && rate.value != null && !(perKg && pumpKg.value == null) && pumpKg.error == null;
  return (
    <Stack gap="sm">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!canStart) return;
          const t = now();
          const known = findCatalogueDrug(name);
          const unit = rateUnit.split('/')[0] as MassUnit;
          onPut({
            id: newId('dos'),
            name: known?.name ?? name.trim(),
            unit,
            bolusUnit: known?.unit ?? unit,
            pumpKg: pumpKg.value,
            boluses: [],
            infusions: [{ rate: rate.value!, rateUnit, start: t, end: null }],
          });
          setName('');
          setRateText('');
        }}
      >
        <Group align="flex-start" wrap="wrap" gap="sm">
          <LightTextInput
            label="Infusion"
            list="vigil-drug-catalogue"
            autoComplete="off"
            width={200}
            size="sm"
            value={name}
            disabled={disabled}
            error={name === '' ? undefined : name.trim() === '' ? CASE_DATA_MESSAGES.missingDrugName : undefined}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <LightTextInput
            label="Rate"
            inputMode="decimal"
            width={100}
            size="sm"
            value={rateText}
            disabled={disabled}
            error={rate.error ?? undefined}
            onChange={(e) => setRateText(e.currentTarget.value)}
          />
          <LightNativeSelect
            label="Rate unit"
            width={140}
            size="sm"
            value={rateUnit}
            disabled={disabled}
            data={[...RATE_UNITS]}
            onChange={(e) => setRateUnit(e.currentTarget.value as InfusionRateUnit)}
          />
          {perKg && (
            <LightTextInput
              label="Pump kg"
              inputMode="decimal"
              width={100}
              size="sm"
              placeholder={weightKg == null ? '' : String(weightKg)}
              value={pumpKgText}
              disabled={disabled}
              error={
                pumpKg.error ??
                // Asked for once the rest is filled in, not on an untouched form.
                (pumpKg.value == null && name.trim() !== '' && rate.value != null ? 'Enter the pump weight' : undefined)
              }
              onChange={(e) => setPumpKgText(e.currentTarget.value)}
            />
          )}
          <Button type="submit" mt={25} mih={44} disabled={disabled || !canStart}>
            Start infusion
          </Button>
        </Group>
      </form>
      {items.map((entry) => (
        <InfusionCard
          key={entry.id}
          entry={entry}
          now={Math.max(clock, now())}
          disabled={disabled}
          onPut={onPut}
          clock={now}
        />
      ))}
    </Stack>
  );
}

function InfusionCard({
  entry,
  now,
  disabled,
  onPut,
  clock,
}: {
  entry: InfusionEntry;
  now: number;
  disabled: boolean;
  onPut: (entry: InfusionEntry) => void;
  clock: () => number;
}): ReactNode {
  const [bolusText, setBolusText] = useState('');
  const [bolusUnit, setBolusUnit] = useState<MassUnit>(entry.bolusUnit);
  const [newRateText, setNewRateText] = useState('');
  const bolus = readAmount(bolusText);
  const newRate = readAmount(newRateText);
  const running = entry.infusions.find((s) => s.end == null) ?? null;
  const total = infusionTotal({
    unit: entry.unit,
    pumpKg: entry.pumpKg,
    boluses: entry.boluses,
    segments: entry.infusions,
    now,
  });
  return (
    <Paper withBorder p="sm" aria-label={`Infusion ${entry.name}`} role="group">
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Text fw={700}>{entry.name}</Text>
          {running ? (
            <Badge color="green" variant="light">
              {running.rate} {running.rateUnit} since {clockTime(running.start)}
            </Badge>
          ) : (
            <Badge color="gray" variant="light">
              stopped
            </Badge>
          )}
        </Group>
        <Text data-testid={`infusion-total-${entry.id}`}>
          Total {total == null ? '–' : `${total} ${entry.unit}`}
          {entry.boluses.length > 0 && ` (${entry.boluses.length} bolus${entry.boluses.length === 1 ? '' : 'es'})`}
        </Text>
      </Group>
      <Group align="flex-end" gap="sm" mt="xs" wrap="wrap">
        <LightTextInput
          label={`Bolus of ${entry.name}`}
          inputMode="decimal"
          width={120}
          size="sm"
          value={bolusText}
          disabled={disabled}
          error={bolus.error ?? undefined}
          onChange={(e) => setBolusText(e.currentTarget.value)}
        />
        <LightNativeSelect
          label="Bolus unit"
          width={90}
          size="sm"
          value={bolusUnit}
          disabled={disabled}
          data={[...DRUG_UNITS]}
          onChange={(e) => setBolusUnit(e.currentTarget.value as MassUnit)}
        />
        <Button
          mih={44}
          variant="light"
          disabled={disabled || bolus.value == null}
          onClick={() => {
            onPut({ ...entry, boluses: [...entry.boluses, { amount: bolus.value!, unit: bolusUnit, time: clock() }] });
            setBolusText('');
          }}
        >
          Give bolus
        </Button>
        <LightTextInput
          label={`New rate (${running?.rateUnit ?? entry.infusions.at(-1)?.rateUnit ?? ''})`}
          inputMode="decimal"
          width={140}
          size="sm"
          value={newRateText}
          disabled={disabled}
          error={newRate.error ?? undefined}
          onChange={(e) => setNewRateText(e.currentTarget.value)}
        />
        <Button
          mih={44}
          variant="light"
          disabled={disabled || newRate.value == null}
          onClick={() => {
            const rateUnit = running?.rateUnit ?? entry.infusions.at(-1)?.rateUnit ?? 'mcg/kg/min';
            onPut(changeRate(entry, clock(), { rate: newRate.value!, rateUnit }));
            setNewRateText('');
          }}
        >
          {running ? 'Change rate' : 'Restart'}
        </Button>
        {running && (
          <Button
            mih={44}
            color="red"
            variant="light"
            disabled={disabled}
            onClick={() => onPut(changeRate(entry, clock(), null))}
          >
            Stop infusion
          </Button>
        )}
      </Group>
    </Paper>
  );
}
