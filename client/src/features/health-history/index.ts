/** The health-history feature's surface for other features (issue 36 item 6): they import it only through this file. */
export { HealthHistoriesPage } from './HealthHistoriesPage.js';
export { PatientHealthHistory } from './HealthHistorySummary.js';
