import { readPositiveIntegerField } from '@vigil/shared';
import { useEffect, useState, type ReactNode } from 'react';
import type { CaseDoc } from '../../../case/index.js';
import { LightTextInput } from '../../../ui/kit/LightTextInput.js';
import { useCaseValue } from '../../../case/index.js';

export interface IntegerCaseFieldProps {
  doc: CaseDoc | undefined;
  field: 'ebl' | 'finalRoomAirSpO2';
  label: string;
  disabled: boolean;
  description?: string;
}

/**
 * A positive-integer field of the case (CF1: ebl, finalRoomAirSpO2): what is typed is checked as
 * it is typed; only a valid value (or a cleared field) is written to the case, an invalid one
 * stays on screen with its error. A value set on another tablet replaces the text.
 */
export function IntegerCaseField({ doc, field, label, disabled, description }: IntegerCaseFieldProps): ReactNode {
  const [value, setValue] = useCaseValue<number>(doc, field);
  const stored = typeof value === 'number' ? String(value) : '';
  const [text, setText] = useState(stored);
  useEffect(() => {
    setText((t) => (readPositiveIntegerField(t, field).value === (value ?? null) ? t : stored));
  }, [stored, value, field]);
  const read = readPositiveIntegerField(text, field);
  return (
    <LightTextInput
      label={label}
      inputMode="numeric"
      value={text}
      disabled={disabled}
      description={description}
      error={read.error ?? undefined}
      onChange={(e) => {
        const next = e.currentTarget.value;
        setText(next);
        const r = readPositiveIntegerField(next, field);
        if (r.error === null && r.value !== (value ?? null)) setValue(r.value);
      }}
    />
  );
}
