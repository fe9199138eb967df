/** The calendar feature's surface for other features (issue 36 item 6): they import it only through this file. */
export { AppointmentItem } from './AppointmentItem.js';
export { CalendarPage } from './CalendarPage.js';
export { appointmentView, byId, statusBadge, timeRangeText, type AppointmentView } from './appointmentView.js';
export { useAppointmentsBetween, useSignedCases, useViewLookups } from './hooks.js';
