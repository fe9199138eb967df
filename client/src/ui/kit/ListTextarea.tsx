import { LIST_TEXTAREA_MIN_ROWS, listCountText, parseListTextarea } from '@vigil/shared';
import type { ReactNode } from 'react';
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
 * The list textarea (spec 002 §2, §5): one item a line, at least 4 rows, and with it how many
 * items the text holds as the list reads it (LT1: leading digits, dashes, dots, underscores and
 * whitespace stripped, blank lines not counted), 'Contains N items' (LT2). The count is part of the
 * field's description, so a screen reader hears it with the field, and announced as it changes.
 */
export function ListTextarea({ label, value, onChange, disabled = false, description }: ListTextareaProps): ReactNode {
  const count = (
    <span aria-live="polite" data-testid="list-count">
      {listCountText(parseListTextarea(value))}
    </span>
  );
  return (
    <GrowingTextarea
      label={label}
      description={
        description ? (
          <>
            {description} {count}
          </>
        ) : (
          count
        )
      }
      minRows={LIST_TEXTAREA_MIN_ROWS}
      size="md"
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
