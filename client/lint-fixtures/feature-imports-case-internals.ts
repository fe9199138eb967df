// Linted as client/src/features/<area>/…: a feature taking the Yjs document out of the case API's handle.
import { yDocOf } from '../../case/caseDoc.js';

export const unwrap = yDocOf;
