/** The office drug list feature's surface for other features (issue 39): they import it only through this file. */
export { CustomizeDrugsPage } from './CustomizeDrugsPage.js';
