import { Switch } from '@mantine/core';
import type { ReactNode } from 'react';
import { TOUCH_TARGET } from './touch.js';

export interface SwitchFieldProps {
  label: string;
  /** Shown under the label. */
  description?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

// Mantine's size lg track in a row at least 44 px high.
const STYLES = { body: TOUCH_TARGET } as const;

/** A labelled on/off switch of the case screen, reporting its state as a boolean. */
export function SwitchField({ label, description, checked, onChange, disabled }: SwitchFieldProps): ReactNode {
  return (
    <Switch
      size="lg"
      label={label}
      description={description}
      checked={checked}
      disabled={disabled}
      styles={STYLES}
      onChange={(e) => onChange(e.currentTarget.checked)}
    />
  );
}
