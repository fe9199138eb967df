import { TextInput } from '@mantine/core';
import type { ReactNode } from 'react';

/** Inputs and selects at least 44 px high, for touch (issue 8). */
export const TOUCH_INPUT = { input: { minHeight: 44 } } as const;

export interface TimeFieldProps {
  label: string;
  value: string;
  error: string | null;
  disabled?: boolean;
  onChange: (text: string) => void;
  w?: number;
}

/** A charting time typed as HH:MM or a lenient form (930, 1:30p); empty means now (spec 002 §5). */
export function TimeField({ label, value, error, disabled, onChange, w = 110 }: TimeFieldProps): ReactNode {
  return (
    <TextInput
      label={label}
      placeholder="now"
      inputMode="numeric"
      w={w}
      styles={TOUCH_INPUT}
      value={value}
      error={error ?? undefined}
      disabled={disabled}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
