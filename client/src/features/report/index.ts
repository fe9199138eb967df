/** The report feature's surface for other features (issue 36 item 6): they import it only through this file. */
export { AdminReportsPage } from './AdminReportsPage.js';
export { ReportReviewPage } from './ReportReviewPage.js';
export { ReportReviewViewPage } from './ReportReviewViewPage.js';
export { UnsignedReportsPage } from './UnsignedReportsPage.js';
export { FinalizeSection } from './FinalizeSection.js';
