import type { PreMedEntry } from '@vigil/shared';
import { Button, Group, Table, Text } from '@mantine/core';
import { useMemo, useState, type ReactNode } from 'react';
import {
  DRUG_UNITS,
  ORAL_SEDATIVES,
  PRE_MED_ROUTES,
  countablePreMeds,
  newId,
  officeFirst,
  type OfficeDrug,
  type OralSedative,
} from '@vigil/shared';
import { clockTime } from '../../../ui/format.js';
import { readAmount, readChartTime } from './model.js';
import { ConfirmRemoval } from '../../../ui/ConfirmRemoval.js';
import { TimeField } from '../../../ui/kit/TimeField.js';
import { LightNativeSelect } from '../../../ui/kit/LightNativeSelect.js';
import { LightTextInput } from '../../../ui/kit/LightTextInput.js';

export type { PreMedEntry };

export interface PreMedsProps {
  items: readonly PreMedEntry[];
  disabled: boolean;
  onAdd: (entry: PreMedEntry) => void;
  onRemove: (id: string) => void;
  now?: () => number;
  /** The office's drug list (customize-drugs): its oral sedatives first (OD3). */
  office?: readonly OfficeDrug[];
}

const NO_OFFICE: readonly OfficeDrug[] = [];

const slug = (name: string): string => name.trim().toLowerCase().replace(/\s+/g, '-');

/** [OD3] The oral sedatives offered, the office's first with its default unit (customize-drugs); its own oral drugs among them. */
function useOfficeSedatives(office: readonly OfficeDrug[]): OralSedative[] {
  return useMemo(
    () =>
      officeFirst(ORAL_SEDATIVES, office, 'oral', (d, known): OralSedative => ({
        id: d.id,
        name: known?.name ?? d.name,
        unit: d.unit === 'mcg' || d.unit === 'mg' ? d.unit : (known?.unit ?? 'mg'),
        common: known?.common ?? false,
        availableRoutes: known?.availableRoutes ?? ['PO', 'SL'],
      })),
    [office],
  );
}

/**
 * Pre-meds and oral sedatives taken before the case (spec 002 §9): the sedative catalogue with
 * its default unit (mg; Fentanyl and Dexmedetomidine mcg) and the pre-med routes PO, SL, IM, IN,
 * PR, SC, TD, BUC, OR, INH, TOP, OPH. Only pre-meds with a drug id and name count [DR6].
 */
export function PreMeds({
  items,
  disabled,
  onAdd,
  onRemove,
  now = Date.now,
  office = NO_OFFICE,
}: PreMedsProps): ReactNode {
  const sedatives = useOfficeSedatives(office);
  const [name, setName] = useState('');
  const [route, setRoute] = useState<string>('PO');
  const [unit, setUnit] = useState<string>('mg');
  const [dosageText, setDosageText] = useState('');
  const [timeText, setTimeText] = useState('');
  const [removing, setRemoving] = useState<PreMedEntry | null>(null);
  const dosage = readAmount(dosageText);
  const time = readChartTime(timeText, now());
  const canAdd = name.trim() !== '' && dosage.value != null && time.value != null;
  const counted = countablePreMeds(items);
  const rows = [...counted].sort((a, b) => a.time - b.time);
  return (
    <>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!canAdd) return;
          const known = sedatives.find((s) => slug(s.name) === slug(name));
          onAdd({
            id: newId('dos'),
            drugId: known?.id ?? `custom-${slug(name)}`,
            drugName: known?.name ?? name.trim(),
            route,
            dosage: dosage.value!,
            unit,
            time: time.value!,
          });
          setName('');
          setDosageText('');
          setTimeText('');
        }}
      >
        <Group align="flex-start" wrap="wrap" gap="sm">
          <LightTextInput
            label="Pre-med"
            list="vigil-premed-catalogue"
            autoComplete="off"
            width={200}
            size="sm"
            value={name}
            disabled={disabled}
            onChange={(e) => {
              const text = e.currentTarget.value;
              setName(text);
              const known = sedatives.find((s) => slug(s.name) === slug(text));
              if (known) setUnit(known.unit);
            }}
          />
          <datalist id="vigil-premed-catalogue">
            {sedatives.map((s) => (
              <option key={s.id} value={s.name} />
            ))}
          </datalist>
          <LightNativeSelect
            label="Pre-med via"
            width={100}
            size="sm"
            value={route}
            disabled={disabled}
            data={[...PRE_MED_ROUTES]}
            onChange={(e) => setRoute(e.currentTarget.value)}
          />
          <LightTextInput
            label="Pre-med dosage"
            inputMode="decimal"
            width={120}
            size="sm"
            value={dosageText}
            disabled={disabled}
            error={dosage.error ?? undefined}
            onChange={(e) => setDosageText(e.currentTarget.value)}
          />
          <LightNativeSelect
            label="Pre-med unit"
            width={100}
            size="sm"
            value={unit}
            disabled={disabled}
            data={[...DRUG_UNITS]}
            onChange={(e) => setUnit(e.currentTarget.value)}
          />
          <TimeField
            label="Pre-med time"
            value={timeText}
            error={time.error}
            disabled={disabled}
            onChange={setTimeText}
          />
          <Button type="submit" mt={25} mih={44} disabled={disabled || !canAdd}>
            Add pre-med
          </Button>
        </Group>
      </form>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No pre-meds charted.
        </Text>
      ) : (
        <Table striped aria-label="Pre-meds taken">
          <Table.Tbody>
            {rows.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>{clockTime(p.time)}</Table.Td>
                <Table.Td fw={600}>{p.drugName}</Table.Td>
                <Table.Td>
                  {p.dosage} {p.unit}
                </Table.Td>
                <Table.Td>{p.route}</Table.Td>
                <Table.Td>
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    mih={44}
                    disabled={disabled}
                    aria-label={`Remove pre-med ${p.drugName} at ${clockTime(p.time)}`}
                    onClick={() => setRemoving(p)}
                  >
                    Remove
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ConfirmRemoval
        title="Remove this entry?"
        question={removing ? `Remove pre-med ${removing.drugName} at ${clockTime(removing.time)}?` : null}
        onKeep={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) onRemove(removing.id);
          setRemoving(null);
        }}
      />
    </>
  );
}
