import type { ReactNode } from 'react';
import { LightTextInput } from './LightTextInput.js';

export interface TimeFieldProps {
  label: string;
  value: string;
  error: string | null;
  disabled?: boolean;
  onChange: (text: string) => void;
  /** The field's width in px (110 when left out), or 'auto' for the width of the column it is in. */
  width?: number | 'auto';
}

/**
 * A charting time typed as HH:MM or a lenient form (930, 1:30p); empty means now (spec 002 §5).
 * A text field with a numeric keyboard rather than `type="time"`, whose picker cannot be left
 * empty for "now" and differs between tablets.
 */
export function TimeField({ label, value, error, disabled, onChange, width = 110 }: TimeFieldProps): ReactNode {
  return (
    <LightTextInput
      label={label}
      placeholder="now"
      inputMode="numeric"
      size="sm"
      width={width === 'auto' ? undefined : width}
      value={value}
      error={error ?? undefined}
      disabled={disabled}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
