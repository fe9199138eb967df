import { Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import type { OfficeDrug, OfficeDrugCategory } from '@vigil/shared';
import { useState, type ReactNode } from 'react';
import { DrugRow } from './DrugRow.js';
import { CATEGORY_LABELS, catalogueEntry, catalogueOptions, moved } from './model.js';

export interface CategorySectionProps {
  category: OfficeDrugCategory;
  /** The office's drugs of this list, in its order. */
  drugs: readonly OfficeDrug[];
  disabled: boolean;
  onChange: (drugs: OfficeDrug[]) => void;
}

/** One of the four lists: the drugs the office's providers see first, in order, and a catalogue drug to add. */
export function CategorySection({ category, drugs, disabled, onChange }: CategorySectionProps): ReactNode {
  const options = catalogueOptions(category).filter((o) => !drugs.some((d) => !d.custom && d.id === o.id));
  const [choice, setChoice] = useState('');
  const title = CATEGORY_LABELS[category];
  const headingId = `office-drugs-${category}`;
  const change = (i: number, drug: OfficeDrug): void => onChange(drugs.map((d, j) => (j === i ? drug : d)));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId} mb="xs">
        {title}
      </Title>
      {drugs.length === 0 ? (
        <Text size="sm" c="dimmed">
          None chosen: providers see the catalogue in its usual order.
        </Text>
      ) : (
        <Stack gap={6} component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {drugs.map((d, i) => (
            <DrugRow
              key={`${d.category}:${d.id}`}
              drug={d}
              position={i}
              count={drugs.length}
              disabled={disabled}
              onChange={(drug) => change(i, drug)}
              onMove={(delta) => onChange(moved(drugs, i, delta))}
              onRemove={() => onChange(drugs.filter((_, j) => j !== i))}
            />
          ))}
        </Stack>
      )}
      {!disabled && options.length > 0 && (
        <Group mt="sm" align="flex-end" gap="sm">
          <NativeSelect
            label={`Show first: ${title.toLowerCase()}`}
            w={260}
            data={[{ value: '', label: 'Choose a drug' }, ...options.map((o) => ({ value: o.id, label: o.label }))]}
            value={choice}
            onChange={(e) => setChoice(e.currentTarget.value)}
          />
          <Button
            variant="default"
            disabled={choice === ''}
            onClick={() => {
              const entry = catalogueEntry(category, choice);
              if (entry) onChange([...drugs, entry]);
              setChoice('');
            }}
          >
            Add to the list
          </Button>
        </Group>
      )}
    </Paper>
  );
}
