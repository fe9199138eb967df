import { Combobox, Input } from '@mantine/core';
import { useId, type ChangeEvent, type CSSProperties, type ReactNode } from 'react';
import { LightInputLabel, rootWidth, type LightInputSize } from './LightTextInput.js';

export interface LightNativeSelectProps {
  label: string;
  value: string;
  /** The choices: a string is its own value and label. */
  data: readonly (string | { value: string; label: string })[];
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  disabled?: boolean;
  /**
   * Mantine's size: md when left out (the vitals section), or sm (its default, the forms of the
   * case sections) with the select at least 44 px high for touch.
   */
  size?: LightInputSize;
  /** The field's width in px, as Mantine's `w`. */
  width?: number;
}

const C = Input.classes;
// The CSS variables Mantine's NativeSelect sets on its wrapper for a size.
const wrapperStyle = (size: LightInputSize): CSSProperties =>
  ({
    '--input-height': `var(--input-height-${size})`,
    '--input-fz': `var(--mantine-font-size-${size})`,
    '--input-right-section-pointer-events': 'none',
  }) as CSSProperties;
// Mantine types Combobox's class names as `any`.
const CHEVRON_CLASS = (Combobox.classes as Record<string, string>).chevron;
const chevronStyle = (size: LightInputSize): CSSProperties =>
  ({ '--combobox-chevron-size': `var(--combobox-chevron-size-${size})` }) as CSSProperties;
const STYLES = {
  md: { wrapper: wrapperStyle('md'), chevron: chevronStyle('md'), select: undefined },
  // Fingers on a tablet (issue 8 quality bar), as the case forms gave Mantine's selects.
  sm: { wrapper: wrapperStyle('sm'), chevron: chevronStyle('sm'), select: { minHeight: 44 } as CSSProperties },
};
// Mantine's ComboboxChevron (Radix's caret-sort icon).
const CHEVRON_PATH =
  'M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z';

/**
 * A select that looks and behaves as Mantine's `<NativeSelect size="md">` (or size sm with a 44 px
 * select and a width: `<NativeSelect w={width} styles={{ input: { minHeight: 44 } }}>`; the same elements,
 * classes and data attributes; LightNativeSelect.test.tsx compares them) but is plain React
 * elements: the vitals section renders six, with their options, before the case screen's first
 * frame (issue 8 cold start), and each Mantine one is a dozen components.
 */
export function LightNativeSelect({
  label,
  value,
  data,
  onChange,
  disabled = false,
  size = 'md',
  width,
}: LightNativeSelectProps): ReactNode {
  const id = useId();
  const state = disabled ? { 'data-disabled': true } : {};
  const styles = STYLES[size];
  return (
    <div className={C.root} style={width == null ? undefined : rootWidth(width)} data-size={size}>
      <LightInputLabel htmlFor={id} size={size}>
        {label}
      </LightInputLabel>
      <div
        className={C.wrapper}
        style={styles.wrapper}
        data-variant="default"
        data-size={size}
        data-pointer="true"
        data-with-right-section="true"
        {...state}
      >
        <select
          className={C.input}
          style={styles.select}
          data-variant="default"
          {...state}
          id={id}
          value={value}
          disabled={disabled}
          onChange={onChange}
        >
          {data.map((o) =>
            typeof o === 'string' ? (
              <option key={o} value={o}>
                {o}
              </option>
            ) : (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ),
          )}
        </select>
        <div className={C.section} data-position="right">
          <svg
            className={CHEVRON_CLASS}
            style={styles.chevron}
            data-size={size}
            data-combobox-chevron="true"
            viewBox="0 0 15 15"
            fill="none"
            xmlns="http://www.w3.org/2000/svg"
          >
            <path d={CHEVRON_PATH} fill="currentColor" fillRule="evenodd" clipRule="evenodd" />
          </svg>
        </div>
      </div>
    </div>
  );
}
