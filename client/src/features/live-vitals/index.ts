/** The live vitals feature's surface for other features (issue 38, 41): they import it only through this file. */
export { LiveVitalsPage } from './LiveVitalsPage.js';
export { ParentLivePage } from './ParentLivePage.js';
export { receivingCases, useOrgLiveCases, useSecondClock, type LiveCases } from './useLiveCases.js';
export { TeamLivePage } from './TeamLivePage.js';
