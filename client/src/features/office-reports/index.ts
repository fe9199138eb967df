/** The office reports feature's surface for the route table (issue 41): only this file. */
export { ReportsPage } from './ReportsPage.js';
