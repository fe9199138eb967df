import { Checkbox } from '@mantine/core';
import type { ReactNode } from 'react';
import { TOUCH_TARGET } from './touch.js';

export interface CheckboxFieldProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  /** Lines the box up with the fields of a row (their labels above a 44 px input). */
  besideFields?: boolean;
}

// Mantine's size md box (24 px) in a row at least 44 px high, so the whole label is the target.
const STYLES = { body: TOUCH_TARGET } as const;
const STYLES_BESIDE_FIELDS = { root: { marginTop: 'calc(1.5rem * var(--mantine-scale))' }, body: TOUCH_TARGET };

/** A labelled checkbox of the case screen, reporting its state as a boolean. */
export function CheckboxField({ label, checked, onChange, disabled, besideFields }: CheckboxFieldProps): ReactNode {
  return (
    <Checkbox
      size="md"
      label={label}
      checked={checked}
      disabled={disabled}
      styles={besideFields ? STYLES_BESIDE_FIELDS : STYLES}
      onChange={(e) => onChange(e.currentTarget.checked)}
    />
  );
}
