import { Select } from '@mantine/core';
import type { ReactNode } from 'react';
import { TOUCH_FIELD } from './touch.js';

export interface SelectFieldProps<V extends string = string> {
  label: string;
  data: readonly { value: V; label: string }[];
  /** The chosen value, '' when none. */
  value: V | '';
  /** The chosen value (one of data's), '' when cleared. */
  onChange: (value: V | '') => void;
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
  /** Takes the rest of its row, at least 240 px wide (a field beside a button). */
  grow?: boolean;
}

const GROW = { flex: 1, minWidth: 240 } as const;

/**
 * A choice from a list that may be searched: Mantine's Select (a combobox with its dropdown) in
 * the kit's size, 44 px high for touch. Where a short list needs no search, LightNativeSelect is
 * lighter. Works with '' for "none" as the other fields do, rather than Mantine's null.
 */
export function SelectField<V extends string>({
  data,
  value,
  onChange,
  grow,
  ...props
}: SelectFieldProps<V>): ReactNode {
  return (
    <Select
      {...props}
      style={grow ? GROW : undefined}
      styles={TOUCH_FIELD}
      data={[...data]}
      value={value || null}
      onChange={(v) => onChange(data.find((d) => d.value === v)?.value ?? '')}
    />
  );
}
