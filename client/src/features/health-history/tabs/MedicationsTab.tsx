import { Autocomplete, Button, Group, Text } from '@mantine/core';
import { medicationLabel, NOT_MATCHED_TO_DRUG_ID, searchMedications, type MedicationOption } from '@vigil/shared';
import { useState, type ReactNode } from 'react';
import { TOUCH_INPUT } from '../../../ui/kit/touch.js';
import { addMedicationPatch, medicationsAreNone, medicationsNonePatch, removeMedicationPatch } from './model.js';
import { TabFrame } from './parts.js';
import type { HhxTabProps } from './types.js';

/** The text an option is listed under in the autocomplete. */
function optionText(o: MedicationOption): string {
  return o.noMatch ? `${o.name} ${NOT_MATCHED_TO_DRUG_ID}` : o.name;
}

/**
 * Medications (spec 002 §2, §4, §5): an autocomplete over the local catalogue (a typed name that
 * matches nothing is added '(not matched to drug ID)'), the chosen drugs as removable chips, and
 * the none chip (stored as the text none with an empty list).
 */
export function MedicationsTab({ data, set, readOnly, enteredElsewhere }: HhxTabProps): ReactNode {
  const [text, setText] = useState('');
  const options = searchMedications(text);
  const list = data.medications ?? [];
  const none = medicationsAreNone(data);
  const choose = (shown: string): void => {
    const option = options.find((o) => optionText(o) === shown);
    if (!option) return;
    const patch = addMedicationPatch(data, option);
    if (patch) set(patch);
    setText('');
  };
  return (
    <TabFrame title="Medications">
      <Autocomplete
        {...TOUCH_INPUT}
        label="Add a medication"
        withAsterisk={!enteredElsewhere}
        placeholder="Generic or brand name"
        description="Current medications, including supplements"
        value={text}
        disabled={readOnly}
        data={options.map(optionText)}
        filter={({ options: o }) => o}
        limit={8}
        onChange={setText}
        onOptionSubmit={choose}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && text.trim() !== '' && options.length === 1) choose(optionText(options[0]!));
        }}
      />
      <Group gap="xs" aria-label="Medications chosen" role="list">
        {none && (
          <Chip label="None" onRemove={() => set({ medications: [], medicationsText: null })} disabled={readOnly} />
        )}
        {list.map((m, i) => (
          <Chip
            key={`${String(m.id)}-${m.name}`}
            label={medicationLabel(m)}
            onRemove={() => set(removeMedicationPatch(data, i))}
            disabled={readOnly}
          />
        ))}
        {!none && list.length === 0 && (
          <Text c="dimmed" size="sm">
            No medications recorded yet.
          </Text>
        )}
      </Group>
      {!none && list.length === 0 && (
        <Group>
          <Button variant="light" mih={44} disabled={readOnly} onClick={() => set(medicationsNonePatch())}>
            Takes no medications (none)
          </Button>
        </Group>
      )}
    </TabFrame>
  );
}

/** A chosen medication: its name and a 44 px remove button. */
function Chip({ label, onRemove, disabled }: { label: string; onRemove: () => void; disabled: boolean }): ReactNode {
  return (
    <Group
      role="listitem"
      gap={4}
      wrap="nowrap"
      style={{ border: '1px solid var(--mantine-color-blue-3)', borderRadius: 999, paddingLeft: 14 }}
      bg="blue.0"
    >
      <Text size="md">{label}</Text>
      <Button
        variant="subtle"
        color="gray"
        mih={44}
        miw={44}
        px={8}
        radius="xl"
        disabled={disabled}
        aria-label={`Remove ${label}`}
        onClick={onRemove}
      >
        ✕
      </Button>
    </Group>
  );
}
