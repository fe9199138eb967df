import { Alert, List } from '@mantine/core';
import type { AppointmentConflict } from '@vigil/shared';
import type { ReactNode } from 'react';

export interface DoubleBookingWarningProps {
  conflicts: readonly AppointmentConflict[];
  /** How another appointment is named ("Ana Lopez, 9:00 AM – 10:00 AM"). */
  describe: (appointmentId: string) => string;
  /** "Saved, but double-booked" after a move; "Double-booked" while a new case is being filled in. */
  title: string;
}

/** The double bookings of an appointment ([APC6]): shown, never blocking (issue 40). */
export function DoubleBookingWarning({ conflicts, describe, title }: DoubleBookingWarningProps): ReactNode {
  return (
    <Alert color="yellow" role="status" title={title} data-testid="double-booking">
      <List size="sm">
        {conflicts.map((c) => (
          <List.Item key={`${c.appointmentId}-${c.kind}`}>
            {c.kind === 'provider' ? 'The same provider' : 'The same room'} is booked for {describe(c.appointmentId)}.
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
