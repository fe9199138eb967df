/** The forms feature's surface for other features (issue 36 item 6): they import it only through this file. */
export { AppointmentForms, type AppointmentFormsProps } from './AppointmentForms.js';
export { FormEditorPage } from './FormEditorPage.js';
export { FormsPage } from './FormsPage.js';
export { PatientContracts } from './PatientContracts.js';
export { contractPdfUrl } from './tasks.js';
