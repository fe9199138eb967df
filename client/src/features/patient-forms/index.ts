/** The patient-forms feature's surface for other features (issue 36 item 6): they import it only through this file. */
export { FormView } from './FormView.js';
export { EMPTY_ANSWERS, type FieldAnswers } from './answers.js';
