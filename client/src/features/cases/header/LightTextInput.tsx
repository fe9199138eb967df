import { Input } from '@mantine/core';
import { useId, type ChangeEvent, type CSSProperties, type ReactNode } from 'react';

export interface LightTextInputProps {
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  disabled?: boolean;
  placeholder?: string;
  /** Shown under the label and named by the input's aria-describedby, as Mantine's description. */
  description?: string;
  /** Text when left out. */
  type?: 'date';
  /** Shown under the field, which is then marked invalid and described by it, as Mantine's error. */
  error?: string | undefined;
  inputMode?: 'decimal' | 'numeric' | 'text';
  /** The field a dialog focuses as it opens (Mantine's focus trap looks for `data-autofocus`). */
  autoFocusInDialog?: boolean;
}

const C = Input.classes;
// The CSS variables Mantine's TextInput sets for size="md".
const LABEL_STYLE = { '--input-label-size': 'var(--mantine-font-size-md)' } as CSSProperties;
const DESCRIPTION_STYLE = {
  '--input-description-size': 'calc(var(--mantine-font-size-md) - calc(0.125rem * var(--mantine-scale)))',
} as CSSProperties;
const WRAPPER_STYLE = {
  '--input-height': 'var(--input-height-md)',
  '--input-fz': 'var(--mantine-font-size-md)',
} as CSSProperties;
// With a description between the label and the field, an error under it, or both.
const MARGIN = 'calc(var(--mantine-spacing-xs) / 2)';
const DESCRIBED_WRAPPER_STYLE = { '--input-margin-top': MARGIN, ...WRAPPER_STYLE } as CSSProperties;
const ERROR_WRAPPER_STYLE = { '--input-margin-bottom': MARGIN, ...WRAPPER_STYLE } as CSSProperties;
const DESCRIBED_ERROR_WRAPPER_STYLE = {
  '--input-margin-top': MARGIN,
  '--input-margin-bottom': MARGIN,
  ...WRAPPER_STYLE,
} as CSSProperties;
const ERROR_STYLE = {
  '--input-error-size': 'calc(var(--mantine-font-size-md) - calc(0.125rem * var(--mantine-scale)))',
} as CSSProperties;
// Fingers on a tablet (issue 8 quality bar), as TOUCH_INPUT gives Mantine's inputs.
const INPUT_STYLE: CSSProperties = { minHeight: 44 };

/**
 * A text field that looks and behaves as Mantine's `<TextInput size="md">` with TOUCH_INPUT (the
 * same elements, classes and data attributes) but is plain React elements. Each Mantine input
 * is several components (props, theme, styles API, wrapper context, Box) and the Start section
 * alone has a dozen, rendered before the case screen's first frame on a throttled tablet (issue
 * 8 cold start; typing in a dialog's field re-rendered them all on every key). For fields
 * without sections or Mantine style props; use TextInput there.
 */
export function LightTextInput({
  label,
  value,
  onChange,
  disabled = false,
  placeholder,
  description,
  type,
  error,
  inputMode,
  autoFocusInDialog,
}: LightTextInputProps): ReactNode {
  const id = useId();
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  // In Mantine's order (error, success, description), with its spacing.
  const describedBy = `${errorId ?? ''} ${''} ${descriptionId ?? ''}`.trim() || undefined;
  const state = { ...(disabled ? { 'data-disabled': true } : {}), ...(error ? { 'data-error': true } : {}) };
  const wrapperStyle = description
    ? error
      ? DESCRIBED_ERROR_WRAPPER_STYLE
      : DESCRIBED_WRAPPER_STYLE
    : error
      ? ERROR_WRAPPER_STYLE
      : WRAPPER_STYLE;
  return (
    <div className={C.root} data-size="md" data-error={error ? true : undefined}>
      <LightInputLabel htmlFor={id}>{label}</LightInputLabel>
      {description && (
        <p className={C.description} style={DESCRIPTION_STYLE} data-size="md" id={descriptionId}>
          {description}
        </p>
      )}
      <div className={C.wrapper} style={wrapperStyle} data-variant="default" data-size="md" {...state}>
        <input
          className={C.input}
          style={INPUT_STYLE}
          data-variant="default"
          {...state}
          id={id}
          type={type}
          value={value}
          disabled={disabled}
          placeholder={placeholder}
          inputMode={inputMode}
          data-autofocus={autoFocusInDialog || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={onChange}
        />
      </div>
      {error && (
        <p className={C.error} style={ERROR_STYLE} data-size="md" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

/** Mantine's input label for size md (its TextInput's and NativeSelect's), for the field `htmlFor`. */
export function LightInputLabel({ htmlFor, children }: { htmlFor: string; children: string }): ReactNode {
  return (
    <label className={C.label} style={LABEL_STYLE} data-size="md" htmlFor={htmlFor} id={`${htmlFor}-label`}>
      {children}
    </label>
  );
}
