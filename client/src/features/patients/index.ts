/** The patients feature's surface for other features (issue 36 item 6): they import it only through this file. */
export { PatientForm } from './PatientForm.js';
export { PatientPage } from './PatientPage.js';
export { PatientsPage, birthDateText } from './PatientsPage.js';
