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
 * A segmented control with a visible label and 44 px choices: a native radio group (arrow keys
 * move between choices, each radio is named by its text). Drawn with plain elements rather than
 * Mantine's SegmentedControl, whose sliding indicator measures the page as it mounts (a forced
 * layout while a case opens) and which is several components per choice; the Start and
 * Discharge sections have a dozen of these (issue 8 "Stays fast on a long case").
 */
export function LabelledSegments({
  label,
  value,
  data,
  onChange,
  disabled,
  fullWidth,
}: LabelledSegmentsProps): ReactNode {
  const id = useId();
  return (
    <div>
      <div id={id} className={classes.label}>
        {label}
      </div>
      <div role="radiogroup" aria-labelledby={id} className={classes.group} data-full-width={fullWidth || undefined}>
        {data.map((d) => (
          <label key={d.value} className={classes.segment}>
            <input
              type="radio"
              className={classes.input}
              name={id}
              value={d.value}
              checked={d.value === value}
              disabled={disabled || d.disabled}
              onChange={() => onChange(d.value)}
            />
            {d.label}
          </label>
        ))}
      </div>
    </div>
  );
}
