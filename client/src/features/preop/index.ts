/** The pre-op list feature's surface for the org app's routes (issue 40): imported only through this file. */
export { PreopListPage } from './PreopListPage.js';
export { PreopSettingsSection } from './PreopSettingsSection.js';
