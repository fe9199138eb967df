/** The calendar feature's surface for other features (issue 36 item 6): they import it only through this file. */
export { CalendarPage } from './CalendarPage.js';
export {
  ChangeAppointmentDialog,
  providerOptionsOf,
  type ChangeAppointmentDialogProps,
} from './ChangeAppointmentDialog.js';
export { DayPopupFrame, MonthGrid, MonthNav, type MonthGridItem } from './MonthGrid.js';
export { OfficesCalendar, type OfficesCalendarProps } from './OfficesCalendar.js';
