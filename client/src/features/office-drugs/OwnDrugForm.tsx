import { Button, Checkbox, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { DRUG_UNITS, OFFICE_DRUG_ROUTES, ORAL_ROUTES, type OfficeDrug } from '@vigil/shared';
import { useState, type ReactNode } from 'react';
import { EMPTY_OWN_DRUG, ownDrug, type OwnDrugDraft, type OwnDrugErrors } from './model.js';

export interface OwnDrugFormProps {
  disabled: boolean;
  onAdd: (drug: OfficeDrug) => string | null;
}

/**
 * A drug of the office's own (OD1): name (MISSING_DRUG_NAME without one), list, unit, routes and
 * common doses; a maximum only with its source. Without one the drug has no maximum (OD4).
 */
export function OwnDrugForm({ disabled, onAdd }: OwnDrugFormProps): ReactNode {
  const [draft, setDraft] = useState<OwnDrugDraft>(EMPTY_OWN_DRUG);
  const [errors, setErrors] = useState<OwnDrugErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const set = (patch: Partial<OwnDrugDraft>): void => setDraft((d) => ({ ...d, ...patch }));
  const add = (): void => {
    const made = ownDrug(draft);
    setErrors(made.errors);
    if (!made.drug) return;
    const refused = onAdd(made.drug);
    setRefusal(refused);
    if (!refused) setDraft(EMPTY_OWN_DRUG);
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="own-drug-title">
      <Title order={2} size="h4" id="own-drug-title" mb="xs">
        Add a drug of the office’s own
      </Title>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          add();
        }}
      >
        <Stack gap="xs">
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label="Drug name"
              w={220}
              value={draft.name}
              error={errors.name}
              disabled={disabled}
              onChange={(e) => set({ name: e.currentTarget.value })}
            />
            <NativeSelect
              label="List"
              w={170}
              disabled={disabled}
              data={[
                { value: 'parenteral', label: 'Parenteral drugs' },
                { value: 'oral', label: 'Oral sedatives' },
              ]}
              value={draft.category}
              onChange={(e) => {
                const category = e.currentTarget.value as OwnDrugDraft['category'];
                set({ category, routes: category === 'oral' ? [...ORAL_ROUTES] : ['IV'] });
              }}
            />
            <NativeSelect
              label="Unit"
              w={90}
              disabled={disabled}
              data={[...DRUG_UNITS]}
              value={draft.unit}
              onChange={(e) => set({ unit: e.currentTarget.value as OwnDrugDraft['unit'] })}
            />
            <TextInput
              label="Common doses"
              w={150}
              placeholder="2.5, 5"
              value={draft.dosesText}
              error={errors.doses}
              disabled={disabled}
              onChange={(e) => set({ dosesText: e.currentTarget.value })}
            />
          </Group>
          <Checkbox.Group
            label="Routes"
            value={[...draft.routes]}
            error={errors.routes}
            onChange={(v) => set({ routes: OFFICE_DRUG_ROUTES.filter((r) => v.includes(r)) })}
          >
            <Group gap={8} mt={6}>
              {OFFICE_DRUG_ROUTES.map((r) => (
                <Checkbox key={r} value={r} label={r} disabled={disabled} />
              ))}
            </Group>
          </Checkbox.Group>
          <Text size="sm" c="dimmed">
            Maximum (optional): without one, doses of this drug are not checked against a maximum. Enter it only with
            its source.
          </Text>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label={`Per kg (${draft.unit}/kg)`}
              w={130}
              value={draft.perKgText}
              error={errors.maximum}
              disabled={disabled}
              onChange={(e) => set({ perKgText: e.currentTarget.value })}
            />
            <TextInput
              label={`Absolute (${draft.unit})`}
              w={130}
              value={draft.absoluteText}
              disabled={disabled}
              onChange={(e) => set({ absoluteText: e.currentTarget.value })}
            />
            <TextInput
              label="Source of the maximum"
              w={320}
              placeholder="Label or reference"
              value={draft.source}
              error={errors.source}
              disabled={disabled}
              onChange={(e) => set({ source: e.currentTarget.value })}
            />
          </Group>
          {refusal && (
            <Text c="red.9" size="sm" role="alert">
              {refusal}
            </Text>
          )}
          <Group>
            <Button type="submit" variant="light" disabled={disabled}>
              Add drug
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
