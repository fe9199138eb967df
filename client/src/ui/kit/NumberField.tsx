import { NumberInput, type NumberInputProps } from '@mantine/core';
import type { ReactNode } from 'react';

export interface NumberFieldProps extends Omit<NumberInputProps, 'value' | 'onChange'> {
  value: number | null;
  onChange: (value: number | null) => void;
}

/**
 * Mantine's NumberInput, wrapped once (STYLE.md): it hands back '' when cleared and strings for
 * large values; this gives a finite number or null, always.
 */
export function NumberField({ value, onChange, ...props }: NumberFieldProps): ReactNode {
  return (
    <NumberInput
      {...props}
      value={value ?? ''}
      onChange={(v) => {
        const n = typeof v === 'number' ? v : v === '' ? null : Number(v);
        onChange(n != null && Number.isFinite(n) ? n : null);
      }}
    />
  );
}
