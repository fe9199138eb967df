/** The presets feature's surface for other features (issue 39): they import it only through this file. */
export { CASE_PRESETS_SECTION_ID, CasePresetsSection } from './CasePresetsSection.js';
export { ProviderCasePresetsPage } from './ProviderCasePresetsPage.js';
export { PresetMigrationPage } from './PresetMigrationPage.js';
