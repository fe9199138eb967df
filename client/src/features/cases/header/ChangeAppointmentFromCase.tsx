import { Button, Group } from '@mantine/core';
import type { Appointment } from '@vigil/shared';
import { useState, type ReactNode } from 'react';
import { useViewLookups } from '../../../data/calendar.js';
import { appointmentView } from '../../../ui/appointmentView.js';
import { placeOptions } from '../../../ui/places.js';
import { ChangeAppointmentDialog, providerOptionsOf } from '../../calendar/index.js';

export interface ChangeAppointmentFromCaseProps {
  orgId: string;
  appointment: Appointment | null | undefined;
  /** The case has started, or this device may not change it: the appointment stays as it is. */
  locked: boolean;
}

/** The dialog with the office's names read (only once it is opened: the case screen does not need them otherwise). */
function Dialog({
  orgId,
  appointment,
  onClose,
}: {
  orgId: string;
  appointment: Appointment & { id: string };
  onClose: () => void;
}): ReactNode {
  const lookups = useViewLookups(orgId);
  return (
    <ChangeAppointmentDialog
      orgId={orgId}
      view={appointmentView(appointment, lookups, Date.now())}
      providerOptions={providerOptionsOf(lookups.practitioners)}
      placeOptions={placeOptions(lookups.locations)}
      describe={() => 'another appointment'}
      onClose={onClose}
    />
  );
}

/**
 * 'Change appointment' on the case screen (issue 40: "a form everywhere"): the calendar's dialog
 * for a case not started yet, so the provider who opened it can move, cancel or mark the
 * appointment without going back to the calendar. Once the case starts the button goes (the
 * server refuses a started case's appointment anyway, APC1).
 */
export function ChangeAppointmentFromCase({ orgId, appointment, locked }: ChangeAppointmentFromCaseProps): ReactNode {
  const [open, setOpen] = useState(false);
  if (locked || !appointment?.id) return null;
  return (
    <Group justify="flex-end">
      <Button variant="default" mih={44} onClick={() => setOpen(true)}>
        Change appointment
      </Button>
      {open && (
        <Dialog orgId={orgId} appointment={{ ...appointment, id: appointment.id }} onClose={() => setOpen(false)} />
      )}
    </Group>
  );
}
