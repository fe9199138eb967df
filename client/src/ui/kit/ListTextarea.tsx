import { Text } from '@mantine/core';
import { LIST_TEXTAREA_MIN_ROWS, listCountText, parseListTextarea } from '@vigil/shared';
import { useId, type ReactNode } from 'react';
import { GrowingTextarea } from './GrowingTextarea.js';

export interface ListTextareaProps {
  label: string;
  /** The text as typed: one item a line. */
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  description?: string;
}

/**
 * The list textarea (spec 002 §2, §5): one item a line, at least 4 rows, and under it how many
 * items the text holds as the list reads it (LT1: leading digits, dashes, dots, underscores and
 * whitespace stripped, blank lines not counted), 'Contains N items' (LT2).
 */
export function ListTextarea({ label, value, onChange, disabled = false, description }: ListTextareaProps): ReactNode {
  const countId = useId();
  return (
    <div>
      <GrowingTextarea
        label={label}
        description={description}
        minRows={LIST_TEXTAREA_MIN_ROWS}
        size="md"
        value={value}
        disabled={disabled}
        aria-describedby={countId}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
      <Text id={countId} size="sm" c="dimmed" mt={4} aria-live="polite">
        {listCountText(parseListTextarea(value))}
      </Text>
    </div>
  );
}
