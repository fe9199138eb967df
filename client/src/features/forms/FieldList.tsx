import { ActionIcon, Button, Card, Checkbox, Group, Menu, Stack, Text, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import {
  FIELD_TYPE_TITLES,
  FORM_FIELD_TYPES,
  moveField,
  newField,
  type DraftErrors,
  type OrgFormField,
} from './formModel.js';

export interface FieldListProps {
  fields: OrgFormField[];
  onChange: (fields: OrgFormField[]) => void;
  errors: DraftErrors;
  readOnly: boolean;
}

const INPUT_STYLES = { input: { minHeight: 44 } };

/** A field's up, down and remove buttons, named after the field. */
function RowActions({
  name,
  first,
  last,
  onMove,
  onRemove,
}: {
  name: string;
  first: boolean;
  last: boolean;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}): ReactNode {
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="default"
        size={44}
        aria-label={`Move ${name} up`}
        disabled={first}
        onClick={() => onMove(-1)}
      >
        ↑
      </ActionIcon>
      <ActionIcon
        variant="default"
        size={44}
        aria-label={`Move ${name} down`}
        disabled={last}
        onClick={() => onMove(1)}
      >
        ↓
      </ActionIcon>
      <ActionIcon variant="default" color="red" size={44} aria-label={`Remove ${name}`} onClick={onRemove}>
        ✕
      </ActionIcon>
    </Group>
  );
}

/**
 * The form builder's fields (issue 28): add a field of a type, edit its name, label and required,
 * and order the list by dragging a row or with its Move up / Move down buttons (keyboard).
 */
export function FieldList({ fields, onChange, errors, readOnly }: FieldListProps): ReactNode {
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [announce, setAnnounce] = useState('');
  // Stable row keys, so a row moved with the keyboard keeps its focus and a label being typed keeps its input.
  const [keys, setKeys] = useState<number[]>(() => fields.map((_, i) => i));
  const [nextKey, setNextKey] = useState(fields.length);
  const rowKeys = keys.length === fields.length ? keys : fields.map((_, i) => nextKey + i);
  const set = (i: number, field: OrgFormField): void => onChange(fields.map((f, j) => (j === i ? field : f)));
  const move = (i: number, to: number): void => {
    setKeys(moveField(rowKeys, i, to));
    onChange(moveField(fields, i, to));
    const f = fields[i];
    if (f) setAnnounce(`${f.label || f.name} moved to position ${to + 1} of ${fields.length}`);
  };

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={600}>Fields</Text>
        {!readOnly && (
          <Menu position="bottom-end">
            <Menu.Target>
              <Button variant="light" mih={44}>
                Add Field
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {FORM_FIELD_TYPES.map((type) => (
                <Menu.Item
                  key={type}
                  onClick={() => {
                    setKeys([...rowKeys, nextKey + fields.length]);
                    setNextKey((k) => k + fields.length + 1);
                    onChange([...fields, newField(type, fields)]);
                  }}
                >
                  {FIELD_TYPE_TITLES[type]}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      <Text size="sm" c="dimmed" aria-live="polite">
        {announce}
      </Text>
      {fields.length === 0 && (
        <Text size="sm" c="dimmed">
          No fields: the patient reads the text and accepts it.
        </Text>
      )}
      <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Form fields">
        {fields.map((f, i) => (
          <Card
            key={rowKeys[i]}
            component="li"
            withBorder
            padding="sm"
            draggable={!readOnly}
            data-testid={`form-field-${i}`}
            onDragStart={(e) => {
              setDragging(i);
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', String(i));
            }}
            onDragOver={(e) => {
              if (dragging === null) return;
              e.preventDefault();
              setOver(i);
            }}
            onDragLeave={() => setOver((o) => (o === i ? null : o))}
            onDrop={(e) => {
              e.preventDefault();
              if (dragging !== null) move(dragging, i);
              setDragging(null);
              setOver(null);
            }}
            onDragEnd={() => {
              setDragging(null);
              setOver(null);
            }}
            style={{
              cursor: readOnly ? undefined : 'grab',
              borderColor: over === i ? 'var(--mantine-color-blue-6)' : undefined,
              opacity: dragging === i ? 0.5 : 1,
            }}
          >
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap">
                <Group gap={6} wrap="nowrap">
                  {!readOnly && (
                    <Text span c="dimmed" aria-hidden="true">
                      ⠿
                    </Text>
                  )}
                  <Text fw={600} size="sm" data-testid="form-field-title">
                    {i + 1}. {FIELD_TYPE_TITLES[f.type]}
                  </Text>
                </Group>
                {!readOnly && (
                  <RowActions
                    name={f.label || f.name}
                    first={i === 0}
                    last={i === fields.length - 1}
                    onMove={(by) => move(i, i + by)}
                    onRemove={() => {
                      setKeys(rowKeys.filter((_, j) => j !== i));
                      onChange(fields.filter((_, j) => j !== i));
                    }}
                  />
                )}
              </Group>
              <Group grow align="flex-start" wrap="wrap">
                <TextInput
                  label="Label"
                  value={f.label}
                  readOnly={readOnly}
                  error={errors[`fields.${i}.label`]}
                  onChange={(e) => set(i, { ...f, label: e.currentTarget.value })}
                  styles={INPUT_STYLES}
                  miw={160}
                />
                <TextInput
                  label="Name (placeholder)"
                  description={`Use {{${f.name}}} in the text`}
                  value={f.name}
                  readOnly={readOnly}
                  error={errors[`fields.${i}.name`]}
                  onChange={(e) => set(i, { ...f, name: e.currentTarget.value.trim() })}
                  styles={INPUT_STYLES}
                  miw={160}
                />
              </Group>
              <Checkbox
                label="Required"
                checked={f.required}
                disabled={readOnly}
                onChange={(e) => set(i, { ...f, required: e.currentTarget.checked })}
                styles={{ body: { minHeight: 44, alignItems: 'center' } }}
              />
            </Stack>
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}
