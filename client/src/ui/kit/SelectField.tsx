import { Select } from '@mantine/core';
import type { ReactNode } from 'react';
import { TOUCH_FIELD } from './touch.js';

export interface SelectFieldProps {
  label: string;
  data: readonly { value: string; label: string }[];
  /** The chosen value, '' when none. */
  value: string;
  /** The chosen value, '' when cleared. */
  onChange: (value: string) => void;
  placeholder?: string;
  required?: boolean;
  /** Typing filters the choices (a long list, such as patients). */
  searchable?: boolean;
  /** Shown when typing matches no choice. */
  nothingFoundMessage?: string;
  /** Offers a button that clears the choice. */
  clearable?: boolean;
  error?: string | undefined;
  disabled?: boolean;
}

/**
 * A choice from a list that may be searched: Mantine's Select (a combobox with its dropdown) in
 * the kit's size, 44 px high for touch. Where a short list needs no search, LightNativeSelect is
 * lighter. Works with '' for "none" as the other fields do, rather than Mantine's null.
 */
export function SelectField({ data, value, onChange, ...props }: SelectFieldProps): ReactNode {
  return (
    <Select
      {...props}
      styles={TOUCH_FIELD}
      data={data as { value: string; label: string }[]}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
    />
  );
}
