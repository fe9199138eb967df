/** The analytics feature's surface for other features and the route table (issue 41): only this file. */
export { AnalyticsPage } from './AnalyticsPage.js';
