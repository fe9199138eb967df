import { useId, type ReactNode } from 'react';
import classes from './LabelledSegments.module.css';

export interface LabelledSegmentsProps {
  label: string;
  value: string;
  data: { value: string; label: string; disabled?: boolean }[];
  onChange: (value: string) => void;
  disabled?: boolean;
  fullWidth?: boolean;
}

/**
 * The group is named either by an element on screen (`labelledBy`, its id) or, when none names
 * it, by `ariaLabel`: one of the two, so no radio group goes unnamed.
 */
export type SegmentsProps = Omit<LabelledSegmentsProps, 'label'> &
  ({ labelledBy: string; ariaLabel?: never } | { ariaLabel: string; labelledBy?: never });

/**
 * Segmented choices with 44 px targets: a native radio group (arrow keys move between choices,
 * each radio is named by its text). Drawn with plain elements rather than Mantine's
 * SegmentedControl, whose sliding indicator measures the page as it mounts (a forced layout
 * while a case opens) and which is several components per choice; the case screen has a dozen
 * of these (issue 8 "Stays fast on a long case").
 */
export function Segments({
  labelledBy,
  ariaLabel,
  value,
  data,
  onChange,
  disabled,
  fullWidth,
}: SegmentsProps): ReactNode {
  const name = useId();
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelledBy}
      aria-label={ariaLabel}
      className={classes.group}
      data-full-width={fullWidth || undefined}
    >
      {data.map((d) => (
        <label key={d.value} className={classes.segment}>
          <input
            type="radio"
            className={classes.input}
            name={name}
            value={d.value}
            checked={d.value === value}
            disabled={disabled || d.disabled}
            onChange={() => onChange(d.value)}
          />
          {d.label}
        </label>
      ))}
    </div>
  );
}

/** Segmented choices with a visible label above them. */
export function LabelledSegments({ label, ...segments }: LabelledSegmentsProps): ReactNode {
  const id = useId();
  return (
    <div>
      <div id={id} className={classes.label}>
        {label}
      </div>
      <Segments labelledBy={id} {...segments} />
    </div>
  );
}
