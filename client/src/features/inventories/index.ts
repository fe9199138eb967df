/** The inventories feature's surface for other features (issue 36 item 6): they import it only through this file. */
export { CaseLedgerProvider, useCaseLedgerLines } from './CaseLedgerContext.js';
export { InventoriesPage } from './InventoriesPage.js';
export { InventoryPage } from './InventoryPage.js';
export { LedgerLogPage } from './LedgerLogPage.js';
export { CASE_LEDGER_SECTION_ID, CaseLedgerSection } from './CaseLedgerSection.js';
