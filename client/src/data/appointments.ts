import { APPOINTMENT_EXTENSIONS, extensionsOf, referenceId, type Appointment, type Reference } from '@vigil/shared';

/** The signed report's PDF id from the Appointment (spec 001 §3 pdfId), or null. */
export function appointmentPdfId(appointment: Appointment | null | undefined): string | null {
  if (!appointment) return null;
  const ref = extensionsOf(appointment, APPOINTMENT_EXTENSIONS.pdf)[0]?.valueReference as Reference | undefined;
  return referenceId(ref, 'Binary');
}
