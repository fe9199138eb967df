import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { TOUCH_SEGMENTS } from './touch.js';

export interface LabelledSegmentsProps {
  label: string;
  value: string;
  data: { value: string; label: string; disabled?: boolean }[];
  onChange: (value: string) => void;
  disabled?: boolean;
  fullWidth?: boolean;
}

/** A segmented control (a radio group) with a visible label, 44 px choices. */
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
    <Stack gap={4}>
      <Text id={id} size="sm" fw={500}>
        {label}
      </Text>
      <SegmentedControl
        aria-labelledby={id}
        {...TOUCH_SEGMENTS}
        fullWidth={fullWidth}
        value={value}
        disabled={disabled}
        data={data}
        onChange={onChange}
      />
    </Stack>
  );
}
