import { Button, Group, Table, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { FLUID_SOLUTION_TYPES, newId, type DrugRoute } from '@vigil/shared';
import { clockTime } from '../../../ui/format.js';
import { readAmount, readChartTime, type DrugEntry } from './model.js';
import { ConfirmRemoval } from '../../../ui/ConfirmRemoval.js';
import { TimeField } from '../../../ui/kit/TimeField.js';
import { LightNativeSelect } from '../../../ui/kit/LightNativeSelect.js';
import { LightTextInput } from '../../../ui/kit/LightTextInput.js';

/** The fluid routes of spec 001 §3 and how they read on screen. */
export const FLUID_KINDS: readonly { route: DrugRoute; label: string }[] = [
  { route: 'fluid', label: 'Running' },
  { route: 'fluidBolus', label: 'Bolus' },
  { route: 'syringeFlush', label: 'Syringe flush' },
];

/** Fluid given, per solution: each charted volume and the running total in mL. */
export function fluidTotals(
  entries: readonly DrugEntry[],
): { name: string; totalMl: number; items: { entryId: string; route: DrugRoute; amount: number; time: number }[] }[] {
  const byName = new Map<
    string,
    { name: string; totalMl: number; items: { entryId: string; route: DrugRoute; amount: number; time: number }[] }
  >();
  for (const e of entries) {
    for (const d of e.doses ?? []) {
      if (!FLUID_KINDS.some((k) => k.route === d.route)) continue;
      const g = byName.get(e.name) ?? { name: e.name, totalMl: 0, items: [] };
      g.totalMl = Math.round((g.totalMl + d.amount) * 1000) / 1000;
      g.items.push({ entryId: e.id, route: d.route, amount: d.amount, time: d.time });
      byName.set(e.name, g);
    }
  }
  return [...byName.values()];
}

export interface FluidsProps {
  entries: readonly DrugEntry[];
  disabled: boolean;
  onAdd: (entry: DrugEntry) => void;
  onRemove: (entryId: string) => void;
  now?: () => number;
}

/** Fluids (spec 001 §3: routes fluid, fluidBolus, syringeFlush) by solution, volumes in mL. */
export function Fluids({ entries, disabled, onAdd, onRemove, now = Date.now }: FluidsProps): ReactNode {
  const [solution, setSolution] = useState<string>('LR');
  const [route, setRoute] = useState<DrugRoute>('fluid');
  const [volumeText, setVolumeText] = useState('');
  const [timeText, setTimeText] = useState('');
  const [removing, setRemoving] = useState<{ entryId: string; text: string } | null>(null);
  const volume = readAmount(volumeText);
  const time = readChartTime(timeText, now());
  const totals = fluidTotals(entries);
  return (
    <>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (volume.value == null || time.value == null) return;
          onAdd({
            id: newId('dos'),
            name: solution,
            drugId: `fluid-${solution}`,
            doses: [
              {
                drugId: `fluid-${solution}`,
                route,
                amount: volume.value,
                amount_raw: volumeText.trim(),
                unit: 'mL',
                time: time.value,
                isPreProcedure: false,
                isComplete: true,
                perKg: null,
              },
            ],
          });
          setVolumeText('');
          setTimeText('');
        }}
      >
        <Group align="flex-start" gap="sm" wrap="wrap">
          <LightNativeSelect
            label="Fluid"
            width={120}
            size="sm"
            value={solution}
            disabled={disabled}
            data={[...FLUID_SOLUTION_TYPES]}
            onChange={(e) => setSolution(e.currentTarget.value)}
          />
          <LightNativeSelect
            label="Given as"
            width={150}
            size="sm"
            value={route}
            disabled={disabled}
            data={FLUID_KINDS.map((k) => ({ value: k.route, label: k.label }))}
            onChange={(e) => setRoute(e.currentTarget.value as DrugRoute)}
          />
          <LightTextInput
            label="Volume (mL)"
            inputMode="decimal"
            width={120}
            size="sm"
            value={volumeText}
            disabled={disabled}
            error={volume.error ?? undefined}
            onChange={(e) => setVolumeText(e.currentTarget.value)}
          />
          <TimeField
            label="Fluid time"
            value={timeText}
            error={time.error}
            disabled={disabled}
            onChange={setTimeText}
          />
          <Button type="submit" mt={25} mih={44} disabled={disabled || volume.value == null || time.value == null}>
            Add fluid
          </Button>
        </Group>
      </form>
      {totals.length === 0 ? (
        <Text size="sm" c="dimmed">
          No fluids charted.
        </Text>
      ) : (
        <Table striped aria-label="Fluids given">
          <Table.Tbody>
            {totals.map((t) => (
              <Table.Tr key={t.name}>
                <Table.Td fw={600}>{t.name}</Table.Td>
                <Table.Td>
                  {t.items.map((i) => (
                    <Group key={i.entryId} gap="xs" wrap="nowrap">
                      <Text size="sm">
                        {i.amount} mL {FLUID_KINDS.find((k) => k.route === i.route)?.label.toLowerCase()} at{' '}
                        {clockTime(i.time)}
                      </Text>
                      <Button
                        variant="subtle"
                        color="red"
                        size="xs"
                        mih={44}
                        disabled={disabled}
                        aria-label={`Remove ${t.name} ${i.amount} mL at ${clockTime(i.time)}`}
                        onClick={() =>
                          setRemoving({ entryId: i.entryId, text: `${t.name} ${i.amount} mL at ${clockTime(i.time)}` })
                        }
                      >
                        Remove
                      </Button>
                    </Group>
                  ))}
                </Table.Td>
                <Table.Td data-testid={`fluid-total-${t.name}`}>Total {t.totalMl} mL</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ConfirmRemoval
        title="Remove this entry?"
        question={removing ? `Remove ${removing.text}?` : null}
        onKeep={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) onRemove(removing.entryId);
          setRemoving(null);
        }}
      />
    </>
  );
}
