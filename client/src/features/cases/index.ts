/** The cases feature's surface for other features (issue 36 item 6): they import it only through this file. */
export { CasePage } from './CasePage.js';
export { CasesPage } from './CasesPage.js';
export { NewCasePage, useSedationLevelLimit } from './NewCasePage.js';
export { type CaseSectionProps, type PluggedCaseSection } from './caseSection.js';
export { useCaseAppointment, type CaseAppointment } from './header/useCaseAppointment.js';
export { flagSection, jumpToSection } from './signoff/signoffTargets.js';
export { ASA_OPTIONS } from './start/startCase.js';
export { MANUAL_VITAL_FIELDS, ManualVitalsDialog } from './vitals/ManualVitals.js';
export { variantLabel } from './local-anesthetics/localAnesthetics.js';
export { TourPage, TOUR_PATIENT } from './tour/TourPage.js';
