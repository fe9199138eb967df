import { SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';
import { LightTextInput } from './kit/LightTextInput.js';

/** The three fields of an appointment's time. */
export type AppointmentTimeField = 'date' | 'startTime' | 'endTime';

export interface AppointmentTimesFieldsProps {
  /** `YYYY-MM-DD` and `HH:MM` (24 h), as the device's local day and clock. */
  values: Readonly<Record<AppointmentTimeField, string>>;
  onText: (field: AppointmentTimeField) => (e: { currentTarget: { value: string } }) => void;
  /** The field's error, or undefined. */
  error: (field: AppointmentTimeField) => string | undefined;
  /** Shown under End (the reschedule form's "Duration: 1 h 30 min"). */
  endDescription?: string | undefined;
}

/**
 * An appointment's day, start and end (issue 40): the one set of fields the new case form and
 * the calendar's change dialog both use.
 */
export function AppointmentTimesFields({
  values,
  onText,
  error,
  endDescription,
}: AppointmentTimesFieldsProps): ReactNode {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <LightTextInput
        size="sm"
        label="Date"
        type="date"
        required
        value={values.date}
        onChange={onText('date')}
        error={error('date')}
      />
      <LightTextInput
        size="sm"
        label="Start"
        type="time"
        required
        value={values.startTime}
        onChange={onText('startTime')}
        error={error('startTime')}
      />
      <LightTextInput
        size="sm"
        label="End"
        type="time"
        required
        value={values.endTime}
        onChange={onText('endTime')}
        error={error('endTime')}
        description={endDescription}
      />
    </SimpleGrid>
  );
}
