import { patientFields, type Appointment, type Patient } from '@vigil/shared';
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { PatientComments } from '../../comments/index.js';
import { AppointmentForms } from '../../forms/index.js';
import { SectionFrame } from '../../../ui/SectionFrame.js';

export interface FormsSectionProps {
  orgId: string;
  /** The case's appointment and patient, once the device has them. */
  appointment: Appointment | null;
  patient: Patient | null;
}

/**
 * The case's forms and the patient's comments (issue 28; spec 000 §3 Appointment task, spec 001
 * §3 Communication): the consent and intake forms of this appointment with their status (attach,
 * send, remove, the signed contract's PDF), and the comments on the patient, new ones tied to this
 * case's appointment. Neither is part of the anesthesia record, so both stay open after it is
 * signed: a consent signed late or a comment on the visit still belongs to the patient.
 */
export function FormsSection({ orgId, appointment, patient }: FormsSectionProps): ReactNode {
  const fields = patient ? patientFields(patient) : null;
  return (
    <SectionFrame id="case-forms" title="Forms and comments">
      {appointment?.id && patient?.id ? (
        <>
          <AppointmentForms
            orgId={orgId}
            appointment={appointment}
            contact={{ email: fields?.email ?? null, mobile: fields?.mobile ?? null }}
          />
          <PatientComments orgId={orgId} patientId={patient.id} appointmentId={appointment.id} />
        </>
      ) : (
        <Text c="dimmed">The case’s appointment and patient are not on this device yet.</Text>
      )}
    </SectionFrame>
  );
}
