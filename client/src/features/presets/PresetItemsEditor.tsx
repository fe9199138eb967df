import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { PRESET_DIALOG_TEXTS, PRESET_GROUP_LABELS, type PresetItem } from '@vigil/shared';
import type { ReactNode } from 'react';

export interface PresetItemsEditorProps {
  items: readonly PresetItem[];
  chosen: ReadonlySet<string>;
  onChange: (chosen: Set<string>) => void;
  /** Names the checkbox group (several editors on one screen). */
  label: string;
  disabled?: boolean;
}

/**
 * The preset editor's per-item checkboxes with Select All / Deselect All (spec 002 §2): the items
 * of a macro under their group's heading; only the ticked ones are saved or applied (PS3).
 */
export function PresetItemsEditor({ items, chosen, onChange, label, disabled }: PresetItemsEditorProps): ReactNode {
  const groups = [...new Set(items.map((i) => i.group))];
  const toggle = (key: string, on: boolean): void => {
    const next = new Set(chosen);
    if (on) next.add(key);
    else next.delete(key);
    onChange(next);
  };
  return (
    <Stack gap="xs" role="group" aria-label={label}>
      <Group gap="xs">
        <Button
          size="xs"
          variant="light"
          disabled={disabled}
          onClick={() => onChange(new Set(items.map((i) => i.key)))}
        >
          {PRESET_DIALOG_TEXTS.selectAll}
        </Button>
        <Button size="xs" variant="light" disabled={disabled} onClick={() => onChange(new Set())}>
          {PRESET_DIALOG_TEXTS.deselectAll}
        </Button>
      </Group>
      {items.length === 0 && (
        <Text size="sm" c="dimmed">
          Nothing to copy yet.
        </Text>
      )}
      {groups.map((g) => (
        <Stack key={g} gap={4}>
          <Text size="sm" fw={600}>
            {PRESET_GROUP_LABELS[g]}
          </Text>
          {items
            .filter((i) => i.group === g)
            .map((i) => (
              <Checkbox
                key={i.key}
                label={i.label}
                checked={chosen.has(i.key)}
                disabled={disabled}
                onChange={(e) => toggle(i.key, e.currentTarget.checked)}
                data-item={i.key}
              />
            ))}
        </Stack>
      ))}
    </Stack>
  );
}
