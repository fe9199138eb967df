import { Button, Checkbox, Group, NativeSelect, Paper, Text, TextInput } from '@mantine/core';
import { DRUG_UNITS, OFFICE_DRUG_ROUTES, type OfficeDrug } from '@vigil/shared';
import { useState, type ReactNode } from 'react';
import { drugLabel, readCommonDoses } from './model.js';

export interface DrugRowProps {
  drug: OfficeDrug;
  position: number;
  count: number;
  disabled: boolean;
  onChange: (drug: OfficeDrug) => void;
  onMove: (delta: number) => void;
  onRemove: () => void;
}

/**
 * One drug of the office's list: its place (earlier / later), and for an oral or parenteral drug
 * its default unit, routes and common doses. An own drug shows its maximum, or that it has none.
 */
export function DrugRow({ drug, position, count, disabled, onChange, onMove, onRemove }: DrugRowProps): ReactNode {
  const label = drugLabel(drug);
  const dosed = drug.category === 'oral' || drug.category === 'parenteral';
  const [dosesText, setDosesText] = useState(drug.commonDoses.join(', '));
  const doses = readCommonDoses(dosesText);
  return (
    <Paper withBorder p="xs" data-testid="office-drug" aria-label={label} component="li">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Text fw={600} size="sm">
          {position + 1}. {label}
          {drug.custom ? ' (office drug)' : ''}
        </Text>
        <Group gap={4}>
          <Button
            size="compact-sm"
            variant="default"
            disabled={disabled || position === 0}
            onClick={() => onMove(-1)}
            aria-label={`Move ${label} earlier`}
          >
            Earlier
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            disabled={disabled || position === count - 1}
            onClick={() => onMove(1)}
            aria-label={`Move ${label} later`}
          >
            Later
          </Button>
          <Button
            size="compact-sm"
            color="red"
            variant="light"
            disabled={disabled}
            onClick={onRemove}
            aria-label={`Remove ${label}`}
          >
            Remove
          </Button>
        </Group>
      </Group>
      {dosed && (
        <Group gap="sm" mt="xs" align="flex-start" wrap="wrap">
          <NativeSelect
            label="Default unit"
            size="xs"
            w={100}
            data={[...DRUG_UNITS]}
            value={drug.unit ?? 'mg'}
            disabled={disabled}
            onChange={(e) => onChange({ ...drug, unit: e.currentTarget.value })}
          />
          <Checkbox.Group
            label="Routes"
            size="xs"
            value={[...drug.routes]}
            onChange={(v) => onChange({ ...drug, routes: OFFICE_DRUG_ROUTES.filter((r) => v.includes(r)) })}
          >
            <Group gap={8} mt={6}>
              {OFFICE_DRUG_ROUTES.map((r) => (
                <Checkbox key={r} value={r} label={r} disabled={disabled} />
              ))}
            </Group>
          </Checkbox.Group>
          <TextInput
            label="Common doses"
            description={drug.unit ?? undefined}
            size="xs"
            w={160}
            placeholder="2.5, 5"
            value={dosesText}
            disabled={disabled}
            error={doses.error}
            onChange={(e) => {
              const text = e.currentTarget.value;
              setDosesText(text);
              const read = readCommonDoses(text);
              if (!read.error) onChange({ ...drug, commonDoses: read.value });
            }}
          />
        </Group>
      )}
      {drug.custom && (
        <Text size="xs" c="dimmed" mt={4}>
          {drug.maximum
            ? `Maximum: ${[drug.maximum.perKg != null ? `${drug.maximum.perKg} ${drug.maximum.unit}/kg` : null, drug.maximum.absolute != null ? `at most ${drug.maximum.absolute} ${drug.maximum.unit}` : null].filter(Boolean).join(', ')} (source: ${drug.maximum.source})`
            : 'No maximum on file: doses of this drug are not checked against a maximum.'}
        </Text>
      )}
    </Paper>
  );
}
