export { LegalAcceptanceGate } from './LegalAcceptanceGate.js';
export { LegalDocumentPage } from './LegalDocumentPage.js';
