import { Input } from '@mantine/core';
import {
  useId,
  type ChangeEvent,
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';

export interface LightTextInputProps {
  /** Left out for a field labelled elsewhere (a `<label htmlFor={id}>` of its own). */
  label?: string;
  /** The input's id (made when left out). */
  id?: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  disabled?: boolean;
  placeholder?: string;
  /** Shown under the label and named by the input's aria-describedby, as Mantine's description. */
  description?: string;
  /** Text when left out. */
  type?: 'date' | 'time';
  /** Marked required (the label's asterisk and the input's `required`), as Mantine's. */
  required?: boolean;
  /** Shown under the field, which is then marked invalid and described by it, as Mantine's error. */
  error?: string | undefined;
  /** Marked invalid with no text under it (Mantine's `error={true}`; the text is shown elsewhere). */
  invalid?: boolean;
  /** The input's aria-describedby, in place of the one made from the description and error. */
  describedBy?: string;
  /** Styles added to the input's (the touch height). */
  inputStyle?: CSSProperties;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  inputMode?: 'decimal' | 'numeric' | 'text';
  /** The field a dialog focuses as it opens (Mantine's focus trap looks for `data-autofocus`). */
  autoFocusInDialog?: boolean;
  /** Mantine's size: md when left out. */
  size?: LightInputSize;
  /** The field's width in px, as Mantine's `w`. */
  width?: number;
  /** A datalist's id: suggestions as the user types. */
  list?: string;
  autoComplete?: string;
}

const C = Input.classes;

/** Mantine's input sizes these fields come in: md (the Start section, dialogs) and sm (its default). */
export type LightInputSize = 'sm' | 'md';

// With a description between the label and the field, an error under it, or both.
const MARGIN = 'calc(var(--mantine-spacing-xs) / 2)';

/** The CSS variables Mantine's TextInput sets for a size, made once per size. */
function sizeStyles(size: LightInputSize) {
  const wrapper = { '--input-height': `var(--input-height-${size})`, '--input-fz': `var(--mantine-font-size-${size})` };
  const small = `calc(var(--mantine-font-size-${size}) - calc(0.125rem * var(--mantine-scale)))`;
  return {
    label: { '--input-label-size': `var(--mantine-font-size-${size})` } as CSSProperties,
    description: { '--input-description-size': small } as CSSProperties,
    error: { '--input-error-size': small } as CSSProperties,
    wrapper: wrapper as CSSProperties,
    describedWrapper: { '--input-margin-top': MARGIN, ...wrapper } as CSSProperties,
    errorWrapper: { '--input-margin-bottom': MARGIN, ...wrapper } as CSSProperties,
    describedErrorWrapper: {
      '--input-margin-top': MARGIN,
      '--input-margin-bottom': MARGIN,
      ...wrapper,
    } as CSSProperties,
  };
}
const SIZE_STYLES = { sm: sizeStyles('sm'), md: sizeStyles('md') };

/** Mantine's `w={px}` on a field's root, in rem as Mantine writes it. */
export function rootWidth(px: number): CSSProperties {
  return { width: `calc(${px / 16}rem * var(--mantine-scale))` };
}

// Fingers on a tablet (issue 8 quality bar), as TOUCH_INPUT gives Mantine's inputs.
const INPUT_STYLE: CSSProperties = { minHeight: 44 };

/**
 * A text field that looks and behaves as Mantine's `<TextInput size="md">` with TOUCH_INPUT (the
 * same elements, classes and data attributes; or size sm, its default, with `size`) but is plain
 * React elements. Each Mantine input
 * is several components (props, theme, styles API, wrapper context, Box) and the Start section
 * alone has a dozen, rendered before the case screen's first frame on a throttled tablet (issue
 * 8 cold start; typing in a dialog's field re-rendered them all on every key). For fields
 * without sections or Mantine style props; use TextInput there.
 */
export function LightTextInput({
  label,
  id: ownId,
  value,
  onChange,
  disabled = false,
  placeholder,
  description,
  type,
  required = false,
  error,
  inputMode,
  autoFocusInDialog,
  size = 'md',
  width,
  list,
  autoComplete,
  invalid = false,
  describedBy: ownDescribedBy,
  inputStyle,
  onBlur,
  onKeyDown,
}: LightTextInputProps): ReactNode {
  const styles = SIZE_STYLES[size];
  const madeId = useId();
  const id = ownId ?? madeId;
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  // In Mantine's order (error, success, description), with its spacing.
  const describedBy = ownDescribedBy ?? (`${errorId ?? ''} ${''} ${descriptionId ?? ''}`.trim() || undefined);
  const marked = invalid || Boolean(error);
  const state = { ...(disabled ? { 'data-disabled': true } : {}), ...(marked ? { 'data-error': true } : {}) };
  const wrapperStyle = description
    ? error
      ? styles.describedErrorWrapper
      : styles.describedWrapper
    : error
      ? styles.errorWrapper
      : styles.wrapper;
  return (
    <div
      className={C.root}
      style={width == null ? undefined : rootWidth(width)}
      data-size={size}
      data-error={marked || undefined}
    >
      {label != null && (
        <LightInputLabel htmlFor={id} size={size} required={required}>
          {label}
        </LightInputLabel>
      )}
      {description && (
        <p className={C.description} style={styles.description} data-size={size} id={descriptionId}>
          {description}
        </p>
      )}
      <div className={C.wrapper} style={wrapperStyle} data-variant="default" data-size={size} {...state}>
        <input
          className={C.input}
          style={inputStyle ? { ...INPUT_STYLE, ...inputStyle } : INPUT_STYLE}
          data-variant="default"
          {...state}
          id={id}
          type={type}
          required={required || undefined}
          value={value}
          disabled={disabled}
          placeholder={placeholder}
          inputMode={inputMode}
          list={list}
          autoComplete={autoComplete}
          data-autofocus={autoFocusInDialog || undefined}
          aria-invalid={marked || undefined}
          aria-describedby={describedBy}
          onChange={onChange}
          onBlur={onBlur}
          onKeyDown={onKeyDown}
        />
      </div>
      {error && (
        <p className={C.error} style={styles.error} data-size={size} id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Mantine's input label (its TextInput's and NativeSelect's), md unless `size`, for the field
 * `htmlFor`; a required field's label ends with Mantine's asterisk (hidden from screen readers,
 * which hear the input's `required`).
 */
export function LightInputLabel({
  htmlFor,
  size = 'md',
  required = false,
  children,
}: {
  htmlFor: string;
  size?: LightInputSize;
  required?: boolean;
  children: string;
}): ReactNode {
  return (
    <label
      className={C.label}
      style={SIZE_STYLES[size].label}
      data-size={size}
      data-required={required || undefined}
      htmlFor={htmlFor}
      id={`${htmlFor}-label`}
    >
      {children}
      {required && (
        <span className={C.required} aria-hidden="true">
          {' *'}
        </span>
      )}
    </label>
  );
}
