import { Badge, Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { PRESET_NOT_YOURS_TIP, presetItems } from '@vigil/shared';
import { useMemo, useState, type ReactNode } from 'react';
import { ownerPillText, type UsablePreset } from './model.js';
import { PresetItemsEditor } from './PresetItemsEditor.js';

export interface PresetListItemProps {
  preset: UsablePreset;
  /** Its place among the chosen presets (1-based), or null when not chosen. */
  order: number | null;
  onToggle: () => void;
  /** Why it cannot be chosen (a sedation level the plan does not allow), or null. */
  unusable: string | null;
  /** The portions to apply (item keys), for a chosen preset. */
  portions: ReadonlySet<string>;
  onPortions: (portions: Set<string>) => void;
  /** Opens the preset in the editor (only when the user may change it). */
  onEdit?: () => void;
  disabled?: boolean;
}

/**
 * A preset in the list (spec 002 §2): its name, the owner pill, a show/hide details toggle, and a
 * selection checkbox showing its order among the chosen. Its details are the per-item checkboxes
 * choosing which portions apply; someone who cannot edit it sees the tip that another owner holds
 * it (spec 002 §6).
 */
export function PresetListItem(props: PresetListItemProps): ReactNode {
  const { preset, order, onToggle, unusable, portions, onPortions, onEdit, disabled } = props;
  const [open, setOpen] = useState(false);
  const items = useMemo(() => (preset.macro ? presetItems(preset.macro) : []), [preset.macro]);
  const { view } = preset;
  const detailsId = `preset-details-${view.id}`;
  return (
    <Paper withBorder p="xs" component="li" data-testid="preset-item" data-preset={view.name}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <Checkbox
              aria-label={`Use ${view.name}`}
              checked={order !== null}
              disabled={disabled || unusable !== null}
              onChange={onToggle}
            />
            {order !== null && (
              <Badge size="sm" circle color="blue.9" title={`Order ${order}`} data-testid="preset-order">
                {order}
              </Badge>
            )}
            <Text fw={600}>{view.name}</Text>
            <Badge variant="outline" color={view.editable ? 'blue.9' : 'dark'} data-testid="preset-owner">
              {ownerPillText(view)}
            </Badge>
          </Group>
          <Group gap={4} wrap="nowrap">
            {onEdit && view.editable && (
              <Button size="compact-xs" variant="subtle" onClick={onEdit}>
                Edit
              </Button>
            )}
            <Button
              size="compact-xs"
              variant="subtle"
              aria-expanded={open}
              aria-controls={detailsId}
              onClick={() => setOpen((o) => !o)}
            >
              {open ? 'Hide details' : 'Show details'}
            </Button>
          </Group>
        </Group>
        {unusable && (
          <Text size="sm" c="red.9" data-testid="preset-unusable">
            {unusable}
          </Text>
        )}
        {open && (
          <Stack gap={6} id={detailsId}>
            {!view.editable && (
              <Text size="sm" c="dimmed" data-testid="preset-tip">
                {PRESET_NOT_YOURS_TIP}
              </Text>
            )}
            <PresetItemsEditor
              items={items}
              chosen={portions}
              onChange={onPortions}
              label={`Portions of ${view.name} to apply`}
              disabled={disabled || unusable !== null}
            />
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
